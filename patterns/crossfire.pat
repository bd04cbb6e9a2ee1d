# Crossfire: two guns either side of the emitter sweep their stacked streams
# across each other.
pattern crossfire {
    loop {
        var sweep = sin(time * 3) * 28
        fire kunai orange from (-150, 0) at 150 + sweep speed 3 stack 3 by 0.5
        fire kunai orange from (150, 0) at 210 - sweep speed 3 stack 3 by 0.5
        wait 4
    }
}
