# The Extra stage, "The Hour Before Dawn": after the game, when Tobari has
# let the dawn through and the night curtain comes apart thread by thread.
# The girl flies up once more into a sky of dissolving threads: motes of early
# light, larks of the dawn chorus, tatters of the curtain and the morning star
# itself; Kagari, who kept the curtain, tries her once more; then, at the top
# of the sky, the dawn that was held back all night: Shinonome.
#
# One difficulty, harder than any Lunatic stage (docs/game.md, The Extra
# stage). As in the other stages the waves keep time whatever the player
# does; only before each boss does the stage wait for the field to clear, and
# never for long. The shared value ex_light (1_enemies.pat) grows as the dawn
# comes: wave by wave here, phase by phase in Shinonome's fight.

# The looks of the stage's enemies and boss, and Shinonome's portraits, all
# drawn in code by tools/atlas/sheets_extra.c.
art ex_looks "art/looks.png" {
    shape ex_mote      frame 32 32 at 0 0     hitbox 6  frames 4 every 6
    shape ex_lark      frame 40 32 at 128 0   hitbox 6  frames 4 every 5
    shape ex_tatter    frame 56 56 at 0 32    hitbox 12 frames 2 every 20
    shape ex_venus     frame 64 64 at 112 32  hitbox 14 frames 2 every 15
    shape ex_shinonome frame 96 96 at 240 32  hitbox 20 frames 2 every 24
}

art ex_faces "art/faces.png" {
    shape ex_shinonome_normal    frame 256 384 at 0 0   portrait
    shape ex_shinonome_smile     frame 256 384 at 256 0 portrait
    shape ex_shinonome_surprised frame 256 384 at 512 0 portrait
    shape ex_shinonome_angry     frame 256 384 at 768 0 portrait
}

# Shinonome, the Dawn That Waited: bright, playful and overwhelming; she has
# waited all night behind the curtain and wants to play now it is open.
character ex_shinonome {
    name "Shinonome"
    colour 255 186 120
    portrait normal ex_shinonome_normal
    portrait smile ex_shinonome_smile
    portrait angry ex_shinonome_angry
    portrait surprised ex_shinonome_surprised
}

# The sky of the hour before dawn: deep indigo going violet at the bottom,
# motes of early light rising, the threads of the curtain (far, slow; near,
# larger and faster) drifting up as it is drawn away, and the glow of the
# dawn under the horizon. Dark and soft, so the bullets read over it.
backdrop ex_dawn {
    layer fill gradient (8, 6, 28) (44, 18, 60)
    layer "art/glow.png" at (192, 520) scale 3 tint (255, 140, 150) alpha 0.35 additive
    layer "art/motes.png" tile scroll 0.05 -0.35 alpha 0.45 fade 240 additive
    layer "art/threads.png" tile scroll 0 -0.4 alpha 0.35
    layer "art/threads.png" tile scroll 0.1 -1.1 scale 2 tint (200, 170, 255) alpha 0.25
}

# Near the top of the sky, for the fight with Shinonome: the threads thin
# out, the sky has turned violet and rose, and the dawn's glow is rising.
backdrop ex_dawn_boss {
    layer fill gradient (22, 10, 44) (84, 30, 64)
    layer "art/glow.png" at (192, 470) scale 3.5 tint (255, 170, 130) alpha 0.45 additive
    layer "art/motes.png" tile scroll -0.05 -0.6 alpha 0.45 fade 200 additive
    layer "art/threads.png" tile scroll 0 -0.8 alpha 0.2
    layer "art/threads.png" tile scroll -0.1 -1.8 scale 2 tint (255, 190, 200) alpha 0.15
}

# The spell cards of Kagari and Shinonome: the curtain wide open on a sky of
# rose and gold, the sun's glow turning behind the field, the last threads
# whirling away.
backdrop ex_dawn_spell {
    layer fill gradient (40, 12, 40) (110, 44, 52)
    layer "art/glow.png" at (192, 200) scale 3 tint (255, 190, 120) alpha 0.2 additive
    layer "art/threads.png" tile turn 0.08 scale 2.5 tint (255, 200, 170) alpha 0.2
    layer "art/motes.png" tile scroll 0 -1.4 alpha 0.3 additive
    spell {
        layer fill gradient (40, 12, 40) (110, 44, 52)
        layer "art/glow.png" at (192, 200) scale 3 tint (255, 190, 120) alpha 0.2 additive
        layer "art/threads.png" tile turn 0.08 scale 2.5 tint (255, 200, 170) alpha 0.2
        layer "art/motes.png" tile scroll 0 -1.4 alpha 0.3 additive
    }
}

