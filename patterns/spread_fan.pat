# Spread fan: aimed fans that widen with every shot, then a pause.
pattern spread_fan {
    loop {
        repeat 6 as i {
            fire kunai blue spread 3 + i * 2 by 7 aim speed 3.5
            wait 6
        }
        wait 45
    }
}
