# expect: 4:5: 'return' gives a function's value; a pattern ends with 'stop'
pattern p {
    fire orb
    return 1
}