stage extra {
    background ex_dawn
    music stage
    wait 30
    title "Extra Stage" "The Hour Before Dawn"
    wait 150

    # Wave A: motes of early light drift down in pairs, then larks dart across.
    repeat 8 as i {
        spawn ex_mote(1, 70 + i % 3 * 25) at (30 + i * 14, -20)
        spawn ex_mote(-1, 70 + i % 3 * 25) at (354 - i * 14, -20)
        wait 36
    }
    ex_light = 1
    repeat 6 as i {
        spawn ex_lark(1) at (-16, 40 + i * 18)
        spawn ex_lark(-1) at (400, 50 + i * 18)
        wait 26
    }
    wait 40
    # ...motes in a V closing on the middle, larks darting beneath them in
    # threes, the last ones both ways at once.
    repeat 6 as i {
        spawn ex_mote(1, 60 + i * 12) at (20 + i * 26, -20)
        spawn ex_mote(-1, 60 + i * 12) at (364 - i * 26, -20)
        wait 30
    }
    repeat 4 as i {
        repeat 3 as k {
            spawn ex_lark(1 - i % 2 * 2) at (-16 + i % 2 * 416, 120 + k * 24)
        }
        wait 45
    }
    repeat 6 as i {
        spawn ex_lark(1) at (-16, 60 + i * 20)
        spawn ex_lark(-1) at (400, 70 + i * 20)
        spawn ex_mote(1 - i % 2 * 2, 100) at (96 + i % 2 * 192, -20)
        wait 32
    }
    wait 60

    # Wave B: a tatter of the curtain in the middle, motes about it...
    spawn ex_tatter(192, 100) at (192, -40)
    wait 90
    repeat 6 as i {
        spawn ex_mote(1 - i % 2 * 2, 90) at (60 + i % 2 * 264, -20)
        spawn ex_lark(1 - i % 2 * 2) at (-16 + i % 2 * 416, 160 + i * 6)
        wait 40
    }
    ex_light = 2
    wait 60
    # ...two tatters at the sides, larks crossing beneath them.
    spawn ex_tatter(96, 90) at (96, -40)
    spawn ex_tatter(288, 90) at (288, -40)
    wait 80
    repeat 8 as i {
        spawn ex_lark(1) at (-16, 150 + i % 4 * 14)
        spawn ex_lark(-1) at (400, 164 + i % 4 * 14)
        wait 30
    }
    wait 60
    # The morning star rises, motes in lines on both sides of it.
    ex_light = 3
    spawn ex_venus(192, 80) at (192, -40)
    wait 120
    repeat 10 as i {
        spawn ex_mote(1, 140) at (20 + i * 8, -20)
        spawn ex_mote(-1, 140) at (364 - i * 8, -20)
        wait 34
    }
    wait 60
    # The first part's last flight: tatters at the corners, larks criss-crossing.
    spawn ex_tatter(70, 70) at (70, -40)
    spawn ex_tatter(314, 70) at (314, -40)
    wait 60
    repeat 8 as i {
        spawn ex_lark(1) at (-16, 130 + i % 4 * 20)
        spawn ex_lark(-1) at (400, 140 + i % 4 * 20)
        wait 24
    }
    wait until enemies == 0 or time > 60 * 130
    wait 40

    midboss ex_kagari
    ex_light = 4
    wait 90

    # Wave C: everything at once, thicker: tatters and larks...
    spawn ex_tatter(110, 100) at (110, -40)
    spawn ex_tatter(274, 120) at (274, -40)
    wait 60
    repeat 10 as i {
        spawn ex_lark(1 - i % 2 * 2) at (-16 + i % 2 * 416, 40 + i * 14)
        wait 18
    }
    repeat 6 as i {
        spawn ex_mote(1, 80 + i * 10) at (40 + i * 20, -20)
        spawn ex_mote(-1, 80 + i * 10) at (344 - i * 20, -20)
        wait 30
    }
    ex_light = 5
    wait 60
    # ...two morning stars at once, larks crossing between them...
    spawn ex_venus(96, 70) at (96, -40)
    spawn ex_venus(288, 70) at (288, -40)
    wait 150
    repeat 8 as i {
        spawn ex_lark(1) at (-16, 140 + i % 2 * 30)
        spawn ex_lark(-1) at (400, 155 + i % 2 * 30)
        wait 28
    }
    wait 60
    # ...larks in a chorus, three lines of them one after another, motes
    # dropping through them...
    repeat 3 as j {
        repeat 5 as i {
            spawn ex_lark(1 - j % 2 * 2) at (-16 + j % 2 * 416, 50 + j * 50 + i * 10)
            wait 10
        }
        repeat 4 as i {
            spawn ex_mote(1 - i % 2 * 2, 110) at (60 + i * 88, -20)
        }
        wait 70
    }
    # ...a tatter sinking down each side while the morning star comes back
    # between them...
    spawn ex_tatter(60, 140) at (60, -40)
    spawn ex_tatter(324, 140) at (324, -40)
    wait 90
    spawn ex_venus(192, 60) at (192, -40)
    wait 240
    # ...and the last of the night: a wall of tatters, motes streaming down.
    ex_light = 6
    repeat 3 as i {
        spawn ex_tatter(80 + i * 112, 80 + i % 2 * 30) at (80 + i * 112, -40)
    }
    wait 60
    repeat 12 as i {
        spawn ex_mote(1 - i % 2 * 2, 120) at (40 + i * 26, -20)
        wait 22
    }
    wait until enemies == 0 or time > 60 * 250
    wait 90

    background ex_dawn_boss
    ex_light = 0
    run ex_before_shinonome
    title "Shinonome" "the Dawn That Waited"
    wait 60
    music boss
    boss ex_shinonome
    run ex_after_shinonome
    wait 180
}
