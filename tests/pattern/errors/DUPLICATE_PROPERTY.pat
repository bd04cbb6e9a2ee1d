# expect: 3:19: 'time' is given twice
boss b {
    phase time 10 time 20 { wait 1 }
}
