# expect: 3:5: unknown statement 'wiat' (did you mean 'wait'?)
pattern p {
    wiat 2
}
