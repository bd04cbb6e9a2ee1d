# docs/examples/28_long_laser.pat
pattern serpents {
    loop as t {
        laser curvy green ring 3 at t * 23 speed 2.5 spin 0.8 length 200 width 10 {
            wait 40
            turn by -150 over 90 smooth         # the long body follows every bend
        }
        wait 150
    }
}
