# expect: 3:5: 'on graze' belongs in a bullet's script: fire ... { on graze { ... } }
pattern p {
    on graze {
        fire orb ring 4
    }
    wait 1
}
