# expect: 3:10: unterminated string
boss b {
    name "Moon
    phase { wait 1 }
}
