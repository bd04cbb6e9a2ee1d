# docs/examples/21_handles.pat
pattern gather {
    loop {
        fire orb_large red aim speed 1.5 as leader     # one bullet: a handle
        fire rice cyan ring 12 speed 3 as petals       # a volley: a group
        wait 30
        for b in petals {
            b.speed 0 over 20                          # stop them all...
        }
        wait 40
        for b in petals {
            if b.alive {                               # (one may have left the field)
                b.turn to angle(leader.x - b.x, leader.y - b.y)   # ...face the leader
                b.speed 3 over 30
                b.look rice yellow
            }
        }
        leader.hitbox 8
        leader.thread {                                # a script on the leader
            wait 30
            fire orb_small red ring 8 speed 2
            vanish
        }
        print "petals", petals.count, "leader at", leader.x, leader.y
        wait 60
    }
}
