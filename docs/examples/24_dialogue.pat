# docs/examples/24_dialogue.pat
art faces "art/faces.png" {                 # four 256x384 portraits (tools/portrait_sheet.c)
    shape miko_normal    frame 256 384 at 0 0   portrait
    shape miko_smile     frame 256 384 at 256 0 portrait
    shape kitsune_normal frame 256 384 at 512 0 portrait
    shape kitsune_angry  frame 256 384 at 768 0 portrait
}

character miko {
    name "Miko"
    colour 240 80 100                       # her name plate's colour
    portrait normal miko_normal             # the first expression is the default
    portrait smile miko_smile
}

character kitsune {
    name "Kitsune"
    colour 250 200 90
    portrait normal kitsune_normal
    portrait angry kitsune_angry
}

stage lantern_wood {
    repeat 3 as k {
        fire orb yellow ring 12 at k * 10 speed 2
        wait 30
    }
    say "The lanterns of the wood flicker."     # narration: no speaker
    say miko "Who lit them all?"
    say kitsune angry "I did. Leave my wood!"
    var left = 3
    say miko smile "Only " + left + " to put out, then."
    boss fox
}

boss fox {
    name "Kitsune of the Lantern Wood"
    look boss
    character kitsune                       # hers: her portraits, her name
    phase time 20s health 600 {
        loop {
            fire orb yellow ring 16 at time * 3 speed 2
            wait 24
        }
    }
}
