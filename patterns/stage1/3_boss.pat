# Stage 1's boss: Kagari, Keeper of the Curtain. Six phases: two attacks and
# four spell cards, the fifth phase a card to survive, the last the hardest.

# Paper lanterns thrown up from the boss that burst into falling sparks.
pattern s1_lantern(colour_shift = 0) {
    fire orb_large orange at rand(-50, 50) speed 3.4 + rand(0, 1) {
        speed 0 over 50
        wait 55
        fire star yellow ring level(10, 14, 20, 26) at rand(0, 30) speed 1.2 + rank * 0.5 {
            velocity (0, 0.9 + rank * 0.6) over 80
        }
        vanish
    }
}

boss s1_kagari {
    name "Kagari, Keeper of the Curtain"
    look boss
    character kagari
    spell_background dusk_spell

    # 1: fans that follow the player, rings that do not.
    phase time 30s health 1100 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            repeat 3 as k {
                fire kunai red spread level(3, 5, 7, 9) by level(16, 13, 11, 9) aim speed 2.6 + rank * 1.4
                wait 8
            }
            fire orb blue ring level(12, 20, 28, 36) at i * 5 speed 1.5 + rank * 0.7
            wait level(40, 32, 26, 22)
            if i % 3 == 2 {
                move to (rand(110, 274), rand(80, 120)) over 45
            }
        }
    }

    # 2: lanterns burst overhead while the boss sweeps the floor with rice.
    phase "Lantern Sign: A Thousand Paper Lights" spell time 40s health 1300 bonus 1000000 {
        move to (192, 90) over 50
        wait 50
        thread {
            loop {
                run s1_lantern()
                wait level(40, 30, 24, 18)
            }
        }
        loop as i {
            fire rice green arc level(7, 10, 13, 16) over 70 at 180 + sin(i * 23) * 40 speed 1.8 + rank * 0.8
            wait level(26, 18, 14, 11)
        }
    }

    # 3: a turning spiral with gaps, and aimed pairs to keep the player moving.
    phase time 30s health 1200 {
        move to (192, 110) over 50
        wait 40
        thread {
            loop {
                fire kunai orange spread 2 by 24 aim speed 3 + rank * 1.2 stack level(2, 2, 3, 3) by 0.6
                wait level(50, 40, 32, 26)
            }
        }
        var a = 0
        loop {
            fire rice cyan ring level(4, 5, 7, 8) at a speed 2 + rank * 0.6
            fire rice white ring level(4, 5, 7, 8) at -a * 0.8 speed 1.6 + rank * 0.5
            a += 8
            wait level(6, 5, 4, 3)
        }
    }

    # 4: columns of rice fall from the top, swaying, while the boss threads
    # streams of amulets through them.
    phase "Weave Sign: Threads of the Curtain" spell time 45s health 1500 bonus 1500000 {
        move to (192, 80) over 50
        wait 50
        thread {
            var t = 0
            loop {
                repeat level(12, 15, 18, 22) as c {
                    var cx = (c + 0.5) * 384 / level(12, 15, 18, 22) - x
                    fire rice yellow from (cx, 40 - y) at 180 + sin(c * 37 + t) * 10 speed 1.4 + rank * 0.5
                }
                t += 23
                wait level(34, 26, 22, 18)
            }
        }
        loop as i {
            repeat level(4, 6, 8, 10) {
                fire amulet purple at aim + sin(i * 50) * 30 speed 3 + rank
                wait 4
            }
            wait level(50, 40, 32, 28)
            move to (192 + sin(i * 80) * 90, 80) over 40
        }
    }

    # 5: a card to survive: embers close in from a circle around the player
    # (never on it) while the boss is out of reach.
    phase "Ember Sign: Moths to the Flame" spell time 25s bonus 1200000 {
        move to (192, 60) over 60
        wait 60
        loop as i {
            fire orb_small red ring level(10, 16, 22, 28) from (player_x - x, player_y - y) radius 150 at i * 11 speed 0 {
                wait 30
                turn by 180
                speed 0.7 + rank * 0.5 over 40
            }
            wait level(70, 52, 42, 34)
        }
    }

    # 6: the last card: two spirals braid while stars bloom and stop and race
    # out again.
    phase "Final Curtain: Dusk Falls on the Stage" spell time 60s health 1900 bonus 2500000 {
        move to (192, 120) over 60
        wait 60
        thread {
            var b = 0
            loop {
                fire star white ring level(16, 22, 30, 40) at b speed 2.6 {
                    speed 0 over 25
                    wait 35
                    speed 1.2 + rank * 0.9 over 30
                }
                b += 7
                wait level(110, 85, 70, 56)
            }
        }
        var a = 0
        loop {
            fire orb_small red ring level(2, 3, 4, 5) at a speed 1.9 + rank * 0.5
            fire orb_small cyan ring level(2, 3, 4, 5) at -a speed 1.9 + rank * 0.5
            a += 9
            wait level(6, 4, 3, 3)
        }
    }
}
