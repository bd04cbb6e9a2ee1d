# expect: 3:14: comparisons do not chain
pattern p {
    if 1 < 2 < 3 { wait 1 }
}
