# expect: 3:9: variable 'a' is never used
pattern p {
    var a = 1
    wait 1
}
