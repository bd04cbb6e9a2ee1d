# expect: 4:16: unknown backdrop 'lakee' (did you mean 'lake'?)
stage s {
    wait 10
    background lakee
    wait 10
}
