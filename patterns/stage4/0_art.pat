# Stage 4's pictures: the looks of its enemies and bosses, the portraits of
# its characters, and its backdrops (the sea of clouds in a storm). Every sheet
# is drawn in code by tools/atlas/sheets_stage4.c (`cmake --build BUILD
# --target sheets_stage4_art`) into art/.

art s4_looks "art/sprites.png" {
    shape s4_gust        frame 48 48   at 0 0    hitbox 4 frames 4 every 6      # a wind spirit in its swirl
    shape s4_raincloud   frame 64 56   at 0 48   hitbox 6 frames 2 every 10     # a raincloud, raining
    shape s4_thunderhead frame 96 80   at 0 104  hitbox 8 frames 2 every 14     # a storm cloud, lightning inside
    shape s4_hayate      frame 96 96   at 0 184  hitbox 8 frames 2 every 5      # Hayate: a jade whirlwind
    shape s4_ikazuchi    frame 112 112 at 0 280  hitbox 8 frames 2 every 16     # Ikazuchi: her ring of drums
}

art s4_hayate_faces "art/hayate.png" {
    shape s4_hayate_normal      frame 256 384 at 0 0   portrait
    shape s4_hayate_smile       frame 256 384 at 256 0 portrait
    shape s4_hayate_angry       frame 256 384 at 512 0 portrait
    shape s4_hayate_surprised   frame 256 384 at 768 0 portrait
}

art s4_ikazuchi_faces "art/ikazuchi.png" {
    shape s4_ikazuchi_normal    frame 256 384 at 0 0   portrait
    shape s4_ikazuchi_smile     frame 256 384 at 256 0 portrait
    shape s4_ikazuchi_angry     frame 256 384 at 512 0 portrait
    shape s4_ikazuchi_surprised frame 256 384 at 768 0 portrait
}

# Hayate, the Gale Runner: a wind spirit who races whoever flies her storm.
character s4_hayate {
    name "Hayate"
    colour 90 220 160
    portrait normal s4_hayate_normal
    portrait smile s4_hayate_smile
    portrait angry s4_hayate_angry
    portrait surprised s4_hayate_surprised
}

# Ikazuchi, the Thunder Drummer: loud, cheerful, a brawler, paid in
# starlight to keep the storm up.
character s4_ikazuchi {
    name "Ikazuchi"
    colour 190 130 255
    portrait normal s4_ikazuchi_normal
    portrait smile s4_ikazuchi_smile
    portrait angry s4_ikazuchi_angry
    portrait surprised s4_ikazuchi_surprised
}

# The sea of clouds, flown over in the storm: a dark sky, high cloud racing
# by, the sea of clouds below passing under the player, rain slanting across,
# and lightning that flashes now here, now there, the sky lit with it.
backdrop s4_clouds {
    layer fill gradient (10, 12, 28) (34, 36, 62)
    layer "art/clouds.png" tile scroll 0.15 0.5 scale 2 tint (120, 120, 160) alpha 0.5
    layer "art/bolt.png" at (300, 150) alpha 0.55 fade 260 additive
    layer "art/bolt.png" at (90, 190) scale 0.7 alpha 0.45 fade 410 additive
    layer fill (150, 150, 220) alpha 0.05 fade 170 additive
    layer "art/clouds.png" tile scroll 0.3 1.4 scale 1.5 tint (170, 170, 210) alpha 0.55
    layer "art/rain.png" tile scroll -1.2 6 alpha 0.35 additive
    layer "art/rain.png" tile scroll -1.8 9 scale 1.5 alpha 0.25 additive
    spell {
        layer fill gradient (16, 8, 36) (46, 24, 80)
        layer "art/vortex.png" tile turn 0.08 scale 2 tint (180, 140, 255) alpha 0.55
        layer "art/bolt.png" at (192, 160) scale 1.4 alpha 0.5 fade 150 additive
        layer "art/rain.png" tile scroll -1.5 7 alpha 0.3 additive
    }
}

# Where Ikazuchi plays: the heart of the storm, darker, the lightning nearer
# and more often.
backdrop s4_clouds_boss {
    layer fill gradient (8, 8, 22) (28, 24, 54)
    layer "art/vortex.png" tile turn 0.03 scale 2.5 tint (110, 100, 170) alpha 0.45
    layer "art/bolt.png" at (280, 140) scale 1.2 alpha 0.6 fade 150 additive
    layer "art/bolt.png" at (110, 180) alpha 0.5 fade 230 additive
    layer fill (170, 160, 255) alpha 0.07 fade 110 additive
    layer "art/clouds.png" tile scroll 0.4 1.6 scale 1.5 tint (150, 140, 200) alpha 0.5
    layer "art/rain.png" tile scroll -1.5 7 alpha 0.35 additive
    layer "art/rain.png" tile scroll -2.2 10 scale 1.5 alpha 0.25 additive
}

# The storm's spell cards (Hayate's and Ikazuchi's): the eye of the storm,
# cloud wound in a spiral turning above the player, violet and gold.
backdrop s4_storm {
    layer fill gradient (22, 8, 40) (60, 26, 90)
    layer "art/vortex.png" tile turn 0.12 scale 2 tint (220, 160, 255) alpha 0.6
    layer "art/vortex.png" tile turn -0.05 scale 3 tint (255, 210, 140) alpha 0.2 additive
    layer "art/bolt.png" at (192, 140) scale 1.5 alpha 0.5 fade 120 additive
    layer "art/rain.png" tile scroll -1.5 7 alpha 0.3 additive
}
