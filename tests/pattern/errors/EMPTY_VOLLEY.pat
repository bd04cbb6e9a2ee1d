# expect: 3:14: 'ring' of 0 bullets fires nothing
pattern p {
    fire orb ring 0
}
