# docs/examples/24_scenes.pat
character keeper {
    name "Keeper"
    colour 230 70 80
}

stage gate {
    repeat 4 as k {
        fire orb red ring 10 at k * 9 speed 2
        wait 40
    }
    boss warden
}

scene gate_opening before gate {             # before the stage's first statement
    say "The gate is shut. Someone keeps it."
}

scene warden_meets before warden {           # the boss flies in, then the talk
    say keeper "No one passes while I keep it."
    say "The warden raises her lantern."
}

scene warden_falls after warden {            # the fight is over, then the talk
    say keeper "...Go, then."
}

boss warden {
    name "Warden of the Gate"
    look boss
    character keeper
    phase time 20s health 600 {
        loop {
            fire orb red ring 16 at time * 3 speed 2
            wait 24
        }
    }
}
