# Stage 3's enemies. Cogs (spinning gear drones) wheel down the spire's face
# and throw out rings of teeth; clockwork birds dive in on wound springs and
# peck at the player; bell turrets (mid-size) hang from the spire's beams and
# toll rings that spread and slow, with a beam of dawn light now and then.
# Every enemy fires from the upper part of the field; harder difficulties change
# the shapes as well as the numbers.

# A cog rolls down in a curve, stops, throws out rings of teeth, an inner ring
# of slower teeth with every other one from Normal on (the rings turn against each other
# as they fly on the harder difficulties), and rolls off the way it came.
enemy s3_cog(side = 1, ty = 110, rings = 0) {
    look cog
    health 10
    score 300
    hitbox 11
    drops power 1 point 1
    move by (side * 50, ty) over 50 out
    wait 50
    var a = rand(0, 45)
    repeat level(2, 2, 2, 3) + rings as k {
        if rank < 0.35 {
            fire orb_small yellow ring 12 at a speed 2
        } else if rank < 0.7 {
            fire orb_small yellow ring 22 at a speed 2.1 + rank * 0.8
            if k % 2 == 0 {
                fire orb_small orange ring 8 at a + 11 speed 1.6 + rank * 0.5
            }
        } else {
            fire orb_small yellow ring level(12, 12, 26, 28) at a speed 2.2 + rank * 0.8 spin (k % 2 * 2 - 1) * 0.6 {
                wait 40
                spin 0
            }
            fire orb_small orange ring level(6, 6, 11, 12) at a + 8 speed 1.6 + rank * 0.5 spin (k % 2 * 2 - 1) * -0.6 {
                wait 40
                spin 0
            }
        }
        a += 15
        wait level(40, 28, 24, 20)
    }
    move by (side * -200, -80) over 80 in
}

# A cog that only crosses the field along a line, shedding aimed rice (a pair
# on Easy, a spread of three and more, stacked, on the harder difficulties).
enemy s3_cog_roll(side = 1) {
    look cog
    health 6
    score 200
    hitbox 11
    drops point 1
    turn to side * 100
    speed 2.6
    wait 30
    repeat 4 {
        if rank < 0.35 {
            fire rice orange spread 2 by 16 aim speed 2.2
        } else {
            fire rice orange spread level(1, 3, 4, 5) by 14 aim speed 2.3 + rank * 1.2 stack level(1, 2, 2, 2) by 0.5
        }
        wait 24
    }
}

# A clockwork bird dives in on a long curve, pauses, pecks at the player with
# fans of arrows (stacked from Normal on) and flies back up, winding down.
enemy s3_bird(side = 1, ty = 130) {
    look bird
    health 14
    score 400
    hitbox 11
    drops power 1 point 1
    move by (side * 70, ty) over 55 out
    wait 55
    repeat level(2, 3, 3, 4) {
        if rank < 0.35 {
            fire arrow green spread 3 by 20 aim speed 2.4
        } else if rank < 0.7 {
            fire arrow green spread 3 by 16 aim speed 2.7 + rank stack 3 by 0.5
        } else {
            fire arrow green spread level(3, 3, 3, 5) by 18 aim speed 2.6 + rank stack 3 by 0.5
        }
        wait level(45, 34, 30, 26)
    }
    move by (side * 120, -200) over 90 in
}

# A bell turret (mid-size) comes down on its chain, tolls rings that leave
# fast and slow down, sways, and now and then sends a beam of dawn light at
# the player (a straight laser with a warning line); on Normal every other
# toll rings twice, the echo offset, on Hard and Lunatic every toll.
enemy s3_bell(tx = 192, ty = 100) {
    look bell
    health 220
    score 12000
    hitbox 18
    drops power 4 point 5
    move to (tx, ty) over 80 out
    wait 30
    var a = rand(0, 360)
    repeat 12 as i {
        fire orb orange ring level(16, 22, 28, 30) at a speed 3 {
            speed 1.1 + rank * 0.9 over 40
        }
        if rank >= 0.7 or (rank >= 0.35 and i % 2 == 1) {
            wait 8
            fire orb_small yellow ring level(12, 16, 18, 22) at a + 8 speed 2.6 {
                speed 0.9 + rank * 0.8 over 40
            }
        }
        a += 7
        if i % 3 == 1 {
            laser yellow aim length 420 width level(6, 8, 10, 12) warn level(60, 50, 44, 40) life 24
        }
        if i % 4 == 3 {
            move to (tx + rand(-30, 30), ty + rand(-10, 10)) over 40
        }
        wait level(50, 32, 28, 24)
    }
    move by (0, -240) over 120 in
}
