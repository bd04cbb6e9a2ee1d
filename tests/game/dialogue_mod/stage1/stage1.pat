# The dialogue test stage: a mod that replaces stage 1 (same path) with a short
# stage that talks, for the recorded replays in tests/game/replays_dialogue/
# (tools/record_dialogue_replays.sh): a scene before the boss whose lines
# depend on the ship flown, a turret that would fire through every scene (and
# does not), a boss that names its character, narration, and lines built from
# text and numbers.

# fires aimed rice all the time: none of it comes while a line is up
enemy dm_turret(side = 1) {
    look turret
    health 400
    score 1000
    move to (192 + side * 120, 90) over 40
    wait 40
    loop {
        fire rice cyan spread 3 by 10 aim speed 2.5
        wait 20
    }
}

boss dm_fox {
    name "Kitsune of the Lantern Wood"
    look boss
    character kitsune
    phase time 12s health 500 {
        move to (192, 110) over 40
        loop {
            fire orb yellow ring 16 at time * 3 speed 2
            wait 24
        }
    }
    phase "Fox Sign: Lanterns Astray" spell time 12s health 600 bonus 100000 {
        loop as t {
            fire star purple arc 7 over 90 aim speed 2.4
            wait 30
        }
    }
}

stage stage1 {
    background lake
    title "Dialogue Test" "a stage that talks"
    spawn dm_turret(-1) at (60, -20)
    spawn dm_turret(1) at (324, -20)
    wait 120
    say "The lanterns of the wood flicker as something stirs."
    if ship == shrine {
        say miko "What a quiet evening at the shrine."
        say miko smile "Maybe too quiet. Time for a walk!"
    } else {
        say "A ship that is no shrine maiden's flies over the lake."
    }
    say kitsune "Who goes there? This wood is mine."
    say kitsune angry "Leave at once, or be lost among the lanterns!"
    say miko "Not before I find out who lit them all."
    boss dm_fox
    var lanterns = 3
    say "The fox is gone, and " + lanterns + " lanterns of " + lanterns * 4 + " still burn."
    wait 90
}
