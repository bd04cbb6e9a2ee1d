# docs/examples/06_aim.pat
pattern aimed {
    loop {
        repeat 5 {
            fire kunai red aim speed 4
            wait 4
        }
        fire kunai orange at aim + 20 speed 3
        fire kunai orange at aim - 20 speed 3
        wait 40
    }
}
