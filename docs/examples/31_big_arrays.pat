# docs/examples/31_big_arrays.pat
const steps = 360

function wave(amp)[steps] {             # returns an array of 360 values
    var w[steps]                        # over 32 values: in the array area
    repeat steps as k {
        w[k] = amp * sin(k * 3)
    }
    return w
}

function at_step(ws[], t) {             # a big array passed by reference
    return ws[t % steps]
}

pattern tidal_rings {
    var sway = wave(40)                 # a new array of 360: wave's values
    var trail[steps]                    # 360 zeros
    loop as t {
        trail[t % steps] = sway[t * 7 % steps]
        var echo = trail[(t + 300) % steps]    # written 60 rounds ago
        fire orb blue ring 12 at t * 5 + at_step(sway, t) speed 1.5 + echo / 80
        wait 6
    }
}
