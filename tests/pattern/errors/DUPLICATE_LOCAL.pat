# expect: 4:9: 'a' is already a variable in this block (line 3)
pattern p {
    var a = 1
    var a = 2
    fire at a
}
