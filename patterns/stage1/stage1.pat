# Stage 1, "Lanterns at Dusk": the game's first stage, from the title card to
# the boss. Waves of wisps and drones, spinners, two turrets, the midboss Wick,
# a second part with crystals, then Kagari. About four and a half minutes.
#
# The waves keep time whatever the player does (enemies that survive fly away);
# only before each boss does the stage wait for the field to clear, and never
# for long. `time` counts the frames since the stage began.

stage stage1 {
    background dusk
    music stage
    wait 30
    title "Stage 1" "Lanterns at Dusk"
    wait 150

    # Wave A: pairs of wisps from both sides...
    repeat 6 as i {
        spawn s1_wisp(1, 90 + i % 3 * 20) at (40 + i * 14, -20)
        spawn s1_wisp(-1, 90 + i % 3 * 20) at (344 - i * 14, -20)
        wait 70
    }
    wait 40
    # ...drones curving in from each side in turn...
    repeat 8 {
        spawn s1_drone(1) at (60, -16)
        wait 12
    }
    wait 30
    repeat 8 {
        spawn s1_drone(-1) at (324, -16)
        wait 12
    }
    wait 60
    # ...and a column of wisps down the middle, with drones either side.
    repeat 5 as i {
        spawn s1_wisp(1 - i % 2 * 2, 100 + i * 12, 2) at (192, -20)
        spawn s1_drone(1) at (30, -16)
        spawn s1_drone(-1) at (354, -16)
        wait 50
    }
    wait 120

    # Wave B: a V of spinners, drones flanking them.
    spawn s1_spinner(192, 130) at (192, -24)
    wait 40
    spawn s1_spinner(120, 110) at (120, -24)
    spawn s1_spinner(264, 110) at (264, -24)
    wait 60
    spawn s1_spinner(60, 90) at (60, -24)
    spawn s1_spinner(324, 90) at (324, -24)
    repeat 6 {
        spawn s1_drone(1) at (20, -16)
        spawn s1_drone(-1) at (364, -16)
        wait 30
    }
    wait 180
    repeat 4 as i {
        spawn s1_crosser(1) at (-10, 50 + i * 16)
        spawn s1_crosser(-1) at (394, 58 + i * 16)
        wait 45
    }
    wait 120

    # Wave C: two turrets, wisps crossing underneath them.
    spawn s1_turret(110, 1) at (110, -30)
    spawn s1_turret(274, -1) at (274, -30)
    wait 120
    repeat 6 as i {
        spawn s1_crosser(1) at (-10, 60 + i * 12)
        wait 40
        spawn s1_crosser(-1) at (394, 60 + i * 12)
        wait 40
    }
    wait 60
    repeat 4 as i {
        spawn s1_spinner(96 + i * 64, 150 - i % 2 * 40) at (96 + i * 64, -24)
        wait 30
    }
    wait until enemies == 0 or time > 60 * 85
    wait 60

    midboss s1_wick
    wait 90

    # Above the clouds for the second part (a backdrop drawn from data: below)
    background dusk_clouds

    # Wave D: crystals in a row, drones and wisps weaving between.
    spawn s1_crystal(96, 100) at (96, -24)
    spawn s1_crystal(288, 100) at (288, -24)
    wait 90
    repeat 4 as i {
        spawn s1_wisp(1, 150, 3) at (30 + i * 20, -20)
        spawn s1_wisp(-1, 150, 3) at (354 - i * 20, -20)
        wait 50
    }
    wait 60
    spawn s1_crystal(192, 80) at (192, -24)
    repeat 10 as i {
        spawn s1_drone(1 - i % 2 * 2) at (60 + i % 2 * 264, -16)
        wait 18
    }
    wait 60
    repeat 4 as i {
        spawn s1_crosser(1, 2.8) at (-10, 40 + i * 20)
        spawn s1_crosser(-1, 2.8) at (394, 50 + i * 20)
        wait 45
    }
    wait 60
    spawn s1_turret(192, 1) at (192, -30)
    repeat 6 as i {
        spawn s1_wisp(1, 170, 2) at (24 + i * 10, -20)
        spawn s1_wisp(-1, 170, 2) at (360 - i * 10, -20)
        wait 60
    }
    wait until enemies == 0 or time > 60 * 175
    wait 90

    background dusk_boss
    title "Kagari" "Keeper of the Curtain"
    wait 60
    music boss
    boss s1_kagari
    wait 180
}

# Stage 1's second part flies above the clouds as the dusk deepens: a backdrop
# drawn from data (docs/patterns.md, Backdrops), its sheets drawn in code by
# tools/backdrop_sheets.c. Bottom layer first: the sky, stars that twinkle, the
# moon, a far sea of cloud, lanterns rising through it, the near cloud banks
# passing faster (parallax). Dark and soft, so the bullets read over it.
backdrop dusk_clouds {
    layer fill gradient (12, 6, 30) (52, 18, 56)
    layer "art/stars.png" tile scroll 0 0.08 alpha 0.8 fade 300 additive
    layer "art/moon.png" at (300, 84) alpha 0.45
    layer "art/clouds_far.png" tile scroll 0.05 0.3 alpha 0.55
    layer "art/lanterns.png" tile scroll 0.04 -0.45 alpha 0.5 additive
    layer "art/clouds_near.png" tile scroll -0.1 0.9 scale 1.5 tint (200, 150, 200) alpha 0.4
    spell {
        layer fill gradient (24, 4, 22) (70, 12, 40)
        layer "art/clouds_far.png" tile turn 0.06 scale 2 tint (255, 120, 160) alpha 0.5
        layer "art/lanterns.png" tile scroll 0 -1.2 alpha 0.8 additive
    }
}
