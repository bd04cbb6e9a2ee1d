# Tsubame, the game's third ship (docs/patterns.md, "Ships" and "Shot types"):
# the swallow, a courier who flies faster than anyone: the fastest ship, with
# the slowest and most precise focused speed. Two shot types:
#
#   laser   player lasers (docs/patterns.md, "Player lasers"): beams that
#           pierce, on every frame the shot button is held (each volley's beam
#           lasts the interval and a frame). Unfocused, a fan of thin beams;
#           focused, one strong beam straight ahead with the options' beams
#           beside it: the type for bosses, if you stay under them.
#   cutter  fast needles in a wide V, unfocused; focused, the V folds into a
#           narrow wedge ahead: the type for the field's small enemies.
#
# One more pair of options and one more pair of beams or needles come with each
# whole power level.

ship tsubame {
    name "Tsubame"
    about "A swift swallow: forward lasers, or a wide V of cutting needles."
    look player_swallow
    option_look option_swallow
    character tsubame
    speed 5.2
    focus_speed 1.7
    hitbox 2.3
    graze 18
    interval 4
    shot_radius 6
    bomb_time 160
    bomb_invuln 200
    bomb_radius 20
    bomb_growth 9
    bomb_max 300

    # options: from power level N, at (x, y) from the ship, focused at (x, y):
    # spread out like wingtips, drawn in close to her when she aims.
    option 2 (-18, 6) focused (-9, -10)
    option 2 (18, 6) focused (9, -10)
    option 3 (-30, 10) focused (-17, -4)
    option 3 (30, 10) focused (17, -4)
    option 4 (-42, 14) focused (-25, 2)
    option 4 (42, 14) focused (25, 2)

    # The first type: player lasers. Every beam pierces and hurts what it
    # touches by its damage every frame (fractions of one allowed); each
    # follows the ship and lasts the interval and a frame, so a held button
    # keeps it on.
    type laser {
        name "Skyline Laser"
        about "Beams that pierce everything in line; focused, one strong beam."

        # Unfocused: a thin beam ahead (1 a frame), and from each pair of
        # options a pair of beams fanning out 5, 10 and 15 degrees (0.6 each).
        shot 1 {
            damage 1
            pierce 1
            laser straight cyan at 0 length 460 width 6 follow from (0, -12)
        }
        shot 2 {
            damage 1
            pierce 1
            laser straight cyan at 0 length 460 width 6 follow from (0, -12)
            damage 0.6
            laser straight blue at 355 length 460 width 3 follow from (-18, 0)
            laser straight blue at 5 length 460 width 3 follow from (18, 0)
        }
        shot 3 {
            damage 1
            pierce 1
            laser straight cyan at 0 length 460 width 6 follow from (0, -12)
            damage 0.6
            laser straight blue at 355 length 460 width 3 follow from (-18, 0)
            laser straight blue at 5 length 460 width 3 follow from (18, 0)
            laser straight blue at 350 length 460 width 3 follow from (-30, 4)
            laser straight blue at 10 length 460 width 3 follow from (30, 4)
        }
        shot 4 {
            damage 1
            pierce 1
            laser straight cyan at 0 length 460 width 6 follow from (0, -12)
            damage 0.6
            laser straight blue at 355 length 460 width 3 follow from (-18, 0)
            laser straight blue at 5 length 460 width 3 follow from (18, 0)
            laser straight blue at 350 length 460 width 3 follow from (-30, 4)
            laser straight blue at 10 length 460 width 3 follow from (30, 4)
            laser straight blue at 345 length 460 width 3 follow from (-42, 8)
            laser straight blue at 15 length 460 width 3 follow from (42, 8)
        }

        # Focused: one beam straight ahead, wider and stronger with power, and
        # from level 2 the near options' beams beside it: 1.2, 2, 2.8 and 3.4
        # a frame in all (Hotaru's focused stream: 1.2, 2, 2.8, 3.6 when every
        # shot lands; a beam never misses while she is under her target).
        shot 1 focused {
            damage 1.2
            pierce 1
            laser straight cyan at 0 length 460 width 6 follow from (0, -12)
        }
        shot 2 focused {
            damage 1.4
            pierce 1
            laser straight cyan at 0 length 460 width 8 follow from (0, -12)
            damage 0.3
            laser straight blue at 0 length 460 width 4 follow from (-9, -16)
            laser straight blue at 0 length 460 width 4 follow from (9, -16)
        }
        shot 3 focused {
            damage 1.6
            pierce 1
            laser straight cyan at 0 length 460 width 9 follow from (0, -12)
            damage 0.6
            laser straight blue at 0 length 460 width 4 follow from (-9, -16)
            laser straight blue at 0 length 460 width 4 follow from (9, -16)
        }
        shot 4 focused {
            damage 1.8
            pierce 1
            laser straight cyan at 0 length 460 width 10 follow from (0, -12)
            damage 0.8
            laser straight blue at 0 length 460 width 4 follow from (-9, -16)
            laser straight blue at 0 length 460 width 4 follow from (9, -16)
        }
    }

    # The second type: needles, fast and sharp. Unfocused a straight pair (3
    # each) and a wide V opening 9 degrees more with each pair (2 each, the
    # widest 1); focused, a narrow wedge, the options' needles turned a little
    # inward to cross ahead of her.
    type cutter {
        name "Swallowtail Cutter"
        about "Fast needles in a wide V; focused, a narrow wedge ahead."

        shot 1 {
            damage 3
            fire kunai cyan at 0 speed 18 from (-4, -10)
            fire kunai cyan at 0 speed 18 from (4, -10)
            damage 2
            fire kunai blue at 351 speed 18 from (-6, -6)
            fire kunai blue at 9 speed 18 from (6, -6)
        }
        shot 2 {
            damage 3
            fire kunai cyan at 0 speed 18 from (-4, -10)
            fire kunai cyan at 0 speed 18 from (4, -10)
            damage 2
            fire kunai blue at 351 speed 18 from (-6, -6)
            fire kunai blue at 9 speed 18 from (6, -6)
            fire kunai blue at 342 speed 18 from (-18, 0)
            fire kunai blue at 18 speed 18 from (18, 0)
        }
        shot 3 {
            damage 3
            fire kunai cyan at 0 speed 18 from (-4, -10)
            fire kunai cyan at 0 speed 18 from (4, -10)
            damage 2
            fire kunai blue at 351 speed 18 from (-6, -6)
            fire kunai blue at 9 speed 18 from (6, -6)
            fire kunai blue at 342 speed 18 from (-18, 0)
            fire kunai blue at 18 speed 18 from (18, 0)
            fire kunai blue at 333 speed 18 from (-30, 4)
            fire kunai blue at 27 speed 18 from (30, 4)
        }
        shot 4 {
            damage 3
            fire kunai cyan at 0 speed 18 from (-4, -10)
            fire kunai cyan at 0 speed 18 from (4, -10)
            damage 2
            fire kunai blue at 351 speed 18 from (-6, -6)
            fire kunai blue at 9 speed 18 from (6, -6)
            fire kunai blue at 342 speed 18 from (-18, 0)
            fire kunai blue at 18 speed 18 from (18, 0)
            fire kunai blue at 333 speed 18 from (-30, 4)
            fire kunai blue at 27 speed 18 from (30, 4)
            damage 1
            fire kunai blue at 324 speed 18 from (-42, 8)
            fire kunai blue at 36 speed 18 from (42, 8)
        }

        shot 1 focused {
            damage 3
            fire kunai white at 0 speed 20 from (-4, -10)
            fire kunai white at 0 speed 20 from (4, -10)
            damage 2
        }
        shot 2 focused {
            damage 3
            fire kunai white at 0 speed 20 from (-4, -10)
            fire kunai white at 0 speed 20 from (4, -10)
            damage 2
            fire kunai cyan at 2 speed 20 from (-9, -14)
            fire kunai cyan at 358 speed 20 from (9, -14)
        }
        shot 3 focused {
            damage 3
            fire kunai white at 0 speed 20 from (-4, -10)
            fire kunai white at 0 speed 20 from (4, -10)
            damage 2
            fire kunai cyan at 2 speed 20 from (-9, -14)
            fire kunai cyan at 358 speed 20 from (9, -14)
            damage 1
            fire kunai cyan at 3 speed 20 from (-17, -8)
            fire kunai cyan at 357 speed 20 from (17, -8)
        }
        shot 4 focused {
            damage 3
            fire kunai white at 0 speed 20 from (-4, -10)
            fire kunai white at 0 speed 20 from (4, -10)
            damage 2
            fire kunai cyan at 2 speed 20 from (-9, -14)
            fire kunai cyan at 358 speed 20 from (9, -14)
            damage 1
            fire kunai cyan at 3 speed 20 from (-17, -8)
            fire kunai cyan at 357 speed 20 from (17, -8)
            fire kunai cyan at 4 speed 20 from (-25, -2)
            fire kunai cyan at 356 speed 20 from (25, -2)
        }
    }

    # The bomb, "Swallow Sign: Tsubame Gaeshi" (the swallow-return cut): two
    # great blades of light open from the ship like a swallow's tail and cut
    # across each other over the whole field, then turn and cut back the way
    # they came. Piercing player lasers, 3 a frame, beside the bomb's circle.
    # Its spectacle (docs/patterns.md, "Spectacle"): a white flash, the field
    # washed deep blue, a ripple with each cut, wind streaks rushing up and
    # dark feathers falling after. Presentation only: the run is as without.
    bomb {
        cutin "Swallow Sign: Tsubame Gaeshi" red over 150
        flash white over 20 alpha 0.5
        tint blue over 170 alpha 0.18
        shake 4 over 30
        effect bubble cyan size 1 grow 14 over 36 fade 36 alpha 0.6 additive
        effect star_large white size 2 grow 6 over 40 turn 9 fade 40 alpha 0.5 additive
        effect kunai white at (-60, 20) move (0, -9) angle 270 size 2.4 hold 20 fade 20 alpha 0.6 additive after 4
        effect kunai cyan at (50, 30) move (0, -10) angle 270 size 2.2 hold 20 fade 20 alpha 0.6 additive after 8
        effect kunai white at (-20, 40) move (0, -11) angle 270 size 2.6 hold 20 fade 20 alpha 0.6 additive after 12
        effect kunai cyan at (90, 10) move (0, -9) angle 270 size 2 hold 20 fade 20 alpha 0.5 additive after 16
        effect kunai white at (-100, 0) move (0, -10) angle 270 size 2 hold 20 fade 20 alpha 0.5 additive after 20
        damage 3
        pierce 1
        laser straight white at 280 length 460 width 26 spin 4 life 40 follow from (0, -8)
        laser straight red at 80 length 460 width 26 spin -4 life 40 follow from (0, -8)
        wait 46
        flash cyan over 16 alpha 0.4
        shake 6 over 26
        effect bubble white size 1 grow 16 over 40 fade 40 alpha 0.6 additive
        effect star_large cyan size 3 grow 8 over 50 turn -8 fade 50 alpha 0.45 additive
        effect rice blue at (-80, -160) move (0.4, 1.3) angle 200 size 2 hold 60 fade 50 alpha 0.7 after 10
        effect rice blue at (70, -200) move (-0.3, 1.2) angle 160 size 2 hold 60 fade 50 alpha 0.7 after 24
        effect rice purple at (-10, -230) move (0.2, 1.1) angle 190 size 1.6 hold 60 fade 50 alpha 0.6 after 38
        effect rice blue at (120, -150) move (-0.4, 1.2) angle 150 size 1.8 hold 60 fade 50 alpha 0.6 after 52
        effect rice purple at (-130, -130) move (0.4, 1.1) angle 210 size 1.8 hold 60 fade 50 alpha 0.6 after 66
        damage 3
        pierce 1
        laser straight white at 80 length 460 width 30 spin -4 life 40 follow from (0, -8)
        laser straight red at 280 length 460 width 30 spin 4 life 40 follow from (0, -8)
        wait 46
    }
}
