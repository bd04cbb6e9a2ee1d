# Stage 4, "The Sea of Clouds": above the clockwork spire, a storm that never
# breaks over a sea of clouds: wind, rain and lightning. Gusts swoop and dash,
# rainclouds rain, thunderheads rumble and strike; the midboss Hayate races
# the player; a second part where the storm thickens, wave on wave, then
# Ikazuchi, the Thunder Drummer, who keeps the storm up. Denser and faster than
# stage 3 on every difficulty; about five minutes on Normal.
#
# The wind (s4_wind, 1_enemies.pat) turns between the waves, and the rain
# already falling leans with it. As in the other stages the waves keep time
# whatever the player does; only before each boss does the stage wait for the
# field to clear, and never for long.

stage stage4 {
    background s4_clouds
    music stage
    s4_wind = 1
    wait 30
    title "Stage 4" "The Sea of Clouds"
    wait 150

    # Wave A: gusts in pairs swooping from both sides...
    repeat 6 as i {
        spawn s4_gust(1, 90 + i % 3 * 20) at (40 + i * 16, -20)
        spawn s4_gust(-1, 90 + i % 3 * 20) at (344 - i * 16, -20)
        wait 56
    }
    wait 30
    # ...a line of gusts dashing across, left to right, then back...
    repeat 8 as i {
        spawn s4_gust_dash(1) at (-12, 40 + i % 2 * 12)
        wait 12
    }
    wait 40
    s4_wind = -1
    repeat 8 as i {
        spawn s4_gust_dash(-1) at (396, 50 + i % 2 * 12)
        wait 12
    }
    wait 50
    # ...and the first rainclouds, two and two, the wind blowing left.
    spawn s4_raincloud(110, 80) at (110, -30)
    spawn s4_raincloud(274, 100) at (274, -30)
    wait 150
    repeat 4 as i {
        spawn s4_gust(1, 130) at (30 + i * 20, -20)
        spawn s4_gust(-1, 130) at (354 - i * 20, -20)
        wait 50
    }
    wait 60

    # Wave B: a thunderhead in the middle, gusts swooping about it...
    spawn s4_thunderhead(192, 90) at (192, -40)
    wait 100
    repeat 4 as i {
        spawn s4_gust(1, 150) at (30 + i * 15, -20)
        spawn s4_gust(-1, 150) at (354 - i * 15, -20)
        wait 56
    }
    wait 40
    s4_wind = 1
    # ...rainclouds at the sides, dashing gusts between them...
    spawn s4_raincloud(70, 70) at (70, -30)
    spawn s4_raincloud(314, 70) at (314, -30)
    wait 60
    repeat 6 as i {
        spawn s4_gust_dash(1) at (-12, 110 + i * 6)
        spawn s4_gust_dash(-1) at (396, 140 + i * 6)
        wait 22
    }
    wait 120
    # Two thunderheads at the sides, gusts diving between them.
    spawn s4_thunderhead(100, 100) at (100, -40)
    spawn s4_thunderhead(284, 100) at (284, -40)
    wait 120
    repeat 6 as i {
        spawn s4_gust(1 - i % 2 * 2, 160) at (150 + i % 2 * 84, -20)
        wait 40
    }
    wait 60
    # The edge of the storm's eye: gusts in a V, rain in the middle.
    s4_wind = -1
    spawn s4_raincloud(192, 60) at (192, -30)
    repeat 5 as i {
        spawn s4_gust(1, 70 + i * 14) at (24 + i * 24, -20)
        spawn s4_gust(-1, 70 + i * 14) at (360 - i * 24, -20)
        wait 45
    }
    wait until enemies == 0 or time > 60 * 128
    wait 60

    run s4_talk_hayate
    midboss s4_hayate
    run s4_talk_hayate_after
    wait 90

    # Wave C: the storm thickens: gusts and dashes together...
    s4_wind = 1
    repeat 6 as i {
        spawn s4_gust(1 - i % 2 * 2, 90 + i % 3 * 20) at (60 + i * 52, -20)
        spawn s4_gust_dash(1 - i % 2 * 2) at (-12 + i % 2 * 408, 40)
        wait 40
    }
    # ...three rainclouds across the top, the wind turning under them...
    spawn s4_raincloud(80, 80) at (80, -30)
    spawn s4_raincloud(192, 60) at (192, -30)
    spawn s4_raincloud(304, 80) at (304, -30)
    wait 140
    s4_wind = -1
    wait 140
    # ...a thunderhead high in the middle, lines of gusts dashing beneath...
    spawn s4_thunderhead(192, 70) at (192, -40)
    wait 80
    repeat 2 {
        repeat 8 as i {
            spawn s4_gust_dash(1) at (-12, 90 + i * 8)
            spawn s4_gust_dash(-1) at (396, 94 + i * 8)
            wait 18
        }
        wait 110
    }
    # ...gusts from the middle and the sides...
    s4_wind = 1
    repeat 6 as i {
        spawn s4_gust(1 - i % 2 * 2, 130) at (192, -20)
        spawn s4_gust(1, 120) at (40 + i * 10, -20)
        spawn s4_gust(-1, 120) at (344 - i * 10, -20)
        wait 50
    }
    wait 60
    # ...then the heart of the storm: thunderheads at both sides and in the
    # middle, rain between them, a last flight of gusts.
    spawn s4_thunderhead(80, 110) at (80, -40)
    spawn s4_thunderhead(304, 110) at (304, -40)
    wait 60
    spawn s4_raincloud(192, 70) at (192, -30)
    wait 150
    repeat 8 as i {
        spawn s4_gust(1 - i % 2 * 2, 100 + i % 4 * 15) at (60 + i % 2 * 264, -20)
        wait 30
    }
    wait 90
    s4_wind = -1
    spawn s4_thunderhead(192, 80) at (192, -40)
    wait 90
    repeat 6 as i {
        spawn s4_gust(1 - i % 2 * 2, 100 + i % 3 * 16) at (120 + i % 2 * 144, -20)
        spawn s4_gust_dash(1 - i % 2 * 2) at (-12 + i % 2 * 408, 50 + i * 8)
        wait 50
    }
    wait until enemies == 0 or time > 60 * 265
    wait 90

    title "Ikazuchi" "the Thunder Drummer"
    wait 60
    background s4_clouds_boss
    run s4_talk_ikazuchi
    music boss
    boss s4_ikazuchi
    wait 60
    run s4_talk_ikazuchi_after
    wait 120
}
