# Double helix: two spirals turning opposite ways, red and blue, braiding into a
# lattice as they spread.
pattern double_helix {
    var a = 0
    loop {
        fire orb_small red ring 4 at a speed 2.2
        fire orb_small blue ring 4 at -a speed 2.2
        a += 9
        wait 3
    }
}
