# expect: 3:10: log() has no result here: the logarithm of 0 or less
pattern p {
    wait log(1 - 1)
}
