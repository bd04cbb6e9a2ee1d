# docs/mod_example/ships/swallow.pat: a second ship, offered beside Hotaru.
ship swallow {
    name "Swallow"
    speed 5
    focus_speed 2.2
    hitbox 2
    graze 24
    interval 6
    bomb_time 120
    bomb_invuln 160
    option 3 (-24, 4) focused (-12, -8)
    option 3 (24, 4) focused (12, -8)
    shot 1 {
        damage 3
        fire rice red spread 3 by 10 at 0 speed 13 from (0, -10)
    }
    shot 3 {
        damage 3
        fire rice red spread 5 by 9 at 0 speed 13 from (0, -10)
    }
    shot 1 focused {
        damage 5
        fire arrow blue at 0 speed 15 from (0, -12)
    }
    shot 3 focused {
        damage 4
        fire arrow blue spread 3 by 3 at 0 speed 15 from (0, -12) {
            wait 4
            speed 20 over 6
        }
    }
    bomb {
        damage 6
        repeat 6 as k {
            fire star yellow ring 24 at k * 7 speed 6
            wait 10
        }
    }
}
