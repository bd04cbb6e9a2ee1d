# Star bloom: a ring of stars flies out and stops; then every star sets off
# again at a speed that depends on its direction, so the ring reopens as a
# five-pointed star. Each star is turned half a point from the last.
pattern star_bloom {
    var a = 0
    loop {
        fire star yellow ring 60 at a speed 3 {
            speed 0 over 25
            wait 30
            speed 0.5 + abs(cos((heading - a) * 2.5)) * 2 over 20
        }
        a += 36
        wait 75
    }
}
