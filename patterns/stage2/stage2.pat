# Stage 2, "Moonlight on the Still Lake": a lake at night under the full moon.
# Moths flutter down to the lamps, water spirits rise and breathe out ripples,
# lotus turrets drift on the current; the midboss Suiren, the night lotus; a
# second part where all three come together, then Minamo, the moon upon the
# water. About five minutes on Normal.
#
# As in stage 1 the waves keep time whatever the player does; only before each
# boss does the stage wait for the field to clear, and never for long.

stage stage2 {
    background lake
    music stage
    wait 30
    title "Stage 2" "Moonlight on the Still Lake"
    wait 150

    # Wave A: moths in pairs, zigzagging down from both sides...
    repeat 6 as i {
        spawn s2_moth(1, 90 + i % 3 * 20) at (50 + i * 16, -20)
        spawn s2_moth(-1, 90 + i % 3 * 20) at (334 - i * 16, -20)
        wait 60
    }
    wait 30
    # ...a swarm crossing in long curves, first from the left, then the right...
    repeat 10 {
        spawn s2_moth_dive(1) at (-10, 40)
        wait 10
    }
    wait 40
    repeat 10 {
        spawn s2_moth_dive(-1) at (394, 40)
        wait 10
    }
    wait 60
    # ...and the first water spirit, moths around her.
    spawn s2_spirit(192, 110) at (192, -24)
    repeat 4 as i {
        spawn s2_moth(1 - i % 2 * 2, 140) at (120 + i % 2 * 144, -20)
        wait 50
    }
    wait 120
    # A second flight of zigzagging moths, three abreast this time.
    repeat 5 as i {
        spawn s2_moth(1, 80 + i * 12) at (40 + i * 10, -20)
        spawn s2_moth(1 - i % 2 * 2, 120 + i * 12) at (192, -20)
        spawn s2_moth(-1, 80 + i * 12) at (344 - i * 10, -20)
        wait 55
    }
    wait 90

    # Wave B: three spirits in a line, swarms crossing above them.
    spawn s2_spirit(96, 100) at (96, -24)
    wait 30
    spawn s2_spirit(288, 100) at (288, -24)
    wait 30
    spawn s2_spirit(192, 140, 3) at (192, -24)
    wait 120
    repeat 6 as i {
        spawn s2_moth_dive(1) at (-10, 30 + i * 6)
        spawn s2_moth_dive(-1) at (394, 30 + i * 6)
        wait 24
    }
    wait 90
    # Then moths in a column down the middle, a spirit at each side.
    spawn s2_spirit(60, 120, 3) at (60, -24)
    spawn s2_spirit(324, 120, 3) at (324, -24)
    repeat 8 as i {
        spawn s2_moth(1 - i % 2 * 2, 100 + i % 4 * 15) at (192, -20)
        wait 40
    }
    repeat 8 as i {
        spawn s2_moth_dive(1 - i % 2 * 2) at (-10 + i % 2 * 404, 60 + i % 4 * 10)
        wait 16
    }
    wait 150

    # Wave C: two lotus turrets, moths zigzagging in beneath them.
    spawn s2_lotus(110, 1) at (110, -30)
    spawn s2_lotus(274, -1) at (274, -30)
    wait 140
    repeat 6 as i {
        spawn s2_moth(1, 150) at (30 + i * 12, -20)
        wait 35
        spawn s2_moth(-1, 150) at (354 - i * 12, -20)
        wait 35
    }
    wait 60
    repeat 3 as i {
        spawn s2_spirit(96 + i * 96, 130 - i % 2 * 40, 3) at (96 + i * 96, -24)
        wait 40
    }
    wait until enemies == 0 or time > 60 * 110
    wait 60

    midboss s2_suiren
    wait 90

    # Wave D: spirits and moths together, the swarms thicker...
    repeat 4 as i {
        spawn s2_spirit(70 + i * 81, 90 + i % 2 * 40, 3) at (70 + i * 81, -24)
        spawn s2_moth_dive(1 - i % 2 * 2) at (-10 + i % 2 * 404, 50)
        wait 45
    }
    repeat 12 as i {
        spawn s2_moth_dive(1 - i % 2 * 2) at (-10 + i % 2 * 404, 30 + i % 3 * 12)
        wait 14
    }
    wait 100
    # ...a lotus in the middle with moths diving about it...
    spawn s2_lotus(192, 1) at (192, -30)
    wait 60
    repeat 6 as i {
        spawn s2_moth(1, 170, 2) at (24 + i * 10, -20)
        spawn s2_moth(-1, 170, 2) at (360 - i * 10, -20)
        wait 55
    }
    wait 60
    # ...a spirit at the top of each side with swarms crossing twice...
    spawn s2_spirit(100, 80, 4) at (100, -24)
    spawn s2_spirit(284, 80, 4) at (284, -24)
    wait 60
    repeat 2 {
        repeat 8 as i {
            spawn s2_moth_dive(1) at (-10, 30 + i * 8)
            spawn s2_moth_dive(-1) at (394, 34 + i * 8)
            wait 18
        }
        wait 120
    }
    spawn s2_lotus(192, -1) at (192, -30)
    wait 90
    repeat 4 as i {
        spawn s2_moth(1, 130 + i * 10, 1) at (40 + i * 20, -20)
        spawn s2_moth(-1, 130 + i * 10, 1) at (344 - i * 20, -20)
        wait 45
    }
    wait 90
    # ...then two lotuses high up and a last ring of spirits.
    spawn s2_lotus(80, -1) at (80, -30)
    spawn s2_lotus(304, 1) at (304, -30)
    wait 150
    repeat 3 as i {
        spawn s2_spirit(128 + i * 64, 150, 2) at (128 + i * 64, -24)
        wait 40
    }
    repeat 8 as i {
        spawn s2_moth_dive(1 - i % 2 * 2) at (-10 + i % 2 * 404, 40)
        wait 20
    }
    wait until enemies == 0 or time > 60 * 225
    wait 90

    title "Minamo" "Moon upon the Water"
    wait 60
    background lake_boss
    music boss
    boss s2_minamo
    wait 180
}
