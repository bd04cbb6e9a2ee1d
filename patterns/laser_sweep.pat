# Laser sweep: four beams warn for a second, open, then turn a quarter circle
# while rings of orbs fill the gaps; the next four start where they stopped.
pattern laser_sweep {
    loop as t {
        var side = t % 2 * 2 - 1
        laser red ring 4 at t * 45 + 20 length 520 width 14 warn 60 life 100 {
            wait 66
            turn by side * 90 over 90
        }
        repeat 5 as k {
            fire orb blue ring 18 at k * 7 speed 1.6
            wait 34
        }
    }
}
