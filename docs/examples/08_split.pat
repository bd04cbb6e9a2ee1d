# docs/examples/08_split.pat
pattern splitter {
    loop {
        fire orb_large red aim speed 3 {
            wait 40
            fire orb_small red ring 10 speed 2
            vanish
        }
        wait 30
    }
}
