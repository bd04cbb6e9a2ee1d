# expect: 3:15: unexpected character after a number
pattern p {
    wait 12abc
}
