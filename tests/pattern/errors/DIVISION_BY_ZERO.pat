# expect: 3:12: division by zero
pattern p {
    wait 1 / 0
}
