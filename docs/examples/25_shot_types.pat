# docs/examples/25_shot_types.pat
ship kestrel {
    name "Kestrel"
    about "A small falcon of the dunes."
    speed 4.2
    interval 5
    option 2 (-20, 8) focused (-10, -6)
    option 2 (20, 8) focused (10, -6)
    bomb {
        cutin "Falcon Sign: Dust Devil" orange over 110
        flash yellow over 20 alpha 0.4
    }

    type spread {                                   # the first type: what replays without one fly
        name "Sand Spread"
        about "Five streams fanned wide; two straight ahead focused."
        shot 1 {
            damage 2
            repeat 5 as k {
                fire rice orange at (k - 2) * 10 speed 13 from (0, -10)
            }
        }
        shot 1 focused {
            damage 3
            fire rice yellow at 0 speed 14 from (-4, -10)
            fire rice yellow at 0 speed 14 from (4, -10)
        }
    }

    type talon {
        name "Talon Dive"
        about "Slower, heavier shots that turn to the nearest enemy."
        speed 3.8                                   # numbers of its own over the ship's
        interval 8
        option 2 (-14, -4) focused (-8, -12)        # options of its own replace the ship's
        option 2 (14, -4) focused (8, -12)
        shot 1 {
            damage 4
            fire arrow red at 330 speed 8 from (-6, -6) {
                repeat 20 {
                    turn to aim over 8
                    wait 4
                }
            }
            fire arrow red at 30 speed 8 from (6, -6) {
                repeat 20 {
                    turn to aim over 8
                    wait 4
                }
            }
        }
        bomb {                                      # a bomb of its own
            damage 3
            pierce 1
            fire arrow red ring 16 speed 3 accel 0.1
        }
    }
}

enemy dune_target {
    health 40
    move by (0, 120) over 60
    loop {
        fire orb_small aim speed 2
        wait 30
    }
}

stage dune_practice {
    repeat 3 as i {
        spawn dune_target at (96 + i * 96, -20)
        wait 30
    }
    wait until enemies == 0
}
