# docs/examples/24_backdrop.pat
backdrop night_sky {                                      # its sheets: PNGs beside this file
    layer fill gradient (12, 6, 30) (40, 16, 50)          # the sky: the top's colour to the bottom's
    layer "art/stars.png" tile alpha 0.8 fade 300 additive  # twinkling: out and back in every 300 frames
    layer "art/moon.png" at (300, 84) alpha 0.6           # one picture, centred at (300, 84)
    layer "art/clouds_far.png" tile scroll 0 0.3 alpha 0.55  # far clouds drift slowly...
    layer "art/clouds_near.png" tile scroll -0.1 0.9 scale 1.5 tint (200, 150, 200) alpha 0.4
    spell {                                               # ...what it shows during a spell card
        layer fill gradient (24, 4, 22) (70, 12, 40)
        layer "art/clouds_far.png" tile turn 0.06 scale 2 tint (255, 120, 160) alpha 0.5
        layer "art/lanterns.png" tile scroll 0 -1.2 alpha 0.8 additive
    }
}

boss night_heron {
    name "Night Heron"
    look crystal
    spell_background night_sky                            # its cards: night_sky's spell layers
    phase "Heron Sign: Falling Stars" spell time 20s health 400 {
        loop as t {
            fire orb_small cyan ring 16 at t * 5 speed 1.6
            wait 12
        }
    }
}

stage night {
    background night_sky                                  # as `background lake` would
    wait 60
    boss night_heron
}
