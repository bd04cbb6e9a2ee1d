# Stage 1's enemies. Small ones fly in, shoot a little and leave; the mid-size
# ones (turrets, crystals) stay a while, take a beating and pay for it.
# Every enemy fires from where it is, in the upper part of the field, never on
# the player; harder difficulties fire more bullets, faster, more often.

# A wisp glides in, fires a few aimed fans, and leaves the way it came.
enemy s1_wisp(side = 1, ty = 110, volleys = 2) {
    look wisp
    health 10
    score 300
    hitbox 12
    drops power 1 point 1
    move to (x + side * 50, ty) over 45 out
    wait 40
    repeat volleys + level(0, 0, 1, 1) {
        fire rice red spread level(1, 3, 5, 7) by 14 aim speed 2.2 + rank * 1.6
        wait level(45, 32, 26, 20)
    }
    move by (side * -220, -90) over 100 in
}

# A drone dives in a curve across the field, dropping one aimed shot (two on
# harder difficulties) on its way.
enemy s1_drone(side = 1) {
    look drone
    health 4
    score 200
    hitbox 10
    drops point 1
    turn to 180 - side * 20
    speed 3.2
    turn by -side * 100 over 90
    wait 28
    fire orb_small orange aim speed 2 + rank * 1.5
    if rank >= 0.7 {
        wait 10
        fire orb_small orange aim speed 2.4 + rank * 1.5
    }
}

# A spinner drops in and lets out slow rings, each turned from the last.
enemy s1_spinner(tx = 192, ty = 120) {
    look spinner
    health 36
    score 1500
    hitbox 14
    drops power 2 point 2
    move to (tx, ty) over 60 out
    wait 40
    var a = rand(0, 30)
    repeat level(3, 4, 4, 5) {
        fire orb blue ring level(10, 16, 22, 30) at a speed 1.5 + rank * 0.8
        if rank >= 0.35 {
            fire orb_small cyan ring level(10, 16, 22, 30) at a + 180 / level(10, 16, 22, 30) speed 1.1 + rank * 0.6
        }
        a += 9
        wait level(55, 42, 34, 28)
    }
    move by (0, -220) over 110 in
}

# A turret (mid-size) settles and spins out arms of rice, with an aimed burst
# every few seconds; it leaves after about ten seconds if it survives.
enemy s1_turret(tx = 192, turn_dir = 1) {
    look turret
    health 220
    score 12000
    hitbox 18
    drops power 4 point 6
    move to (tx, 96) over 70 out
    wait 50
    var a = rand(0, 360)
    repeat 110 as i {
        fire rice cyan ring level(3, 4, 5, 6) at a speed 1.6 + rank * 0.8
        a += level(12, 11, 9, 8) * turn_dir
        if i % 25 == 24 {
            fire kunai red spread level(1, 3, 3, 5) by 10 aim speed 2.8 + rank stack level(2, 2, 3, 3) by 0.5
        }
        wait level(8, 6, 5, 4)
    }
    move by (0, -240) over 120 in
}

# A crystal (mid-size) hangs in place firing a wide arc of amulets that drifts
# back and forth, and a slow aimed bubble now and then.
enemy s1_crystal(tx = 192, ty = 110) {
    look crystal
    health 160
    score 9000
    hitbox 16
    drops power 3 point 5
    move to (tx, ty) over 60 out
    wait 40
    repeat 12 as i {
        fire amulet orange arc level(5, 7, 10, 13) over level(60, 80, 100, 110) at 180 + sin(i * 40) * 25 speed 2 + rank * 0.7
        if i % 4 == 3 {
            fire bubble purple aim speed 1.2 + rank * 0.4
        }
        wait level(40, 32, 26, 22)
    }
    move by (0, -220) over 100 in
}

# A wisp that only crosses the field, firing a ring behind it: filler for the
# busy parts.
enemy s1_crosser(side = 1, speed_ = 2.4) {
    look wisp
    health 8
    score 250
    hitbox 12
    drops point 1
    turn to 180 - side * 70
    speed speed_
    wait 40
    fire orb_small yellow ring level(6, 8, 12, 16) at rand(0, 30) speed 1.2 + rank * 0.8
    wait 50
    if rank >= 0.35 {
        fire orb_small yellow ring level(6, 8, 12, 16) at rand(0, 30) speed 1.2 + rank * 0.8
    }
}
