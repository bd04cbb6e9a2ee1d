# Stage 3, "The Clockwork Spire": the last stage, a spire of brass and gears
# climbed at dawn. Cogs wheel down its face, clockwork birds dive from its
# ledges, bell turrets hang from its beams; the midboss Zenmai at the gates; a
# second part where all three come together, thicker wave on wave up to the top
# of the spire, then Tokine, the Keeper of the Dawn Clock, the game's last
# boss. The densest and fastest of the three stages on every difficulty; four
# and a half minutes on Normal.
#
# As in stages 1 and 2 the waves keep time whatever the player does; only
# before each boss does the stage wait for the field to clear, and never for
# long.

stage stage3 {
    background spire
    music stage
    wait 30
    title "Stage 3" "The Clockwork Spire"
    wait 150

    # Wave A: cogs in pairs, wheeling down from both sides...
    repeat 6 as i {
        spawn s3_cog(1, 80 + i % 3 * 20) at (40 + i * 16, -20)
        spawn s3_cog(-1, 80 + i % 3 * 20) at (344 - i * 16, -20)
        wait 60
    }
    wait 30
    # ...a chain of cogs rolling across, from the left, then the right...
    repeat 8 as i {
        spawn s3_cog_roll(1) at (-12, 40 + i % 2 * 10)
        wait 12
    }
    wait 40
    repeat 8 as i {
        spawn s3_cog_roll(-1) at (396, 40 + i % 2 * 10)
        wait 12
    }
    wait 60
    # ...and the first clockwork birds, diving in pairs.
    repeat 4 as i {
        spawn s3_bird(1, 120 + i * 10) at (60 + i * 20, -20)
        spawn s3_bird(-1, 120 + i * 10) at (324 - i * 20, -20)
        wait 60
    }
    wait 90

    # Wave B: a bell in the middle, cogs wheeling about it...
    spawn s3_bell(192, 90) at (192, -30)
    wait 100
    repeat 4 as i {
        spawn s3_cog(1, 140) at (30 + i * 15, -20)
        spawn s3_cog(-1, 140) at (354 - i * 15, -20)
        wait 60
    }
    wait 60
    # ...birds three abreast, then chains of cogs crossing both ways.
    repeat 4 as i {
        spawn s3_bird(1, 100 + i * 15) at (40, -20)
        spawn s3_bird(1 - i % 2 * 2, 150) at (192, -20)
        spawn s3_bird(-1, 100 + i * 15) at (344, -20)
        wait 55
    }
    wait 60
    repeat 6 as i {
        spawn s3_cog_roll(1) at (-12, 30 + i * 6)
        spawn s3_cog_roll(-1) at (396, 60 + i * 6)
        wait 20
    }
    wait 90
    # Two bells at the sides, birds diving between them.
    spawn s3_bell(100, 100) at (100, -30)
    spawn s3_bell(284, 100) at (284, -30)
    wait 120
    repeat 6 as i {
        spawn s3_bird(1 - i % 2 * 2, 160) at (150 + i % 2 * 84, -20)
        wait 40
    }
    wait 60
    # The gates' last defence: cogs wheel down in a V while chains cross
    # beneath them, then a bell with birds at its sides.
    repeat 5 as i {
        spawn s3_cog(1, 70 + i * 14, 1) at (24 + i * 24, -20)
        spawn s3_cog(-1, 70 + i * 14, 1) at (360 - i * 24, -20)
        spawn s3_cog_roll(1 - i % 2 * 2) at (-12 + i % 2 * 408, 150 + i % 3 * 10)
        wait 45
    }
    wait 40
    spawn s3_bell(192, 80) at (192, -30)
    wait 60
    repeat 4 as i {
        spawn s3_bird(1, 120) at (40 + i * 12, -20)
        spawn s3_bird(-1, 120) at (344 - i * 12, -20)
        wait 50
    }
    wait until enemies == 0 or time > 60 * 130
    wait 60

    midboss s3_zenmai
    wait 90

    # Wave C: everything together, thicker: cogs and birds in lines...
    repeat 6 as i {
        spawn s3_cog(1 - i % 2 * 2, 90 + i % 3 * 20, 1) at (60 + i * 52, -20)
        spawn s3_cog_roll(1 - i % 2 * 2) at (-12 + i % 2 * 408, 40)
        wait 40
    }
    repeat 4 as i {
        spawn s3_bird(1, 110 + i * 10) at (30 + i * 16, -20)
        spawn s3_bird(-1, 110 + i * 10) at (354 - i * 16, -20)
        wait 45
    }
    wait 80
    # ...a bell high in the middle, chains of cogs crossing beneath it...
    spawn s3_bell(192, 70) at (192, -30)
    wait 80
    repeat 2 {
        repeat 8 as i {
            spawn s3_cog_roll(1) at (-12, 60 + i * 8)
            spawn s3_cog_roll(-1) at (396, 64 + i * 8)
            wait 18
        }
        wait 110
    }
    # ...birds swooping from the middle, cogs wheeling from the sides...
    repeat 6 as i {
        spawn s3_bird(1 - i % 2 * 2, 130) at (192, -20)
        spawn s3_cog(1, 120, 1) at (40 + i * 10, -20)
        spawn s3_cog(-1, 120, 1) at (344 - i * 10, -20)
        wait 50
    }
    wait 80
    # ...then three bells in a row and a last flight of birds.
    spawn s3_bell(80, 110) at (80, -30)
    spawn s3_bell(304, 110) at (304, -30)
    wait 60
    spawn s3_bell(192, 70) at (192, -30)
    wait 150
    repeat 8 as i {
        spawn s3_bird(1 - i % 2 * 2, 100 + i % 4 * 15) at (60 + i % 2 * 264, -20)
        wait 30
    }
    wait 90
    # The top of the spire: the whole clockwork at once, bells at both sides,
    # cogs wheeling and rolling, birds diving down the middle.
    spawn s3_bell(70, 90) at (70, -30)
    spawn s3_bell(314, 90) at (314, -30)
    wait 90
    repeat 6 as i {
        spawn s3_cog(1 - i % 2 * 2, 100 + i % 3 * 16) at (120 + i % 2 * 144, -20)
        spawn s3_cog_roll(1 - i % 2 * 2) at (-12 + i % 2 * 408, 50 + i * 8)
        spawn s3_bird(1 - i % 2 * 2, 150) at (192, -20)
        wait 50
    }
    wait until enemies == 0 or time > 60 * 260
    wait 90

    title "Tokine" "Keeper of the Dawn Clock"
    wait 60
    background spire_boss
    music boss
    boss s3_tokine
    wait 180
}
