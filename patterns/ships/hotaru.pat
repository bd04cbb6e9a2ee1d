# Hotaru, the game's first ship (docs/patterns.md, "ship"): a quick ship whose
# shot fans out wide unfocused and narrows into a strong stream ahead focused.
# The main pair hits for 3, every side stream for 2; one more pair of side
# streams and one more pair of options come with each whole power level.

ship hotaru {
    name "Hotaru"
    about "A quick firefly: a wide fan, a strong stream focused."
    look player
    character hotaru
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

    # The bomb, "Firefly Sign: Lantern Swarm": nothing but a spectacle (the
    # bomb's circle does the work): a warm flash, the field washed gold, rings
    # of light thrown out from the ship and fireflies drifting up after them.
    # Presentation only (docs/patterns.md, "Spectacle"): the run is as without.
    bomb {
        cutin "Firefly Sign: Lantern Swarm" yellow over 130
        flash yellow over 26 alpha 0.5
        tint orange over 150 alpha 0.16
        shake 5 over 36
        effect bubble yellow size 1 grow 16 over 44 fade 44 alpha 0.7 additive
        effect bubble orange size 1 grow 12 over 50 fade 50 alpha 0.5 additive after 12
        effect bubble yellow size 1 grow 16 over 44 fade 44 alpha 0.5 additive after 40
        effect star_large yellow size 2 grow 7 over 60 turn 5 fade 60 alpha 0.6 additive
        effect orb_large yellow at (-30, -10) move (-1.2, -2.4) size 1.2 grow 0.4 over 80 hold 30 fade 50 additive after 6
        effect orb_large orange at (28, -14) move (1.1, -2.6) size 1 grow 0.3 over 80 hold 30 fade 50 additive after 14
        effect orb_large yellow at (-12, -30) move (-0.4, -3.2) size 1.1 grow 0.3 over 80 hold 30 fade 50 additive after 22
        effect orb_large orange at (40, 4) move (1.8, -1.8) size 0.9 grow 0.3 over 80 hold 30 fade 50 additive after 30
        effect orb_large yellow at (-44, 6) move (-1.9, -1.6) size 1 grow 0.3 over 80 hold 30 fade 50 additive after 38
        effect orb_large yellow at (10, -20) move (0.5, -3) size 1.2 grow 0.3 over 80 hold 30 fade 50 additive after 46
        effect orb_large orange at (-24, -4) move (-0.9, -2.8) size 1 grow 0.3 over 80 hold 30 fade 50 additive after 58
        effect orb_large yellow at (24, -6) move (0.9, -2.8) size 1 grow 0.3 over 80 hold 30 fade 50 additive after 70
    }
}
