# Slow and re-aim: a ring of amulets races out, stops dead, turns to face the
# player and comes in again.
pattern slow_reaim {
    var a = 0
    loop {
        fire amulet white ring 20 at a speed 4 {
            speed 0 over 30
            wait 40
            turn to aim
            speed 4 over 30
        }
        a += 9
        wait 50
    }
}
