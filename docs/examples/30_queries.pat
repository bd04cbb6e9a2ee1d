# docs/examples/30_queries.pat
pattern shield_and_sweep {
    loop as t {
        fire orb blue ring 16 at t * 11 speed 1.2
        fire rice white spread 3 by 12 aim speed 3
        wait 10
        for b in bullets near x y + 90 radius 40 {   # what drifts into the shield...
            b.turn to aim over 15                    # ...turns on the player
            b.speed 2.5
        }
        if t % 6 == 5 {
            for b in bullets near (192, 400) radius 70 {
                b.vanish                             # a hole swept in the curtain
            }
        }
    }
}
