# docs/examples/12_motion.pat
pattern motion {
    loop {
        fire orb purple ring 6 speed 2 spin 1.5             # curving
        fire rice green at down speed 0.5 accel 0.05        # speeding up
        fire star yellow at up + rand(-30, 30) speed 3 {    # thrown up, falling
            velocity (0, 3) over 90
        }
        fire orb_small white ring 12 radius 40 speed 1 life 120   # from a circle, short-lived
        wait 30
    }
}
