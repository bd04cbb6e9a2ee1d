# expect: 3:17: 'time' is given twice
boss b {
    phase time 10 time 20 { wait 1 }
}
