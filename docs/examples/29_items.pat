# docs/examples/29_items.pat
# Items from scripts: `drop KIND [N] [at (X, Y)]` drops items now, where the
# object is or at a place on the field; `collect_line` reads and moves the
# auto-collect line.
enemy treasure {
    health 300
    hitbox 14
    move to (192, 110) over 60
    wait 60
    repeat 6 as i {
        # a ring of bullets that each turn into a point item after a second
        fire orb yellow ring 12 at i * 15 speed 1.6 {
            wait 60
            drop point     # where the bullet is
            vanish
        }
        wait 40
    }
    drop power 5          # a row of five under the enemy
    drop bomb 1 at (96, 80)
    drop life 1 at (288, 80)
}

stage treasure_hunt {
    collect_line 200      # lower than the game's 112: easier to draw items in
    print "collect line at", collect_line
    spawn treasure at (192, -20)
    wait 8s
    collect_line 112      # back where the game keeps it
}
