# expect: 6:9: 'fairy' is an enemy: start it with 'spawn fairy at (x, y)'
enemy fairy {
    fire orb
}
pattern p {
    run fairy
}
