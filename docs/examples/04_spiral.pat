# docs/examples/04_spiral.pat
pattern spiral {
    var angle = 0
    loop {
        fire rice cyan at angle speed 2.5
        angle += 11
        wait 2
    }
}
