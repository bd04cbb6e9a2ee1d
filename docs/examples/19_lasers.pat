# docs/examples/19_lasers.pat
pattern beams {
    loop as t {
        laser red ring 3 at t * 40 length 400 width 12 warn 60 life 90 spin 0.5
        laser cyan aim length 300 width 6 warn 30 life 20 follow
        wait 150
    }
}
