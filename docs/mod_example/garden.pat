# docs/mod_example/garden.pat: a second stage, added beside stage 1.
enemy petal(side) {
    look wisp
    health 8
    score 200
    drops power 1
    move to (192 + side * 110, 120) over 50 out
    repeat 3 {
        fire rice purple spread 5 by 12 aim speed 2 + rank
        wait 30
    }
    move by (side * 300, -60) over 90 in
}

boss gardener {
    name "The Gardener"
    look crystal
    phase time 20s health 500 {
        move to (192, 100) over 50
        loop as i {
            fire orb green ring 16 at i * 9 speed 1.8
            wait 24
        }
    }
}

stage garden {
    title "Stage 2" "The Night Garden"
    wait 2s
    repeat 5 as i {
        spawn petal(1 - i % 2 * 2) at (96 + i * 48, -20)
        wait 40
    }
    wait until enemies == 0 or time > 20s
    boss gardener
    wait 2s
}
