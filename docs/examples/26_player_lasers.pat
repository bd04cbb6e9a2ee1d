# docs/examples/26_player_lasers.pat
# Player lasers: a ship whose shot is a beam. Each volley's beam lasts until
# the next one (the interval and a frame), so holding the button keeps it on.
ship beamer {
    name "Beamer"
    about "Beams that pierce; focused, one that stops at what it hits."
    shot 1 {
        damage 0.8    # a frame, to every enemy along it
        pierce 1      # through all of them
        laser straight cyan at 0 length 400 width 8 follow from (0, -12)
        damage 0.4
        laser straight blue spread 2 by 16 at 0 length 400 width 4 follow from (0, -6)
    }
    shot 1 focused {
        damage 2      # no pierce: the first enemy in its way only, the beam cut there
        laser straight white at 0 length 400 width 10 follow from (0, -12)
    }
    bomb {
        damage 3
        pierce 1
        laser straight red ring 4 at 45 length 300 width 20 spin 3 life 60 follow
        wait 60
    }
}

# Two posts in a file to try it on (`curtain view` flies the ship: the
# focused beam hurts only the lower one).
enemy post {
    health 600
    hitbox 12
    loop {
        fire orb ring 6 speed 1.2
        wait 40
    }
}

stage range {
    spawn post at (192, 220)
    spawn post at (192, 120)
    wait 30s
}
