# expect: 3:10: unknown look 'dron' (did you mean 'drone'?)
enemy e {
    look dron
    wait 10
}
