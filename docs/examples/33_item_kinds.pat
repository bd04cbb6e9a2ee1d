# docs/examples/33_item_kinds.pat
# Items of your own: `item NAME { ... }` declares a kind with its look, what
# it gives and what happens when it is picked up; `drop NAME` drops it.
item gem {
    look point                  # drawn as the point item
    gives score 2000 power 0.05
}

item shard {
    look crystal                # an enemy's sprite
    gives bomb_piece            # 3 pieces make a bomb
    on collect {                # where it was picked up
        drop point 3 at (x, y - 120)
    }
}

item heart {
    look life
    gives life_piece 2 score 500   # 5 pieces make a spare ship
}

enemy chest {
    health 200
    hitbox 14
    move to (192, 120) over 60
    wait 60
    repeat 4 {
        fire rice yellow ring 10 at aim speed 2
        drop gem 3
        wait 40
    }
    drop shard 2 at (150, 160)
    drop heart 1 at (234, 160)
}

stage treasury {
    spawn chest at (192, -20)
    wait 8s
}
