# expect: 4:10: '=' assigns; to compare, write '=='
pattern p {
    var x = 0
    if x = 1 { wait 1 }
}
