# Stage 4's enemies, over the sea of clouds in a storm that never breaks.
# Gusts (small wind sprites) swoop in and throw arrows the wind bends, or dash
# across shedding rice; rainclouds drift down and rain on the player, the
# drops blown by the stage's wind (the shared value s4_wind, which the stage
# turns between its waves and which every falling drop reads); thunderheads
# (mid-size storm clouds) rumble rings of orbs and strike with lightning:
# jagged bolts of short straight lasers, warned first.

# The wind over the clouds: -1 blows to the left, 1 to the right. The stage
# turns it; the drops already falling drift with it as it turns.
shared s4_wind = 1

# A raindrop's drift: it leans with the wind, again every half second, so a
# change of wind sweeps the rain already falling.
pattern s4_rain_drift(k = 0.5) {
    loop {
        velocity (s4_wind * k, 0) over 30
        wait 30
    }
}

# A bolt of lightning: a jagged chain of short straight lasers from (dx, dy)
# (offsets from the firer) toward dir, each link bent the other way off it,
# warned together, then struck at once with a flash over the field (drawing
# only); where it ends, a burst of sparks.
pattern s4_bolt(dx = 0, dy = 0, dir = 180, links = 5, len_ = 60, w = 8, warn_ = 40, sparks = 8) {
    var px = dx
    var py = dy
    repeat links as k {
        var a = dir + (k % 2 * 2 - 1) * rand(18, 34)
        laser yellow from (px, py) at a length len_ + 4 width w warn warn_ life 16
        px += sin(a) * len_
        py -= cos(a) * len_
    }
    wait warn_
    flash white over 12 alpha 0.08
    if sparks > 0 {
        fire orb_small yellow ring sparks from (px, py) at rand(0, 360) speed 1.4 + rank * 0.6
    }
    wait 1
}

# A gust swoops down on a curve, throws fans of arrows at the player and a
# ring the wind bends (turning its way for a moment), and blows away.
enemy s4_gust(side = 1, ty = 110) {
    look s4_gust
    health 12
    score 300
    hitbox 11
    drops power 1 point 1
    move by (side * 70, ty) over 45 out
    wait 45
    repeat level(2, 3, 3, 3) as k {
        if rank < 0.35 {
            fire arrow cyan spread 3 by 18 aim speed 2.5
        } else {
            fire arrow cyan spread level(3, 3, 4, 5) by 15 aim speed level(2.5, 2.7, 2.8, 3.1) stack level(1, 2, 2, 2) by 0.4
        }
        fire orb_small white ring level(10, 12, 14, 22) at k * 9 speed 1.7 + rank * 0.5 spin side * 0.8 {
            wait 36
            spin 0
        }
        wait level(42, 30, 26, 22)
    }
    move by (side * 160, -160) over 80 in
}

# A gust that dashes straight across the field, shedding rice that hangs a
# moment and then falls at the player.
enemy s4_gust_dash(side = 1) {
    look s4_gust
    health 6
    score 200
    hitbox 11
    drops point 1
    turn to side * 100
    speed 3.2
    wait 24
    repeat 5 as k {
        fire rice cyan spread level(1, 2, 3, 3) by 20 at 180 speed 1 {
            speed 0 over 20 out
            wait 24
            turn to aim over 8
            speed 2.2 + rank * 0.8 over 20 in
        }
        if rank >= 0.7 and k % 2 == 0 {
            fire rice white spread 3 by 14 aim speed 2.6 + rank
        }
        wait 18
    }
}

# A raincloud drifts down, rains for a while (drops falling, leaning with the
# wind, a few more on the harder difficulties) and now and then spits an aimed
# spread, and drifts off the top.
enemy s4_raincloud(tx = 192, ty = 90) {
    look s4_raincloud
    health 34
    score 600
    hitbox 14
    drops power 2 point 2
    move to (tx, ty) over 60 out
    wait 40
    repeat level(24, 30, 34, 40) as k {
        fire drop blue spread level(2, 3, 3, 4) by 22 at 180 + rand(-12, 12) speed 1.2 + rank * 0.4 accel 0.005 run s4_rain_drift(0.4 + rank * 0.2)
        if k % 8 == 7 {
            fire orb cyan spread level(3, 3, 5, 5) by 14 aim speed 2.3 + rank * 0.8
        }
        wait level(9, 8, 8, 7)
    }
    move by (0, -200) over 100 in
}

# A thunderhead (mid-size) rolls in, rumbles rings of orbs that leave fast and
# slow (an echo ring from Normal on every other rumble, every one on Hard and
# Lunatic), and every third rumble strikes a bolt of lightning at the player.
enemy s4_thunderhead(tx = 192, ty = 100) {
    look s4_thunderhead
    health 240
    score 14000
    hitbox 20
    drops power 4 point 6
    move to (tx, ty) over 80 out
    wait 30
    var a = rand(0, 360)
    repeat 12 as i {
        fire orb blue ring level(16, 18, 22, 30) at a speed 3 {
            speed level(1.2, 1.45, 1.5, 1.9) over 36
        }
        if rank >= 0.7 or (rank >= 0.35 and i % 2 == 1) {
            wait 8
            fire orb_small cyan ring level(10, 12, 12, 30) at a + 7 speed 2.6 {
                speed level(1, 1.25, 1.4, 1.7) over 36
            }
        }
        a += 8
        if i % 3 == 1 {
            thread s4_bolt(0, 14, aim, level(4, 5, 6, 6), 64, level(6, 8, 9, 10), level(56, 46, 42, 38), level(6, 8, 10, 12))
        }
        if i % 4 == 3 {
            move to (tx + rand(-30, 30), ty + rand(-10, 10)) over 40
        }
        wait level(50, 32, 28, 24)
    }
    move by (0, -240) over 120 in
}
