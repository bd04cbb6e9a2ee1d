# docs/examples/24_looks.pat
art lanterns "art/looks.png" {                       # drawn by tools/art_sheet.c
    shape lantern frame 32 32 at 0 0    hitbox 10 frames 4 every 8        # 4 frames, 8 ticks each, looping
    shape crane   frame 32 32 at 128 0  hitbox 2  frames 2 every 12       # the ship
    shape orbit   frame 16 16 at 192 0  hitbox 2  frames 4 every 5        # the ship's options
    shape flame   frame 16 16 at 192 16 hitbox 3  turns frames 4 every 4  # shots and bullets
    shape moon    frame 64 64 at 0 32   hitbox 20 frames 2 every 30       # the boss
    shape burst   frame 32 32 at 128 32 hitbox 8  frames 4 every 5 once   # plays once, holds the last
}

enemy lantern_drifter(side = 1) {
    look lantern
    health 12
    score 200
    move to (192 + side * 80, 120) over 60
    repeat 4 {
        fire flame orange spread 3 by 15 aim speed 2.5
        wait 40
    }
    move by (side * 200, -40) over 90 in
}

boss moon_lady {
    name "Lady of the Moon"
    look moon
    phase time 20s health 500 {
        move to (192, 110) over 60
        loop as t {
            fire flame ring 12 at t * 7 speed 1.8
            if t % 5 == 0 { fire burst aim speed 1.2 }
            wait 15
        }
    }
}

ship crane {
    name "Crane"
    look crane
    option_look orbit
    option 1 (-18, 6) focused (-10, -4)
    option 1 (18, 6) focused (10, -4)
    shot 1 {
        damage 3
        fire flame at 0 speed 12 from (-5, -10)
        fire flame at 0 speed 12 from (5, -10)
    }
}

stage lantern_night {
    repeat 3 as i {
        spawn lantern_drifter(-1) at (60 + i * 30, -20)
        spawn lantern_drifter(1) at (324 - i * 30, -20)
        wait 40
    }
    wait until enemies == 0
    boss moon_lady
}
