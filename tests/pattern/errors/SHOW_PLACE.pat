# expect: 4:9: 'effect' is shown when its block reaches its next 'wait': put one after it
enemy e {
    repeat 3 {
        effect orb_large yellow grow 3 fade 20 additive
        fire orb
    }
    wait 10
}
