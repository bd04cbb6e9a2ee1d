# docs/examples/05_volleys.pat
pattern volleys {
    loop {
        fire orb blue ring 16 speed 2          # 16 bullets all around
        wait 30
        fire kunai red arc 5 over 60 speed 3   # 5 bullets across 60 degrees
        wait 30
        fire kunai orange spread 3 by 10 speed 3 stack 4 by 0.5   # 3 x 4 bullets
        wait 30
    }
}
