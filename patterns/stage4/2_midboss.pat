# Stage 4's midboss: Hayate, the Gale Runner, a wind spirit who races the
# player across the sea of clouds; two phases at the middle of the stage. Her
# first phase is a race: she dashes from one side of the field to the other,
# leaving a trail of rice that hangs in her wake and then falls at the player,
# with a ring of wind at each end of the run. Her spell card is a storm front:
# she zigzags down and up again, and at each turn throws out a vortex (two rings
# turning against each other) while her tailwind, arrows that stop and set off
# again on the wind, crosses the field behind her.

# Her dialogue (the stage runs these where the scenes fall): a short exchange
# as she races in, each ship answering in its own way (Hotaru, Shirasagi, and
# the `else`: Tsubame), and a line as she flies off beaten.

# Hayate comes up beside the player, grinning: a race.
pattern s4_talk_hayate {
    say s4_hayate smile "Oh? Somebody flying up through my storm? Race you to the top!"
    if ship == hotaru {
        say hotaru smile "A race? You're on! Loser buys the festival dumplings!"
    } else if ship == shirasagi {
        say shirasagi "I did not come here to race. ...But I will not lose, either."
    } else {
        say tsubame smile "Race a courier? You picked the wrong bird."
    }
    say s4_hayate "Then catch me if you can!"
}

# Hayate, beaten, flies off ahead.
pattern s4_talk_hayate_after {
    say s4_hayate surprised "Wh-what? Nobody keeps up with me! Ikazuchi's going to be so loud about this..."
}

# Her wake: while she runs, rice dropped every few frames that hangs, then
# falls toward the player; frames long.
pattern s4_wake(frames = 40) {
    repeat frames / 4 {
        fire rice cyan at 180 + rand(-20, 20) speed 0.6 {
            speed 0 over 16 out
            wait level(34, 30, 28, 26)
            turn to aim over 10
            speed 2 + rank * 0.8 over 24 in
        }
        wait 4
    }
}

boss s4_hayate {
    name "Hayate, the Gale Runner"
    look s4_hayate
    character s4_hayate
    spell_background s4_storm

    phase time 22s health 440 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var side = i % 2 * 2 - 1
            thread s4_wake(40)
            move to (192 + side * 130, 90 + rand(-10, 20)) over 40 out
            wait 42
            fire orb_small white ring level(16, 28, 32, 40) at i * 13 speed 1.8 + rank * 0.5 spin side * -0.6 {
                wait 40
                spin 0
            }
            if rank >= 0.35 {
                fire arrow green spread level(3, 3, 5, 5) by 12 aim speed 2.6 + rank stack level(1, 2, 2, 3) by 0.5
            }
            wait level(40, 28, 24, 20)
        }
    }

    phase "Gale Sign: Racing the Storm Front" spell time 30s health 450 bonus 800000 {
        move to (60, 80) over 40
        wait 40
        loop as i {
            var side = i % 2 * 2 - 1
            # the run: across and down, the tailwind left behind her
            thread {
                repeat 8 as k {
                    fire arrow white spread 2 by 180 at 90 speed 1.6 {
                        speed 0 over 20 out
                        wait 20
                        turn by 90 * (k % 2 * 2 - 1) over 10
                        speed 1.4 + rank * 0.9 over 30 in
                    }
                    wait 5
                }
            }
            move to (192 - side * 130, 80 + i % 3 * 30) over 40 out
            wait 40
            # the vortex at the turn
            fire rice cyan ring level(14, 20, 26, 32) at i * 11 speed 1.8 + rank * 0.6 spin side * 0.9 {
                wait 45
                spin 0
            }
            fire rice green ring level(8, 14, 18, 24) at i * 11 + 6 speed 1.4 + rank * 0.5 spin side * -0.9 {
                wait 45
                spin 0
            }
            if rank >= 0.35 {
                fire kunai white spread level(3, 3, 5, 5) by 10 aim speed 3 + rank
            }
            wait level(34, 24, 20, 18)
        }
    }
}
