# Ring burst: rings in two speed layers, each ring turned half a gap from
# the last so they never line up.
pattern ring_burst {
    var half = 0
    loop {
        fire orb blue ring level(12, 16, 20, 24) at half speed 1.6 stack 2 by 0.7
        half = 11.25 - half
        wait 22
    }
}
