# docs/examples/31_bullet_style.pat
pattern bullet_style {
    loop {
        # a slow giant whose hitbox is as big as it looks
        fire orb_large red aim speed 1.2 scale 2.5 scaled_hitbox as giant
        # a ring of glowing orbs that fade in, then swell and fade away
        fire orb cyan ring 18 speed 2 alpha 0 additive {
            alpha 1 over 20
            wait 40
            scale 3 over 50 out
            alpha 0 over 50 in
        }
        # small faint rice that look like dust: half their size, a third seen
        fire rice yellow spread 7 by 8 speed 3 scale 0.5 alpha 0.35
        wait 30
        giant.scale 1 over 40 smooth      # shrinks, and its hitbox with it
        wait 50
    }
}
