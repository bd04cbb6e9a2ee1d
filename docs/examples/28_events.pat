# docs/examples/28_events.pat
enemy sentry(side = 1) {
    look turret
    health 30
    score 500
    var hits = 0
    on hit {                                  # once a frame while shot: it answers back
        hits = hits + 1
        if hits % 10 == 0 { fire rice red spread 3 by 12 aim speed 3 }
    }
    on death {                                # where it fell; killer says how
        if killer == by_shot { fire star yellow ring 12 speed 2 }
        if killer == by_bomb { fire orb_small white ring 6 speed 1 life 30 }
        if killer == by_time { print "the sentry left after", hits, "hits" }
    }
    move to (192 + side * 80, 120) over 60
    wait 400
    move by (side * 300, 0) over 90 in
}

pattern gate {
    laser red at down length 300 width 10 warn 40 life 60 {
        on vanish { fire orb red ring 8 speed 2 }          # the beam has faded: a burst
        on cancel { fire orb_small white ring 4 speed 1 life 20 }
    }
    wait 150
}

stage events_demo {
    spawn sentry(-1) at (60, -20)
    spawn sentry(1) at (324, -20)
    loop { run gate }
}
