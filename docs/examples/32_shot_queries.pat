# docs/examples/32_shot_queries.pat
pattern skittish_ring {
    loop as t {
        fire orb cyan ring 10 at t * 9 speed 1.2 {
            loop {
                for s in shots near x y radius 24 {     # a player's shot close by...
                    turn to s.heading + 90 over 6       # ...and the orb dodges aside
                    speed 2.5
                    break
                }
                wait 2
            }
        }
        for s in shots near x y + 40 radius 40 {      # shots at the firer's feet
            s.vanish                                  # are eaten: they hurt nothing
            fire star yellow at s.heading + 180 speed 3
        }
        wait 12
    }
}
