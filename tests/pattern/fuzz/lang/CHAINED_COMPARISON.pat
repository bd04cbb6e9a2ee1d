# expect: 3:16: comparisons do not chain
pattern p {
    if 1 < 2 < 3 { wait 1 }
}
