# expect: 3:21: a volley is a ring, an arc or a spread: 'ring' and 'arc' cannot go together
pattern p {
    fire orb ring 3 arc 2 over 30
}
