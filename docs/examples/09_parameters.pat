# docs/examples/09_parameters.pat
pattern burst(count = 12, spin_by = 0) {
    fire orb yellow ring count at spin_by speed 2
}

pattern bursts {
    loop as i {
        run burst(8, i * 10)
        wait 20
        run burst(spin_by: 5, count: 16)
        wait 20
    }
}
