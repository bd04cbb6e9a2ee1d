# docs/examples/17_arrays.pat
pattern chord {
    var speeds = [1.2, 1.8, 2.4, 3]      # four values, given
    var fired[4]                         # four zeros
    loop as t {
        var k = t % 4
        fire orb orange ring 10 at t * 7 speed speeds[k]
        fired[k] += 1
        if fired[k] == 3 {               # every third ring of a speed: a faster one
            speeds[k] += 0.3
            fired[k] = 0
        }
        wait 12
    }
}
