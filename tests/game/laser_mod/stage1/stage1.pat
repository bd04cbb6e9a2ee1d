# The laser test stage: a mod that replaces stage 1 (same path) with a minute
# of lasers, for the recorded replay in tests/game/replays_lasers/: straight
# beams that warn, open, turn and follow their firer, curvy lasers with
# scripts, a bomb's worth of cancels, and the patterns/ laser patterns.

enemy lm_beamer(side = 1) {
    look turret
    health 60
    score 500
    drops power 2 point 2
    move to (192 + side * 110, 90) over 50
    wait 50
    laser red spread 3 by 25 aim length 460 width 12 warn 50 life 70 follow
    wait 80
    laser curvy cyan arc 4 over 80 aim speed 3 length 30 width 10 {
        wait 30
        turn to aim over 20
    }
    wait 60
    move by (side * 220, -60) over 80 in
}

enemy lm_emitter(which = 0) {
    look crystal
    health 400
    score 2000
    move to (192, 100) over 60
    wait 60
    if which == 0 {
        run laser_sweep()
    } else {
        run laser_snakes()
    }
}

stage stage1 {
    wait 30
    title "Lasers" "a test stage"
    wait 150
    spawn lm_beamer(1) at (320, -20)
    spawn lm_beamer(-1) at (64, -20)
    wait 390
    spawn lm_emitter(0) at (192, -30)
    wait 900
    spawn lm_emitter(1) at (192, -30)
    wait 900
    clear
    wait 120
}
