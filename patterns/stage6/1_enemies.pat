# Stage 6's enemies, the Moon Gate's own guard. Veil wraiths (scraps of the
# night curtain, alive) drift down and throw out fans of silver rice; moon
# lamps (the palace's stone lanterns, set loose) cross the field in lines and
# drop rings as they go; crescent guards (mid-size) hold the gate with beams of
# moonlight and threads of the curtain (curvy lasers). The last stage: the
# densest and fastest of the game on every difficulty, and every enemy fires
# from the upper part of the field. Their looks are drawn in code by
# tools/atlas/sheets_stage6.c (art: the sheet's declaration is below).

art s6_sprites "art/sprites.png" {
    shape s6_veil   frame 48 48 at 0 0     hitbox 12 frames 4 every 7
    shape s6_lamp   frame 40 40 at 0 48    hitbox 10 frames 4 every 6
    shape s6_guard  frame 64 64 at 0 88    hitbox 18 frames 2 every 16
    shape s6_oboro  frame 96 96 at 0 152   hitbox 24 frames 2 every 20
    shape s6_tobari frame 128 128 at 192 152 hitbox 30 frames 2 every 24
}

# A veil wraith drifts down on a curve, stops, and throws out fans of silver
# rice at the player and a ring of orbs round itself (two rings, turning
# against each other, on Hard and Lunatic), then drifts back up and away.
enemy s6_veil(side = 1, ty = 110, shots = 0) {
    look s6_veil
    health 14
    score 500
    hitbox 12
    drops power 1 point 2
    move by (side * 60, ty) over 50 out
    wait 50
    var a = rand(0, 30)
    repeat level(2, 3, 3, 3) + shots as k {
        fire rice white spread level(3, 5, 5, 7) by level(18, 13, 12, 11) aim speed 2.2 + rank * 0.84 stack level(1, 2, 2, 2) by 0.45
        fire orb_small blue ring level(14, 14, 22, 28) at a speed 1.8 + rank * 0.6
        if rank >= 0.7 {
            fire orb_small purple ring level(8, 8, 8, 10) at a + 7 speed 1.6 + rank * 0.46 spin (k % 2 * 2 - 1) * 0.5 {
                wait 40
                spin 0
            }
        }
        a += 13
        wait level(40, 30, 26, 22)
    }
    move by (side * -160, -200) over 90 in
}

# A moon lamp crosses the field along a line, swaying, and drops a ring of
# small orbs every few steps (an arc aimed down on Easy), with aimed drops
# from Normal on.
enemy s6_lamp(side = 1, v = 2.4) {
    look s6_lamp
    health 8
    score 300
    hitbox 10
    drops point 1
    turn to side * 100
    speed v
    wait 24
    repeat 4 as k {
        if rank < 0.35 {
            fire orb_small yellow arc 9 over 140 at 180 speed 1.9
        } else {
            fire orb_small yellow ring level(10, 10, 11, 16) at k * 11 speed 2 + rank * 0.6
            fire drop white aim speed 2.5 + rank * 0.92 stack level(1, 1, 2, 2) by 0.5
        }
        wait level(26, 20, 20, 19)
    }
}

# A crescent guard comes down to its post and holds it: a beam of moonlight
# sweeps in toward the middle below it (warned first), threads of the curtain
# (curvy lasers) unfurl and fall, and rings of orbs leave fast and slow down;
# from Hard on a second ring, turning, between them.
enemy s6_guard(tx = 192, ty = 100) {
    look s6_guard
    health 300
    score 15000
    hitbox 18
    drops power 4 point 6
    move to (tx, ty) over 70 out
    wait 20
    var a = rand(0, 360)
    var side = sign(192 - tx + 0.5)
    repeat 11 as i {
        fire orb white ring level(20, 20, 28, 36) at a speed 3.1 {
            speed 1.5 + rank * 0.68 over 36
        }
        if rank >= 0.7 {
            fire orb_small yellow ring level(12, 16, 16, 18) at a + 6 speed 2.1 + rank * 0.3 spin (i % 2 * 2 - 1) * 0.4 {
                wait 50
                spin 0
            }
        }
        if i % 3 == 0 {
            laser curvy purple arc level(2, 3, 4, 5) over 80 at 180 speed 2.1 + rank * 0.46 length 30 width 9 spin side * 1.2 {
                wait 40
                spin 0
            }
        }
        if i % 3 == 1 {
            laser yellow at 180 - side * 40 length 460 width level(8, 10, 12, 14) warn level(56, 48, 42, 38) life 40 {
                wait 40
                turn by side * 30 over 40
            }
        }
        a += 9
        if i % 4 == 3 {
            move to (tx + rand(-30, 30), ty + rand(-10, 10)) over 40
        }
        wait level(46, 32, 28, 24)
    }
    move by (0, -240) over 110 in
}
