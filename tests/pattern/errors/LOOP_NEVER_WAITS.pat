# expect: 3:5: this loop never waits or stops
pattern p {
    loop {
        fire orb
    }
}
