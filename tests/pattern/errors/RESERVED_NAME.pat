# expect: 3:9: 'loop' is a reserved word and cannot name a variable
pattern p {
    var loop = 1
}
