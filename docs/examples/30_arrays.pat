# docs/examples/30_arrays.pat
pattern fan_and_chord {
    var speeds = [1.5, 2, 2.5, 3]
    loop as t {
        for s in speeds {                            # each value in turn, from the first
            fire orb cyan ring 8 at t * 5 speed s
        }
        fire rice orange arc 5 over 60 aim speed 1 as fan
        wait 20
        fan[2].speed 4                               # the middle one darts ahead
        fan[0].turn by -20 over 20
        fan[4].turn by 20 over 20
        if fan[2].alive and fan[2].y > y {
            fire star yellow at fan[2].heading speed 2
        }
        var held = [fan[0], fan[4]]                  # an array of handles
        for h in held {
            h.look rice red
        }
        wait 40
    }
}
