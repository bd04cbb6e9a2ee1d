# Shirasagi, the game's second ship (docs/patterns.md, "ship"): the white heron,
# slow and patient, whose feathers find their prey and whose lance runs it through.
# Unfocused, a straight pair and feathers that home on the nearest enemy (`aim`
# on the player's side); focused, a narrow lance of shots that pierce (`pierce`):
# each passes through every enemy in its way, hurting it every frame it is
# inside, so it hits a big target or a file of small ones many times over. Her
# hitbox is the smallest and her graze circle the widest; she is slower than
# Hotaru. One more pair of feathers or lances and one more pair of options come
# with each whole power level.

ship shirasagi {
    name "Shirasagi"
    about "A slow white heron: seeking feathers, a piercing lance."
    look player_heron
    character shirasagi
    speed 3.8
    focus_speed 1.6
    hitbox 1.8
    graze 30
    interval 7
    shot_radius 6
    bomb_time 220
    bomb_invuln 250
    bomb_radius 30
    bomb_growth 2.5
    bomb_max 160

    # options: from power level N, at (x, y) from the ship, focused at (x, y):
    # spread behind her like wings, folded ahead of her when she aims.
    option 2 (-20, 12) focused (-8, -18)
    option 2 (20, 12) focused (8, -18)
    option 3 (-32, 4) focused (-14, -12)
    option 3 (32, 4) focused (14, -12)
    option 4 (-42, -6) focused (-20, -6)
    option 4 (42, -6) focused (20, -6)

    # Unfocused: a straight shot (3), then a straight pair (2 each), and feathers
    # from the ship and then from each pair of options (2 each, the outer pairs
    # 1), fanning out: each leaves straight, then keeps turning to the nearest
    # enemy, and gives up after a second and a half. (A ship's code is kept in
    # its declaration: a pattern declared beside it would move the code older
    # replays check.)
    shot 1 {
        damage 3
        fire rice white at 0 speed 13 from (0, -12)
        damage 2
        fire rice purple at 330 speed 9 from (-6, -4) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 30 speed 9 from (6, -4) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
    }
    shot 2 {
        damage 2
        fire rice white at 0 speed 13 from (-4, -12)
        fire rice white at 0 speed 13 from (4, -12)
        damage 2
        fire rice purple at 330 speed 9 from (-20, 12) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 30 speed 9 from (20, 12) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
    }
    shot 3 {
        damage 2
        fire rice white at 0 speed 13 from (-4, -12)
        fire rice white at 0 speed 13 from (4, -12)
        damage 2
        fire rice purple at 330 speed 9 from (-20, 12) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 30 speed 9 from (20, 12) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        damage 1
        fire rice purple at 300 speed 9 from (-32, 4) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 60 speed 9 from (32, 4) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
    }
    shot 4 {
        damage 2
        fire rice white at 0 speed 13 from (-4, -12)
        fire rice white at 0 speed 13 from (4, -12)
        damage 2
        fire rice purple at 330 speed 9 from (-20, 12) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 30 speed 9 from (20, 12) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        damage 1
        fire rice purple at 300 speed 9 from (-32, 4) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 60 speed 9 from (32, 4) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 270 speed 9 from (-42, -6) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
        fire rice purple at 90 speed 9 from (42, -6) {
            wait 5
            repeat 21 {
                turn to aim over 10
                wait 4
            }
            vanish
        }
    }

    # Focused: the lance, fast shots that pierce (1 a frame inside an enemy:
    # three or four frames through the boss). Each volley lays its shots one
    # after another along the lance, up to 102 px ahead, so that at every power
    # they draw one unbroken spear; each whole level widens it.
    shot 1 focused {
        damage 1
        pierce 1
        fire arrow yellow at 0 speed 22 from (-2, -14)
        fire arrow yellow at 0 speed 22 from (2, -80)
    }
    shot 2 focused {
        damage 1
        pierce 1
        fire arrow yellow at 0 speed 22 from (0, -14)
        fire arrow yellow at 0 speed 22 from (-6, -58)
        fire arrow yellow at 0 speed 22 from (6, -102)
    }
    shot 3 focused {
        damage 1
        pierce 1
        fire arrow yellow at 0 speed 22 from (-3, -14)
        fire arrow yellow at 0 speed 22 from (3, -14)
        fire arrow yellow at 0 speed 22 from (-8, -80)
        fire arrow yellow at 0 speed 22 from (8, -80)
    }
    shot 4 focused {
        damage 1
        pierce 1
        fire arrow yellow at 0 speed 22 from (-3, -14)
        fire arrow yellow at 0 speed 22 from (3, -14)
        fire arrow yellow at 0 speed 22 from (-8, -58)
        fire arrow yellow at 0 speed 22 from (8, -58)
        fire arrow yellow at 0 speed 22 from (-14, -102)
        fire arrow yellow at 0 speed 22 from (14, -102)
    }

    # The bomb, "Heron Sign: White Feather Storm": rings of piercing feathers
    # wheeling out from the ship, every ring turned a little from the last. Its
    # spectacle (docs/patterns.md, "Spectacle"): a cold flash, the field washed
    # pale blue, a heron's crest turning slowly over the ship, a ripple with
    # every ring and white feathers drifting down. Presentation only: the code
    # and the run are as without it.
    bomb {
        cutin "Heron Sign: White Feather Storm" cyan over 150
        flash white over 22 alpha 0.45
        tint blue over 220 alpha 0.14
        shake 3 over 24
        effect star_large white size 3 grow 8 over 200 turn 1.5 hold 140 fade 80 alpha 0.35 additive
        effect star_large cyan size 2 grow 6 over 200 turn -2 angle 36 hold 140 fade 80 alpha 0.3 additive
        effect rice white at (-70, -160) move (0.3, 1.1) angle 200 size 2 hold 90 fade 60 alpha 0.7 after 10
        effect rice white at (60, -190) move (-0.2, 1.2) angle 160 size 2 hold 90 fade 60 alpha 0.7 after 30
        effect rice white at (-20, -220) move (0.2, 1.0) angle 190 size 1.6 hold 90 fade 60 alpha 0.6 after 50
        effect rice white at (100, -140) move (-0.4, 1.1) angle 150 size 1.8 hold 90 fade 60 alpha 0.6 after 70
        effect rice white at (-110, -120) move (0.4, 1.0) angle 210 size 1.8 hold 90 fade 60 alpha 0.6 after 90
        repeat 12 as k {
            damage 2
            pierce 1
            fire rice purple ring 12 at k * 11 speed 2.5 accel 0.12 spin 1.2
            effect bubble cyan size 0.8 grow 7 over 30 fade 30 alpha 0.4 additive
            wait 12
        }
    }
}
