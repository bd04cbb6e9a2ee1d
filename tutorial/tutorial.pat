# The tutorial's field (How to Play, from the title menu): a lantern keeper at
# the top that cannot be beaten, sending slow aimed streams to graze, bomb and be
# hit by, and lanterns crossing below it that leave items when shot.
#
# This file is not part of the game's patterns: the tutorial loads it on its
# own, so it never changes the stage or the replays of the game.

# Slow aimed streams of three, a pause between them.
enemy tutor {
    look turret
    health 1000000
    score 0
    hitbox 20
    move to (192, 70) over 60 out
    wait 30
    loop {
        repeat 3 {
            fire orb red aim speed 2.2
            wait 8
        }
        wait 40
    }
}

# A lantern crossing the field; shot down, it leaves items.
enemy lantern(side = 1) {
    look wisp
    health 3
    score 100
    hitbox 12
    drops power 1 point 3
    move to (192 - side * 120, 150) over 40 out
    move by (side * 260, 0) over 240 linear
    move by (side * 200, -60) over 60 in
}

stage stage1 {
    spawn tutor at (192, -30)
    wait 60
    loop {
        spawn lantern(1) at (-20, 120)
        wait 90
        spawn lantern(-1) at (404, 120)
        wait 90
    }
}
