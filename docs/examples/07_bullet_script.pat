# docs/examples/07_bullet_script.pat
pattern stop_and_aim {
    loop {
        fire amulet white ring 12 speed 4 {
            speed 0 over 30      # slow to a stop in half a second
            wait 40
            turn to aim          # face the player...
            speed 4 over 20      # ...and go
        }
        wait 60
    }
}
