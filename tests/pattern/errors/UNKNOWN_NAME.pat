# expect: 4:13: unknown name 'angel' (did you mean 'angle'?)
pattern p {
    var angle = 0
    fire at angel
    angle += 1
}
