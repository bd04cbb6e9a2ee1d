# expect: 3:12: unexpected character '@'
pattern p {
    wait 1 @ 2
}
