# expect: 4:1: unexpected '}' (one too many?)
pattern p {
    wait 1
}
}
