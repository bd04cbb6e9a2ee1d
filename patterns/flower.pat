# Flower: a purple ring and a red ring curling opposite ways draw petals; the curl stops
# after a while so the petals open outward.
pattern flower {
    var a = 0
    loop {
        fire orb purple ring 10 at a speed 2 spin 1.6 {
            wait 45
            spin 0
        }
        fire orb red ring 10 at a speed 2 spin -1.6 {
            wait 45
            spin 0
        }
        a += 7
        wait 14
    }
}
