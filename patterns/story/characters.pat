# The story's characters: who speaks in the dialogue (docs/patterns.md, Characters
# and dialogue). Their portraits are drawn in code by tools/atlas/portraits.c
# (`cmake --build BUILD --target portraits_story`): one sheet of four 256x384 busts each,
# normal, smile, angry, surprised. The ships' and the bosses' blocks name theirs
# with `character NAME`.

# Hotaru, the firefly: the festival girl, red and gold (ship hotaru)
art hotaru_faces "art/hotaru.png" {
    shape hotaru_normal frame 256 384 at 0 0 portrait
    shape hotaru_smile frame 256 384 at 256 0 portrait
    shape hotaru_angry frame 256 384 at 512 0 portrait
    shape hotaru_surprised frame 256 384 at 768 0 portrait
}
character hotaru {
    name "Hotaru"
    colour 240 130 60
    portrait normal hotaru_normal
    portrait smile hotaru_smile
    portrait angry hotaru_angry
    portrait surprised hotaru_surprised
}

# Shirasagi, the white heron: the shrine's archer, white and pale blue (ship shirasagi)
art shirasagi_faces "art/shirasagi.png" {
    shape shirasagi_normal frame 256 384 at 0 0 portrait
    shape shirasagi_smile frame 256 384 at 256 0 portrait
    shape shirasagi_angry frame 256 384 at 512 0 portrait
    shape shirasagi_surprised frame 256 384 at 768 0 portrait
}
character shirasagi {
    name "Shirasagi"
    colour 150 200 245
    portrait normal shirasagi_normal
    portrait smile shirasagi_smile
    portrait angry shirasagi_angry
    portrait surprised shirasagi_surprised
}

# Tsubame, the swallow: the courier, dark blue with a red throat (ship tsubame)
art tsubame_faces "art/tsubame.png" {
    shape tsubame_normal frame 256 384 at 0 0 portrait
    shape tsubame_smile frame 256 384 at 256 0 portrait
    shape tsubame_angry frame 256 384 at 512 0 portrait
    shape tsubame_surprised frame 256 384 at 768 0 portrait
}
character tsubame {
    name "Tsubame"
    colour 230 70 80
    portrait normal tsubame_normal
    portrait smile tsubame_smile
    portrait angry tsubame_angry
    portrait surprised tsubame_surprised
}

# Wick, the Lantern Spirit, stage 1's midboss (mischievous)
art wick_faces "art/wick.png" {
    shape wick_normal frame 256 384 at 0 0 portrait
    shape wick_smile frame 256 384 at 256 0 portrait
    shape wick_angry frame 256 384 at 512 0 portrait
    shape wick_surprised frame 256 384 at 768 0 portrait
}
character wick {
    name "Wick"
    colour 255 170 60
    portrait normal wick_normal
    portrait smile wick_smile
    portrait angry wick_angry
    portrait surprised wick_surprised
}

# Kagari, Keeper of the Curtain, stage 1's boss (proud)
art kagari_faces "art/kagari.png" {
    shape kagari_normal frame 256 384 at 0 0 portrait
    shape kagari_smile frame 256 384 at 256 0 portrait
    shape kagari_angry frame 256 384 at 512 0 portrait
    shape kagari_surprised frame 256 384 at 768 0 portrait
}
character kagari {
    name "Kagari"
    colour 230 70 80
    portrait normal kagari_normal
    portrait smile kagari_smile
    portrait angry kagari_angry
    portrait surprised kagari_surprised
}

# Suiren, the Night Lotus, stage 2's midboss (sleepy, dreamy)
art suiren_faces "art/suiren.png" {
    shape suiren_normal frame 256 384 at 0 0 portrait
    shape suiren_smile frame 256 384 at 256 0 portrait
    shape suiren_angry frame 256 384 at 512 0 portrait
    shape suiren_surprised frame 256 384 at 768 0 portrait
}
character suiren {
    name "Suiren"
    colour 240 160 210
    portrait normal suiren_normal
    portrait smile suiren_smile
    portrait angry suiren_angry
    portrait surprised suiren_surprised
}

# Minamo, Moon upon the Water, stage 2's boss (vain, playful)
art minamo_faces "art/minamo.png" {
    shape minamo_normal frame 256 384 at 0 0 portrait
    shape minamo_smile frame 256 384 at 256 0 portrait
    shape minamo_angry frame 256 384 at 512 0 portrait
    shape minamo_surprised frame 256 384 at 768 0 portrait
}
character minamo {
    name "Minamo"
    colour 170 200 250
    portrait normal minamo_normal
    portrait smile minamo_smile
    portrait angry minamo_angry
    portrait surprised minamo_surprised
}

# Zenmai, the Wind-up Gatekeeper, stage 3's midboss (a stiff little automaton)
art zenmai_faces "art/zenmai.png" {
    shape zenmai_normal frame 256 384 at 0 0 portrait
    shape zenmai_smile frame 256 384 at 256 0 portrait
    shape zenmai_angry frame 256 384 at 512 0 portrait
    shape zenmai_surprised frame 256 384 at 768 0 portrait
}
character zenmai {
    name "Zenmai"
    colour 110 200 190
    portrait normal zenmai_normal
    portrait smile zenmai_smile
    portrait angry zenmai_angry
    portrait surprised zenmai_surprised
}

# Tokine, Keeper of the Dawn Clock, stage 3's boss (strict, tired)
art tokine_faces "art/tokine.png" {
    shape tokine_normal frame 256 384 at 0 0 portrait
    shape tokine_smile frame 256 384 at 256 0 portrait
    shape tokine_angry frame 256 384 at 512 0 portrait
    shape tokine_surprised frame 256 384 at 768 0 portrait
}
character tokine {
    name "Tokine"
    colour 240 190 120
    portrait normal tokine_normal
    portrait smile tokine_smile
    portrait angry tokine_angry
    portrait surprised tokine_surprised
}
