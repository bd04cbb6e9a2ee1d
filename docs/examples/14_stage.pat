# docs/examples/14_stage.pat
enemy diver(side) {
    look drone
    health 6
    score 100
    move to (192 + side * 120, 140) over 40 out
    fire orb red ring 10 speed 2
    wait 30
    move by (0, 500) over 120 in
}

boss lantern {
    name "Paper Lantern"
    look boss
    spell_background lake_spell
    phase time 20s health 600 {
        move to (192, 110) over 60
        loop {
            fire orb orange ring 20 at rand(0, 18) speed 2
            wait 30
        }
    }
    phase "Light Sign: Moth Swarm" spell time 30s health 900 bonus 100000 {
        loop {
            fire star yellow ring 6 at time * 4 speed 1.5 spin 0.8
            wait 6
        }
    }
}

stage lake {
    background lake
    title "Stage 1" "Lake at Dusk"
    wait 1s
    repeat 4 as i {
        spawn diver(-1) at (40 + i * 20, -20)
        spawn diver(1) at (344 - i * 20, -20)
        wait 25
    }
    wait until enemies == 0
    wait 1s
    background lake_boss
    boss lantern
    wait 2s
}
