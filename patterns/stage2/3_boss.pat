# Stage 2's boss: Minamo, Moon upon the Water, the spirit of the lake's
# surface. Six phases: two attacks and four spell cards, the fifth a card to
# survive, the last the hardest. Her beams are moonlight (straight lasers, warned
# first), her eels and fog-snakes curvy lasers.

# A ripple: a ring that leaves fast from a point near the boss and slows, as
# rings spread on water; on Hard and Lunatic a second, slower ring follows it.
pattern s2_ripple(dx = 0, dy = 0, n = 16) {
    fire orb blue ring n from (dx, dy) at rand(0, 30) speed 3 {
        speed 0.9 + rank * 0.6 over 45
    }
    if rank >= 0.7 {
        wait 10
        fire orb_small cyan ring n from (dx, dy) at rand(0, 30) speed 2.4 {
            speed 0.6 + rank * 0.5 over 45
        }
    }
}

# A lotus lantern floats down from the boss, slows, and opens rings of curling
# petals from where it is, then goes out. On Hard and Lunatic every other ring
# curls the other way, so the petals cross.
pattern s2_lotus_lantern(side = 1) {
    fire orb_large purple at 180 + side * rand(25, 65) speed 2.4 {
        speed 0.35 + rank * 0.25 over 50
        wait 50
        repeat level(2, 3, 3, 4) as k {
            var curl = side * 0.9
            if rank >= 0.7 and k % 2 == 1 {
                curl = -curl
            }
            fire rice purple ring level(6, 8, 9, 11) at k * 17 speed 1.1 + rank * 0.5 spin curl {
                wait 45
                spin 0
            }
            wait 40
        }
        vanish
    }
}

boss s2_minamo {
    name "Minamo, Moon upon the Water"
    look minamo
    character minamo
    spell_background lake_spell

    # 1: ripples spread from points about the boss; aimed drops between them.
    phase time 35s health 1700 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            thread s2_ripple(rand(-90, 90), rand(-20, 40), level(12, 18, 24, 28))
            wait level(34, 24, 21, 18)
            if i % 2 == 1 {
                fire drop cyan spread level(1, 3, 5, 5) by 14 aim speed 2.6 + rank * 1.2 stack level(1, 1, 2, 3) by 0.6
            }
            if i % 4 == 3 {
                move to (rand(120, 264), rand(80, 115)) over 45
            }
        }
    }

    # 2: stars thrown up toward the sky turn back down as their reflection in
    # the lake, while moonbeams fall straight from the top of the field.
    phase "Moon Sign: Reflection in Still Water" spell time 45s health 2000 bonus 1000000 {
        move to (192, 120) over 50
        wait 50
        thread {
            wait 60
            loop as t {
                laser white from (player_x - x, -y) at 180 length 470 width 16 warn 60 life 36
                repeat level(0, 1, 2, 2) as k {
                    laser white from ((k * 2 - 1) * level(0, 110, 90, 80) + player_x - x, -y) at 180 length 470 width 12 warn 60 life 36
                }
                wait level(170, 130, 110, 90)
            }
        }
        loop as i {
            fire star yellow arc level(7, 13, 14, 15) over 150 at sin(i * 40) * 20 speed 2.6 + rank * 0.4 {
                speed 0.4 over 35
                wait 40
                turn to 180 - heading
                speed 1.2 + rank * 0.8 over 40
            }
            if rank >= 0.35 and i % 2 == 0 {
                fire orb_small white ring level(8, 10, 14, 18) at i * 7 speed 1.8 + rank * 0.4
            }
            wait level(40, 26, 23, 20)
        }
    }

    # 3: eels of light wind toward the player (curvy lasers that sway), and
    # bubbles rise and drift between them.
    phase time 35s health 1800 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            laser curvy cyan arc level(2, 3, 3, 4) over level(70, 80, 80, 90) aim speed 2.4 + rank * 0.6 length 40 width 10 spin d * 1.5 {
                wait 15
                repeat 4 {
                    spin -spin
                    wait 30
                }
                spin 0
            }
            fire bubble blue ring level(5, 8, 9, 10) at i * 13 speed 1.1 + rank * 0.4
            if rank >= 0.35 {
                wait 20
                fire orb_small cyan spread level(3, 5, 5, 7) by 16 aim speed 2.4 + rank
            }
            wait level(90, 58, 50, 44)
            move to (192 + sin(i * 80) * 70, 95 + cos(i * 60) * 15) over 40
        }
    }

    # 4: lotus lanterns float down and open into petals, while the boss sweeps
    # an arc of drops back and forth.
    phase "Lake Sign: Lotus Lanterns Drift Downstream" spell time 50s health 2100 bonus 1500000 {
        move to (192, 90) over 50
        wait 50
        thread {
            loop as t {
                run s2_lotus_lantern(t % 2 * 2 - 1)
                wait level(60, 36, 32, 28)
            }
        }
        loop as i {
            fire drop blue arc level(5, 9, 10, 11) over 60 at 180 + sin(i * 19) * 50 speed 2 + rank * 0.8
            wait level(30, 19, 16, 14)
        }
    }

    # 5: a card to survive: fog falls from the top as slow drops while snakes
    # of mist (curvy lasers) slide in from the upper corners, curl and then
    # turn once toward the player. The boss is out of reach.
    phase "Mist Sign: Night Fog over the Lake" spell time 30s bonus 1200000 {
        move to (192, 50) over 60
        wait 60
        thread {
            loop as t {
                var side = t % 2 * 2 - 1
                laser curvy green from (side * 180, -40) at 180 - side * 35 speed 2.2 + rank * 0.5 length 48 width 10 spin side * 0.5 {
                    wait 70
                    spin 0
                    turn to aim over 30
                }
                if rank >= 0.7 {
                    laser curvy green from (-side * 120, -40) at 180 + side * 20 speed 2.4 length 40 width 8 spin -side * 0.6
                }
                wait level(150, 110, 90, 75)
            }
        }
        loop {
            repeat level(2, 4, 5, 6) {
                fire orb white from (rand(-190, 190), -y) at 180 + rand(-12, 12) speed 0.9 + rand(0, 0.6) + rank * 0.5
            }
            wait level(18, 12, 10, 9)
        }
    }

    # 6: the last card: moonbeams turn slowly about the boss like the hands of
    # a clock while ripples keep spreading beneath them.
    phase "Full Moon: The Moon Drowned in the Lake" spell time 70s health 2800 bonus 2500000 {
        move to (192, 130) over 60
        wait 60
        loop as t {
            var d = t % 2 * 2 - 1
            laser yellow ring level(3, 4, 5, 6) at t * 31 + 15 length 520 width 12 warn 60 life 150 spin d * level(0.3, 0.35, 0.4, 0.45)
            repeat 5 as k {
                fire orb blue ring level(10, 20, 23, 26) at t * 9 + k * 6 speed 1.4 + rank * 0.7
                if rank >= 0.35 and k % 2 == 1 {
                    fire drop cyan spread level(1, 1, 3, 5) by 12 aim speed 2.4 + rank
                }
                wait level(44, 36, 33, 30)
            }
        }
    }
}
