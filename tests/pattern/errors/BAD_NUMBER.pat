# expect: 3:12: unexpected character after a number
pattern p {
    wait 12abc
}
