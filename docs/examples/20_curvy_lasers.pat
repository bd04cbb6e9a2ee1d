# docs/examples/20_curvy_lasers.pat
pattern snakes {
    loop {
        laser curvy green arc 4 over 90 aim speed 3 length 36 width 10 {
            wait 30
            turn to aim over 20
        }
        laser curvy purple ring 6 speed 2 spin 1.5 length 24 width 8 life 120
        wait 90
    }
}
