# expect: 5:1: 'p' is already defined, as a pattern at
pattern p {
    wait 1
}
pattern p {
    wait 2
}
