# Spiral: three to six arms of rice turning together, one bullet per arm every
# two frames. More arms on harder difficulties.
pattern spiral {
    var angle = 0
    loop {
        fire rice cyan ring level(3, 4, 5, 6) at angle speed 2.5
        angle += 7
        wait 2
    }
}
