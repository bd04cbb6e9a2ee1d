# docs/examples/13_enemy.pat
enemy fairy(side = 1) {
    look wisp
    health 12
    score 300
    drops power 1 point 2
    move to (192 + side * 90, 110) over 50
    wait 50
    repeat 3 {
        fire rice red spread 3 by 15 aim speed 3
        wait 20
    }
    move by (side * 200, -40) over 90 in
}
