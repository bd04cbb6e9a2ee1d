# docs/examples/11_difficulty.pat
pattern by_difficulty {
    loop {
        fire orb blue ring level(8, 12, 18, 24) speed 1.5 + rank
        wait level(40, 30, 24, 18)
    }
}
