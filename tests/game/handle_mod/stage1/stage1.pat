# The handles test stage: a mod that replaces stage 1 (same path) with a minute
# and a half of handles, for the recorded replays in tests/game/replays_handles/
# (tools/record_handle_replays.sh): volleys held as groups and steered, bullets
# given new looks, hitboxes and scripts, enemies and lasers kept and moved, and
# handles kept long after their objects are gone (their slots reused many times),
# and bullets with callbacks (on vanish, on graze, on cancel); shared values that
# the stage sets and the keeper reads, and that bullets' callbacks count into.

# which part of the stage this is: set by the stage, read by the keeper
shared hm_part = 0
# how many of the keeper's blue bullets were cancelled, counted by their callbacks
shared hm_cancelled = 0

enemy hm_petal_fairy(side = 1) {
    look wisp
    health 30
    score 300
    drops power 1 point 2
    move to (192 + side * 100, 100) over 50
    wait 50
    repeat 4 {
        fire rice cyan ring 10 speed 2.5 as petals
        wait 25
        for b in petals {
            b.speed 0 over 15
        }
        wait 25
        for b in petals {
            if b.alive {
                b.turn to aim over 10
                b.speed 3 over 20
                b.look kunai yellow
            }
        }
        wait 20
    }
    move by (side * 220, -60) over 80 in
}

enemy hm_keeper {
    look crystal
    health 500
    score 2000
    move to (192, 110) over 60
    wait 60
    var held[8]
    loop as t {
        fire orb_large red aim speed 1.2 as big
        held[t % 8] = big
        big.hitbox 10
        big.thread {
            wait 40
            fire orb_small red ring 5 + hm_part speed 2;
            speed 3
            turn to aim over 15
        }
        # the last round's big bullet, if it is still there
        var old = held[(t + 7) % 8]
        if old.alive {
            old.look star purple
            old.spin 2
        }
        print "keeper", t, old.alive, big.x, hm_cancelled
        # the more of its bullets were cancelled, the faster its big ones come
        if hm_cancelled > 8 {
            big.speed 1.8
        }
        if t % 3 == 0 {
            fire orb_small blue ring 8 at t * 7 speed 1.5 life 100 {
                var bent = 0
                on vanish { fire star yellow ring 3 + bent speed 1.5 life 60 }
                on graze { speed 0.8 }
                on cancel {
                    hm_cancelled += 1
                    fire orb_small white ring 3 speed 1 life 10
                }
                wait 50
                turn by 40 over 20
                bent = 2
            }
        }
        wait 30
    }
}

stage stage1 {
    wait 30
    title "Handles" "a test stage"
    wait 150
    hm_part = 1
    spawn hm_petal_fairy(1) at (320, -20) as left
    spawn hm_petal_fairy(-1) at (64, -20) as right
    wait 120
    if left.alive {
        left.move to (250, 160) over 60
    }
    right.hitbox 20
    laser cyan aim length 300 width 8 warn 40 life 60 as beam
    wait 30
    beam.turn by 40 over 60
    wait 200
    hm_part = 2
    spawn hm_keeper at (192, -30) as keeper
    wait until not keeper.alive or time > 2400
    clear
    wait 120
}
