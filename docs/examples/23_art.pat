# docs/examples/23_art.pat
art garden "art/sheet.png" {                       # a PNG beside this file (drawn by tools/art_sheet.c)
    shape petal  frame 16 16 at 0 0  hitbox 3             # upright: drawn as the sheet has it
    shape needle frame 24 8  at 16 0 hitbox 2 turns       # drawn facing right; turns with its heading
    shape ember  frame 16 16 at 40 0 hitbox 4.5 additive  # glows: its light adds to what is below
}

pattern blossom {
    loop as t {
        fire petal ring 10 at t * 7 speed 1.6
        fire needle spread 3 by 12 aim speed 3.5
        if t % 4 == 0 { fire ember ring 6 at t * 3 speed 1 }
        wait 20
    }
}
