# The Extra stage's enemies, in the hour before dawn, when the night curtain
# is coming apart thread by thread. Motes of early light drift down in lines
# and throw rings; larks of the dawn chorus dart across the field singing
# streams of notes that curl behind them; tatters of the curtain's cloth (mid-
# size) sink swaying and unravel into threads (curvy lasers) that reach for
# the player; the morning star (large) hangs high and turns a wheel of rays
# (straight lasers) among its own rings of stars.
#
# An Extra stage is played at one difficulty, harder than any Lunatic stage:
# no `level` or `rank` here, one set of numbers. The stage's shared value
# `ex_light` (how far the dawn has come: it grows as the stage goes on) thickens
# what the enemies throw.

# How far the dawn has come, 0 at the start of the stage: the stage raises it
# wave by wave, the boss phase by phase, and enemies and Shinonome's attacks
# read it to throw more.
shared ex_light = 0

# A mote of early light: it drifts down on a curve, stops, throws two rings of
# rice (the second faster, turned half a gap) and a fan of aimed arrows, three
# times, and drifts off.
enemy ex_mote(side = 1, ty = 100) {
    look ex_mote
    health 16
    score 500
    hitbox 10
    drops point 1
    move by (side * 40, ty) over 40 out
    wait 40
    var a = rand(0, 360)
    repeat 3 {
        fire rice yellow ring 20 + ex_light * 2 at a speed 2.6 stack 2 by 0.7
        fire arrow orange spread 5 by 8 aim speed 3.6 stack 2 by 0.5
        a += 9
        wait 20
    }
    move by (side * -160, -80) over 70 in
}

# A lark of the dawn chorus darts across the field on a line, singing: every
# few frames a note (a small orb) leaves it backwards and curls away, the
# notes of one lark all curling the same way; now and then it calls a fan of
# arrows at the player.
enemy ex_lark(side = 1) {
    look ex_lark
    health 12
    score 400
    hitbox 10
    drops point 1
    turn to 180 - side * 90
    speed 3.4
    repeat 24 as k {
        fire orb_small cyan at 180 - side * 90 + 180 + rand(-25, 25) speed 1.6 accel 0.04 spin side * 1.2 {
            wait 50
            spin 0
        }
        if k % 6 == 2 {
            fire arrow white spread 3 by 10 aim speed 3.8 stack 3 by 0.4
        }
        wait 6
    }
}

# A thread of the unravelling curtain: a curvy laser that wriggles out, then
# turns toward the player and goes straight.
pattern ex_thread(turn = 1) {
    laser curvy yellow aim speed 2.8 length 26 width 8 spin turn * 2.5 {
        wait 24
        spin 0
        turn to aim over 16
        wait 16
        speed 4 over 20
    }
}

# A tatter of the night curtain (mid-size) sinks to its place swaying, then
# comes apart: each round it lets out threads (curvy lasers) from its sides and a
# ring of kunai, the ring turning round and round; it frays faster as it goes
# and sinks away.
enemy ex_tatter(tx = 192, ty = 110) {
    look ex_tatter
    health 320
    score 15000
    hitbox 18
    drops power 3 point 6
    move to (tx, ty) over 70 out
    wait 50
    var a = rand(0, 360)
    repeat 9 as i {
        laser curvy purple from (-16, 4) at 200 + i * 13 speed 2.6 length 30 width 8 spin 1.8 {
            wait 30
            spin 0
            turn to aim over 20
            speed 3.6 over 20
        }
        laser curvy purple from (16, 4) at 160 - i * 13 speed 2.6 length 30 width 8 spin -1.8 {
            wait 30
            spin 0
            turn to aim over 20
            speed 3.6 over 20
        }
        fire kunai purple ring 28 + ex_light * 2 at a speed 3 stack 2 by 0.6
        fire orb_small white ring 14 at a + 6 speed 2.2
        a += 11
        if i % 3 == 2 {
            move to (tx + rand(-40, 40), ty + rand(-15, 15)) over 40
        }
        wait 34 - i * 2
    }
    move by (0, -260) over 120 in
}

# The morning star (large) comes down high over the field and will not set:
# it turns a wheel of six rays (straight lasers, warned, turning slowly) while
# six arms of stars wheel out from it, doubled the other way; between the rays
# it throws rings of orbs that slow and start again.
enemy ex_venus(tx = 192, ty = 80) {
    look ex_venus
    health 700
    score 30000
    hitbox 20
    drops power 5 point 10 bomb 1
    move to (tx, ty) over 80 out
    wait 40
    var d = 1 - (tx > 192) * 2
    laser white ring 6 at rand(0, 60) length 520 width 10 warn 60 life 360 spin d * 0.35
    var a = 0
    repeat 100 as i {
        fire star yellow ring 6 at a speed 3.2
        fire star orange ring 6 at -a speed 2.6
        a += 7
        if i % 12 == 11 {
            fire orb white ring 30 + ex_light * 2 at a speed 4 {
                speed 1.2 over 30 out
                wait 20
                speed 3.4 over 40 in
            }
        }
        wait 4
    }
    move by (0, -260) over 120 in
}
