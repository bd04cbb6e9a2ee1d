# Hotaru, the game's first ship (docs/patterns.md, "ship"): a quick ship whose
# shot fans out wide unfocused and narrows into a strong stream ahead focused.
# The main pair hits for 3, every side stream for 2; one more pair of side
# streams and one more pair of options come with each whole power level.

ship hotaru {
    name "Hotaru"
    about "A quick firefly: a wide fan, a strong stream focused."
    look player
    speed 4.5
    focus_speed 2
    hitbox 2.5
    graze 20
    interval 5
    shot_radius 6
    bomb_time 150
    bomb_invuln 190
    bomb_radius 24
    bomb_growth 7
    bomb_max 280

    # options: from power level N, at (x, y) from the ship, focused at (x, y)
    option 2 (-22, 8) focused (-14, -6)
    option 2 (22, 8) focused (14, -6)
    option 3 (-30, 10) focused (-20, -6)
    option 3 (30, 10) focused (20, -6)
    option 4 (-38, 12) focused (-26, -6)
    option 4 (38, 12) focused (26, -6)

    # Unfocused: the main pair straight ahead, side pairs fanning out 12, 19 and
    # 26 degrees.
    shot 1 {
        damage 3
        fire rice red at 0 speed 14 from (-5, -10)
        fire rice red at 0 speed 14 from (5, -10)
    }
    shot 2 {
        damage 3
        fire rice red at 0 speed 14 from (-5, -10)
        fire rice red at 0 speed 14 from (5, -10)
        damage 2
        fire rice red at 348 speed 14 from (-8, -6)
        fire rice red at 12 speed 14 from (8, -6)
    }
    shot 3 {
        damage 3
        fire rice red at 0 speed 14 from (-5, -10)
        fire rice red at 0 speed 14 from (5, -10)
        damage 2
        repeat 2 as k {
            fire rice red at 348 - 7 * k speed 14 from (-8, -6)
            fire rice red at 12 + 7 * k speed 14 from (8, -6)
        }
    }
    shot 4 {
        damage 3
        fire rice red at 0 speed 14 from (-5, -10)
        fire rice red at 0 speed 14 from (5, -10)
        damage 2
        repeat 3 as k {
            fire rice red at 348 - 7 * k speed 14 from (-8, -6)
            fire rice red at 12 + 7 * k speed 14 from (8, -6)
        }
    }

    # Focused: the main pair and side streams straight ahead, 14, 20 and 26 px
    # out.
    shot 1 focused {
        damage 3
        fire arrow blue at 0 speed 14 from (-5, -10)
        fire arrow blue at 0 speed 14 from (5, -10)
    }
    shot 2 focused {
        damage 3
        fire arrow blue at 0 speed 14 from (-5, -10)
        fire arrow blue at 0 speed 14 from (5, -10)
        damage 2
        fire arrow blue at 0 speed 14 from (-14, -4)
        fire arrow blue at 0 speed 14 from (14, -4)
    }
    shot 3 focused {
        damage 3
        fire arrow blue at 0 speed 14 from (-5, -10)
        fire arrow blue at 0 speed 14 from (5, -10)
        damage 2
        repeat 2 as k {
            fire arrow blue at 0 speed 14 from (-14 - 6 * k, -4)
            fire arrow blue at 0 speed 14 from (14 + 6 * k, -4)
        }
    }
    shot 4 focused {
        damage 3
        fire arrow blue at 0 speed 14 from (-5, -10)
        fire arrow blue at 0 speed 14 from (5, -10)
        damage 2
        repeat 3 as k {
            fire arrow blue at 0 speed 14 from (-14 - 6 * k, -4)
            fire arrow blue at 0 speed 14 from (14 + 6 * k, -4)
        }
    }
}
