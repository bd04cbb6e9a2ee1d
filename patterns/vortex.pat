# Vortex: bullets appear on a wide circle and swirl in toward the centre and out
# the other side.
pattern vortex {
    var a = 0
    loop {
        fire orb blue ring 6 at a radius 150 speed 0 {
            turn by 110
            speed 1.5 over 30
        }
        a += 13
        wait 6
    }
}
