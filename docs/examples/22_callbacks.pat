# docs/examples/22_callbacks.pat
pattern bursting_orbs {
    loop as t {
        fire orb_large purple ring 6 at t * 9 speed 1.5 life 80 {
            var turned = 0
            on vanish {                      # its life is over: a burst where it was
                fire star yellow ring 5 + turned speed 2
            }
            on cancel {                      # a bomb or a 'clear': a few short-lived sparks
                fire orb_small white ring 4 speed 1 life 15
            }
            on graze {                       # grazed: it hurries on, then splits
                speed 3
                wait 20
                fire rice red spread 2 by 30 aim speed 2.5
            }
            wait 40
            turn by 30 over 20
            turned = 3
        }
        wait 60
        if t % 4 == 3 { clear }
    }
}
