# Stage 5, "The Star Loom": above the storm, a weaving hall among the
# constellations, where the threads of the night are spun. Shuttles dart
# across the warp, spindles wheel down, loom frames hang in the hall and
# weave; the midboss Kaiko, the Silk Moth, at its middle; a second part where
# all of them work at once, then Amaori, the Star Weaver, who wove the
# curtain. Heavier than stage 4 and lighter than stage 6 on every difficulty
# (docs/game.md, the difficulty curve); four and a half minutes on Normal.
#
# As in the stages before it the waves keep time whatever the player does;
# only before each boss does the stage wait for the field to clear, and never
# for long.

stage stage5 {
    background s5_starloom
    music stage
    wait 30
    title "Stage 5" "The Star Loom"
    wait 150

    # Wave A: shuttles crossing the warp, from the left, then the right...
    repeat 5 as i {
        spawn s5_shuttle(1, i % 2 * 6) at (-12, 50 + i * 22)
        wait 26
    }
    wait 30
    repeat 5 as i {
        spawn s5_shuttle(-1, i % 2 * 6) at (396, 60 + i * 22)
        wait 26
    }
    wait 50
    # ...spindles wheeling down in pairs...
    repeat 4 as i {
        spawn s5_spindle(1, 90 + i % 2 * 30) at (50 + i * 24, -20)
        spawn s5_spindle(-1, 90 + i % 2 * 30) at (334 - i * 24, -20)
        wait 70
    }
    wait 30
    # ...a column of spindles down the middle, turning both ways...
    repeat 5 as i {
        spawn s5_spindle(1 - i % 2 * 2, 70 + i * 14) at (192 - (1 - i % 2 * 2) * 40, -20)
        wait 60
    }
    wait 40
    # ...and shuttles both ways at once, their threads crossing.
    repeat 6 as i {
        spawn s5_shuttle(1, 4) at (-12, 40 + i * 14)
        spawn s5_shuttle(-1, 4) at (396, 130 - i * 14)
        wait 34
    }
    wait 90

    # Wave B: a loom frame in the middle, shuttles darting under it...
    spawn s5_loom(192, 90) at (192, -30)
    wait 120
    repeat 6 as i {
        spawn s5_shuttle(1 - i % 2 * 2, 10) at (-12 + i % 2 * 408, 150 + i % 3 * 12)
        wait 40
    }
    wait 60
    # ...spindles three abreast...
    repeat 3 as i {
        spawn s5_spindle(1, 110) at (40, -20)
        spawn s5_spindle(1 - i % 2 * 2, 80) at (192, -20)
        spawn s5_spindle(-1, 110) at (344, -20)
        wait 80
    }
    wait 40
    # ...two frames at the sides, one after the other, shuttles and spindles
    # between them.
    spawn s5_loom(96, 100) at (96, -30)
    wait 100
    spawn s5_loom(288, 100) at (288, -30)
    wait 60
    repeat 5 as i {
        if i % 2 == 0 {
            spawn s5_spindle(1 - i % 4, 130) at (150 + i % 4 * 42, -20)
        }
        spawn s5_shuttle(1 - i % 2 * 2, 8) at (-12 + i % 2 * 408, 190)
        wait 50
    }
    wait until enemies == 0 or time > 60 * 110
    wait 60

    midboss s5_kaiko
    wait 90

    # Wave C: shuttles diving across the hall on long slants...
    repeat 8 as i {
        spawn s5_shuttle(1 - i % 2 * 2, 18) at (-12 + i % 2 * 408, 30 + i * 6)
        wait 30
    }
    wait 40
    # ...then everything at work at once: shuttles and spindles together...
    repeat 6 as i {
        spawn s5_spindle(1 - i % 2 * 2, 90 + i % 3 * 20) at (60 + i * 52, -20)
        spawn s5_shuttle(1 - i % 2 * 2, 6) at (-12 + i % 2 * 408, 40 + i * 6)
        wait 44
    }
    wait 60
    # ...a frame high in the middle, a weft of shuttles crossing beneath...
    spawn s5_loom(192, 70) at (192, -30)
    wait 80
    repeat 2 {
        repeat 7 as i {
            spawn s5_shuttle(1, 2) at (-12, 130 + i * 9)
            spawn s5_shuttle(-1, 2) at (396, 134 + i * 9)
            wait 20
        }
        wait 100
    }
    # ...three frames in a row, spindles wheeling between them...
    spawn s5_loom(80, 110) at (80, -30)
    spawn s5_loom(304, 110) at (304, -30)
    wait 60
    spawn s5_loom(192, 70) at (192, -30)
    wait 100
    repeat 6 as i {
        spawn s5_spindle(1, 140) at (30 + i * 10, -20)
        spawn s5_spindle(-1, 140) at (354 - i * 10, -20)
        wait 55
    }
    wait 60
    # ...and the last of the hall's workers: the whole loom at once.
    spawn s5_loom(70, 90) at (70, -30)
    spawn s5_loom(314, 90) at (314, -30)
    wait 90
    repeat 6 as i {
        spawn s5_spindle(1 - i % 2 * 2, 100 + i % 3 * 16) at (120 + i % 2 * 144, -20)
        spawn s5_shuttle(1 - i % 2 * 2, 6) at (-12 + i % 2 * 408, 60 + i * 8)
        wait 50
    }
    wait 60
    # ...the weft pulled tight: a frame at each side, shuttles in pairs
    # between them, climbing the warp...
    spawn s5_loom(96, 80) at (96, -30)
    spawn s5_loom(288, 80) at (288, -30)
    wait 80
    repeat 14 as i {
        spawn s5_shuttle(1, 4 + i % 3 * 4) at (-12, 170 - i * 8)
        spawn s5_shuttle(-1, 4 + i % 3 * 4) at (396, 176 - i * 8)
        wait 40
    }
    wait 60
    # ...spindles wheeling down the whole width, left to right, twice...
    repeat 10 as i {
        spawn s5_spindle(1 - i % 2 * 2, 90 + i % 4 * 15) at (40 + i % 5 * 76, -20)
        wait 60
    }
    wait 60
    # ...and one frame at the centre, the weave closing under it.
    spawn s5_loom(192, 80) at (192, -30)
    wait 100
    repeat 8 as i {
        spawn s5_shuttle(1 - i % 2 * 2, 8) at (-12 + i % 2 * 408, 150 + i % 4 * 10)
        wait 50
    }
    wait until enemies == 0 or time > 60 * 280
    wait 60
    # The hall goes dark and the loom's constellation lights up: its five
    # stars let go of every thread at once, rings of slow stars that fill the
    # hall (the stage's densest moment), before the Star Weaver comes.
    sound spell_start
    repeat level(4, 4, 4, 5) as k {
        repeat 5 as j {
            var sx = [70, 140, 192, 244, 314]
            var sy = [120, 80, 150, 80, 120]
            fire star white ring level(16, 19, 29, 36) from (sx[j] - x, sy[j] - y) at k * 7 + j * 11 speed level(1.1, 1.2, 1.3, 1.4)
        }
        wait 12
    }
    wait 300

    title "Amaori" "the Star Weaver"
    wait 60
    music boss
    run s5_talk_before
    boss s5_amaori
    wait 60
    run s5_talk_after
    wait 120
}
