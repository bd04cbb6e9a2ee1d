# Rotating arms: six arrow arms sweep one way and back while a mirrored set
# sweeps the other way, weaving a net.
pattern rotating_arms {
    loop as t {
        var a = sin(t * 2) * 60
        fire arrow yellow ring 6 at a speed 3
        fire arrow yellow ring 6 at -a speed 3
        wait 3
    }
}
