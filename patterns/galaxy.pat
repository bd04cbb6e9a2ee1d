# Galaxy: five arms whose bullets curve hard at first and straighten out,
# wrapping the arms into a spiral galaxy.
pattern galaxy {
    var a = 0
    loop {
        fire orb_small white ring 5 at a speed 2.4 spin 2.5 {
            wait 20
            spin 1
            wait 20
            spin 0
        }
        fire orb_small blue ring 5 at a + 36 speed 2.4 spin 2.5 {
            wait 20
            spin 1
            wait 20
            spin 0
        }
        a += 3
        wait 4
    }
}
