# Stage 5's enemies, the Star Loom's workers. Shuttles dart across the warp on
# a line and lay a thread of rice behind them that hangs, then falls (the
# weft); spindles wheel down and spin out arms of thread that wind as they go;
# loom frames (the mid-size ones) hang in the hall and weave: curvy-laser
# threads that swing from side to side over rings of stars. Every enemy fires
# from the upper part of the field; harder difficulties change the shapes as
# well as the numbers.

# A shuttle darts across on a line (dipping by `dip` degrees), laying a thread
# of rice behind it that hangs a moment, then falls; every few stitches it
# throws a knot of stars at the player.
enemy s5_shuttle(side = 1, dip = 0) {
    look s5_shuttle
    health 9
    score 300
    hitbox 11
    drops point 1
    turn to side * 90 + side * dip
    speed level(3.2, 3.6, 3.8, 4)
    wait 8
    loop as i {
        fire rice cyan at 180 + rand(-6, 6) speed 0.4 {
            wait 30
            speed 1.7 + rank * 0.8 over 30 in
        }
        if i % level(9, 6, 5, 4) == 3 {
            fire star white spread level(1, 3, 3, 5) by 14 aim speed 2.4 + rank * 0.6 stack level(1, 1, 2, 2) by 0.5
        }
        wait level(6, 4, 4, 4)
    }
}

# A spindle wheels down, stops and spins out arms of thread (orbs fired from a
# turning direction, each arm curling as it flies), an arm more on the harder
# difficulties, then wheels off the way it came.
enemy s5_spindle(side = 1, ty = 100) {
    look s5_spindle
    health 18
    score 400
    hitbox 12
    drops power 1 point 1
    move by (side * 40, ty) over 50 out
    wait 50
    var a = rand(0, 360)
    repeat level(14, 20, 22, 30) {
        fire orb_small purple ring level(4, 5, 5, 6) at a speed 1.9 + rank * 0.7 spin side * -0.4
        a += side * 13
        wait level(6, 5, 4, 4)
    }
    if rank >= 0.7 {
        fire orb blue ring level(12, 16, 20, 24) at a speed 2.2 + rank * 0.35
    }
    move by (side * -160, -160) over 80 in
}

# A loom frame (mid-size) comes down into the hall and weaves: threads of
# light (curvy lasers) that swing one way and back, a pair more each
# difficulty, over rings of stars that spread and speed up; on Normal and up
# a warp of rice falls in columns between the threads.
enemy s5_loom(tx = 192, ty = 100) {
    look s5_loom
    health 260
    score 15000
    hitbox 18
    drops power 4 point 6
    move to (tx, ty) over 80 out
    wait 20
    var a = rand(0, 360)
    repeat 11 as i {
        var d = i % 2 * 2 - 1
        laser curvy cyan arc level(2, 3, 4, 5) over 100 at 180 speed 2.6 length 34 width 8 spin d * 1.6 {
            wait 24
            spin d * -1.6
            wait 24
            spin 0
        }
        fire star white ring level(14, 18, 18, 34) at a speed 1.4 {
            speed 2.2 + rank * 0.55 over 40
        }
        if rank >= 0.35 {
            fire rice blue arc level(5, 5, 7, 9) over 120 at 180 from (0, 10) speed 2.2 + rank * 0.55 stack level(1, 1, 2, 3) by 0.5
        }
        a += 9
        if i % 4 == 3 {
            move to (tx + rand(-30, 30), ty + rand(-10, 10)) over 40
        }
        wait level(50, 40, 34, 30)
    }
    move by (0, -240) over 120 in
}
