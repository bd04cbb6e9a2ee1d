# docs/examples/18_shared.pat
shared rings_fired = 0          # one value for every script, from the start of a run

pattern counter {
    loop {
        fire orb red ring 8 + rings_fired % 4 * 2 speed 1.5 {
            wait 40
            speed 1.5 + rings_fired * 0.05   # read when the bullet gets here, not when fired
        }
        rings_fired += 1
        wait 25
    }
}
