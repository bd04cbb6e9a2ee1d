# expect: 5:1: unexpected '}' (one too many?)
pattern p {
    wait 1
}
}
