# Stage 2's enemies. Moths flutter down toward the lamps on the water and leave;
# water spirits rise out of the lake, breathe out rings of ripples and sink
# back; lotus turrets (mid-size) drift down with the current and open into
# petals. Every enemy fires from where it is, in the upper part of the field;
# harder difficulties change the shapes as well as the numbers.

# A moth flutters down in a zigzag, throws a few drops at the player and
# flies off to the side it came from.
enemy s2_moth(side = 1, ty = 110, volleys = 0) {
    look moth
    health 8
    score 250
    hitbox 10
    drops power 1 point 1
    repeat 3 as k {
        move by (side * (k % 2 * 60 - 30), ty / 3) over 22 out
        wait 22
    }
    repeat level(1, 2, 2, 3) + volleys {
        if rank < 0.35 {
            fire drop cyan aim speed 2.2
        } else if rank < 0.7 {
            fire drop cyan spread 3 by 16 aim speed 2.4 + rank
        } else {
            fire drop cyan spread level(3, 3, 3, 5) by 12 aim speed 2.2 + rank stack 2 by 0.7
        }
        wait level(40, 30, 26, 22)
    }
    move by (side * -240, -60) over 90 in
}

# A moth that only crosses the field in a long curve, shedding slow scales
# (drops that drift down, wider on the harder difficulties).
enemy s2_moth_dive(side = 1) {
    look moth
    health 5
    score 200
    hitbox 10
    drops point 1
    turn to 180 - side * 55
    speed 2.8
    turn by side * 80 over 120
    wait 20
    repeat 4 {
        if rank < 0.35 {
            fire orb_small white at 180 speed 1.3
        } else {
            fire orb_small white arc level(1, 3, 4, 5) over 60 at 180 speed 1.2 + rank * 0.6
        }
        wait 24
    }
}

# A water spirit rises into place, breathes out ripples (rings that start fast
# and slow down), with a stream of aimed drops on the harder difficulties,
# then sinks away.
enemy s2_spirit(tx = 192, ty = 110, turns = 4) {
    look spirit
    health 40
    score 2000
    hitbox 14
    drops power 2 point 2
    move to (tx, ty) over 60 out
    wait 30
    var a = rand(0, 30)
    repeat turns as i {
        fire orb_small blue ring level(12, 22, 26, 30) at a speed 3 {
            speed 0.9 + rank * 0.6 over 40
        }
        if rank >= 0.35 {
            wait 12
            fire orb_small cyan ring level(12, 20, 24, 30) at a + 180 / level(12, 22, 26, 30) speed 2.6 {
                speed 0.7 + rank * 0.5 over 40
            }
        }
        if rank >= 0.7 and i % 2 == 1 {
            repeat 4 {
                fire drop blue aim speed 3 + rank
                wait 5
            }
        }
        a += 11
        wait level(60, 42, 36, 30)
        move by (rand(-20, 20), rand(-8, 8)) over 20
    }
    move by (0, -240) over 110 in
}

# A lotus turret (mid-size) drifts down, then sways side to side on the
# current, opening petals that curl as they go: rings of rice that turn and
# then straighten. Now and then an aimed needle of light (a straight laser
# with a warning line); on Lunatic the petals come in pairs turning both ways.
enemy s2_lotus(tx = 192, turn_dir = 1) {
    look lotus
    health 200
    score 11000
    hitbox 18
    drops power 4 point 5
    move to (tx, 100) over 80 out
    wait 30
    var a = rand(0, 360)
    repeat 16 as i {
        fire rice purple ring level(5, 8, 9, 10) at a speed 1.7 + rank * 0.6 spin turn_dir * 1.2 {
            wait 40
            spin 0
        }
        if rank >= 0.99 {
            fire rice red ring 9 at -a speed 1.7 + rank * 0.6 spin turn_dir * -1.2 {
                wait 40
                spin 0
            }
        }
        a += 13 * turn_dir
        if i % 3 == 0 {
            move to (tx + sin(i * 60) * 40, 100 + cos(i * 60) * 10) over 60
        }
        if i % 5 == 4 {
            laser white aim length 420 width level(6, 8, 10, 12) warn level(60, 50, 44, 40) life 24
        }
        wait level(40, 26, 22, 19)
    }
    move by (0, -240) over 120 in
}
