# Stage 6's scenery and people: the Moon Gate's backdrops (drawn from data,
# their sheets drawn in code by tools/atlas/sheets_stage6.c), Oboro's and
# Tobari's portraits and characters.

# The outer courts: the night curtain hangs over everything, its folds
# drifting down slowly; the Moon Gate far off before the full moon; silver
# mist blowing through. Dark and soft, so the bullets read over it.
backdrop s6_gate {
    layer fill gradient (8, 6, 26) (30, 22, 62)
    layer "art/curtain.png" tile scroll 0 0.25 alpha 0.55
    layer "art/gate.png" at (192, 120) scale 0.45 alpha 0.3
    layer "art/mist.png" tile scroll 0.12 0.6 alpha 0.22 additive
    layer "art/mist.png" tile scroll -0.2 1.1 scale 1.6 tint (230, 210, 160) alpha 0.14 additive
}

# The inner courts, the gate drawing near: the arch larger and brighter, the
# curtain parting at the sides, the mist faster.
backdrop s6_court {
    layer fill gradient (10, 6, 30) (40, 26, 66)
    layer "art/curtain.png" tile scroll 0.05 0.4 scale 1.25 tint (200, 180, 255) alpha 0.5
    layer "art/gate.png" at (192, 140) scale 0.7 alpha 0.3
    layer "art/mist.png" tile scroll 0.2 0.9 alpha 0.24 additive
    layer "art/mist.png" tile scroll -0.3 1.6 scale 1.8 tint (230, 210, 160) alpha 0.16 additive
}

# At the gate itself, under the curtain: the arch fills the sky and breathes;
# for the spell cards the curtain turns about the field, gold and indigo.
backdrop s6_gate_boss {
    layer fill gradient (6, 4, 22) (34, 18, 58)
    layer "art/curtain.png" tile scroll 0 0.15 scale 1.5 alpha 0.5
    layer "art/gate.png" at (192, 170) scale 1.1 alpha 0.3 fade 600
    layer "art/mist.png" tile scroll 0.08 0.4 scale 1.4 alpha 0.2 additive
    spell {
        layer fill gradient (20, 6, 40) (60, 20, 70)
        layer "art/curtain.png" tile turn 0.05 scale 2 tint (255, 200, 150) alpha 0.45
        layer "art/gate.png" at (192, 200) scale 1.3 tint (255, 220, 160) alpha 0.2
        layer "art/mist.png" tile scroll 0 -0.8 scale 1.5 tint (255, 220, 150) alpha 0.22 additive
    }
}

# The two women of the Moon Gate: nine 256x384 busts (Oboro's four, Tobari's
# five: the story's four expressions, and Tobari's sadness at the end).
art s6_faces "art/portraits.png" {
    shape s6_oboro_normal     frame 256 384 at 0 0 portrait
    shape s6_oboro_smile      frame 256 384 at 256 0 portrait
    shape s6_oboro_angry      frame 256 384 at 512 0 portrait
    shape s6_oboro_surprised  frame 256 384 at 768 0 portrait
    shape s6_tobari_normal    frame 256 384 at 0 384 portrait
    shape s6_tobari_smile     frame 256 384 at 256 384 portrait
    shape s6_tobari_angry     frame 256 384 at 512 384 portrait
    shape s6_tobari_surprised frame 256 384 at 768 384 portrait
    shape s6_tobari_sad       frame 256 384 at 1024 384 portrait
}

character s6_oboro {
    name "Oboro"
    colour 196 190 236
    portrait normal s6_oboro_normal
    portrait smile s6_oboro_smile
    portrait angry s6_oboro_angry
    portrait surprised s6_oboro_surprised
}

character s6_tobari {
    name "Tobari"
    colour 236 196 110
    portrait normal s6_tobari_normal
    portrait smile s6_tobari_smile
    portrait angry s6_tobari_angry
    portrait surprised s6_tobari_surprised
    portrait sad s6_tobari_sad
}
