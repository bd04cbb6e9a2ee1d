# Stage 5's pictures and people: the looks of its enemies and bosses and its
# characters' portraits, cut from sheets drawn in code by
# tools/atlas/sheets_stage5.c (`cmake --build BUILD --target sheets_stage5_art`),
# and its backdrop, the Star Loom's weaving hall among the constellations.

art s5_looks "art/looks.png" {
    shape s5_shuttle frame 40 24 at 0 0    hitbox 10 frames 2 every 10
    shape s5_spindle frame 32 32 at 80 0   hitbox 11 frames 4 every 5
    shape s5_loom    frame 56 56 at 0 32   hitbox 18 frames 2 every 24
    shape s5_kaiko   frame 72 72 at 112 32 hitbox 20 frames 2 every 14
    shape s5_amaori  frame 96 96 at 0 104  hitbox 24 frames 2 every 30
}

art s5_faces "art/faces.png" {
    shape s5_kaiko_normal     frame 256 384 at 0 0    portrait
    shape s5_kaiko_smile      frame 256 384 at 256 0  portrait
    shape s5_kaiko_angry      frame 256 384 at 512 0  portrait
    shape s5_kaiko_surprised  frame 256 384 at 768 0  portrait
    shape s5_amaori_normal    frame 256 384 at 1024 0 portrait
    shape s5_amaori_smile     frame 256 384 at 1280 0 portrait
    shape s5_amaori_angry     frame 256 384 at 1536 0 portrait
    shape s5_amaori_surprised frame 256 384 at 1792 0 portrait
}

character s5_kaiko {
    name "Kaiko"
    colour 236 226 250
    portrait normal s5_kaiko_normal
    portrait smile s5_kaiko_smile
    portrait angry s5_kaiko_angry
    portrait surprised s5_kaiko_surprised
}

character s5_amaori {
    name "Amaori"
    colour 120 130 240
    portrait normal s5_amaori_normal
    portrait smile s5_amaori_smile
    portrait angry s5_amaori_angry
    portrait surprised s5_amaori_surprised
}

# The weaving hall: the deep blue of the sky above the storm, the Milky Way's
# cloud drifting slowly past, stars and their constellations twinkling, and
# threads of light hanging down the hall from the loom above, swaying as the
# hall rises past them. During a card: the great wheel of the loom turning
# behind the boss, the warp running fast.
backdrop s5_starloom {
    layer fill gradient (6, 8, 28) (22, 14, 48)
    layer "art/nebula.png" tile scroll 0.04 0.25 alpha 0.5
    layer "art/stars.png" tile scroll 0 0.12 alpha 0.9 fade 420 additive
    layer "art/stars.png" tile scroll 0.02 0.3 scale 1.5 alpha 0.45 additive
    layer "art/threads.png" tile scroll 0 0.6 alpha 0.28 additive
    layer "art/threads.png" tile scroll 0 1.3 scale 2 tint (180, 160, 255) alpha 0.16 additive
    spell {
        layer fill gradient (14, 6, 34) (40, 10, 56)
        layer "art/nebula.png" tile turn 0.04 scale 2 tint (220, 140, 255) alpha 0.45
        layer "art/stars.png" tile scroll 0 0.2 alpha 0.8 additive
        layer "art/wheel.png" at (192, 150) turn 0.15 scale 1.5 alpha 0.35 additive
        layer "art/threads.png" tile scroll 0 2.4 alpha 0.35 additive
    }
}
