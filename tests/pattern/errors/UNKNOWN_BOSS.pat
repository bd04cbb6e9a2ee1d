# expect: 6:10: unknown boss 'mon' (did you mean 'moon'?)
boss moon {
    phase { wait 1 }
}
stage s {
    boss mon
}
