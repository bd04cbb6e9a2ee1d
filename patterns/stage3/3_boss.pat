# Stage 3's boss, the last of the game: Tokine, the Keeper of the Dawn Clock,
# who winds the clockwork spire that turns the night into day. Six phases: two
# attacks and four spell cards, the fifth a card to survive, the last the
# hardest. Her clock hands and pendulums are straight lasers (warned first),
# her hairsprings curvy lasers.

# A gear: a ring of teeth thrown out from a point near the boss, turning as it
# spreads; on Hard and Lunatic a second ring turns the other way.
pattern s3_gear(dx = 0, dy = 0, n = 12, turn = 1) {
    fire orb_small yellow ring n from (dx, dy) at rand(0, 30) speed 2.2 + rank * 0.4 spin turn * 0.8 {
        wait 45
        spin 0
    }
    if rank >= 0.7 {
        fire orb_small orange ring n from (dx, dy) at rand(0, 30) speed 1.8 + rank * 0.4 spin turn * -0.8 {
            wait 45
            spin 0
        }
    }
}

# A bell falls from the top of the field, stops, and tolls rings of rice from
# where it hangs, then is gone.
pattern s3_bell_toll(bx = 0) {
    fire orb_large orange from (bx, -y) at 180 speed 2.4 {
        speed 0 over 50
        wait 50
        repeat level(2, 3, 3, 4) as k {
            fire rice yellow ring level(8, 12, 14, 16) at k * 11 speed 1.1 + rank * 0.5
            wait 36
        }
        vanish
    }
}

boss s3_tokine {
    name "Tokine, Keeper of the Dawn Clock"
    look tokine
    spell_background spire_spell

    # 1: gears spin out from points about the boss; aimed arrows between them.
    phase time 35s health 1800 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            thread s3_gear(rand(-90, 90), rand(-20, 40), level(10, 16, 20, 24), i % 2 * 2 - 1)
            wait level(36, 26, 22, 19)
            if i % 2 == 1 {
                fire arrow green spread level(1, 3, 5, 5) by 14 aim speed 2.6 + rank * 1.2 stack level(1, 1, 2, 3) by 0.6
            }
            if i % 4 == 3 {
                move to (rand(120, 264), rand(80, 115)) over 45
            }
        }
    }

    # 2: the hands of a clock (long beams from the boss) sweep round while
    # each tick throws a ring of small orbs.
    phase "Clock Sign: Hands That Sweep the Dial" spell time 45s health 2100 bonus 1200000 {
        move to (192, 150) over 50
        wait 50
        loop as t {
            var d = t % 2 * 2 - 1
            laser yellow ring level(2, 3, 3, 4) at t * 37 length 500 width 12 warn 60 life 160 spin d * level(0.35, 0.4, 0.45, 0.5)
            repeat 6 as k {
                fire orb_small white ring level(10, 18, 22, 26) at t * 7 + k * 9 speed 1.3 + rank * 0.6
                if rank >= 0.7 and k % 3 == 2 {
                    fire rice orange spread 3 by 14 aim speed 2.6 + rank
                }
                wait level(36, 30, 28, 26)
            }
        }
    }

    # 3: hairsprings (curvy lasers that coil and sway) wind toward the player
    # while cogs of large orbs roll down between them.
    phase time 35s health 1900 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            laser curvy orange arc level(2, 3, 3, 4) over level(70, 80, 80, 90) aim speed 2.3 + rank * 0.6 length 40 width 10 spin d * 1.8 {
                wait 15
                repeat 4 {
                    spin -spin
                    wait 25
                }
                spin 0
            }
            fire orb yellow ring level(6, 9, 10, 12) at i * 13 speed 1.2 + rank * 0.4
            if rank >= 0.35 {
                wait 20
                fire rice green spread level(3, 5, 5, 7) by 15 aim speed 2.4 + rank
            }
            wait level(90, 58, 50, 44)
            move to (192 + sin(i * 80) * 70, 95 + cos(i * 60) * 15) over 40
        }
    }

    # 4: two pendulums of light swing from the top of the field, crossing;
    # they stop short of the bottom (longer on the harder difficulties), so the
    # player keeps below them while gears spin out from the boss.
    phase "Pendulum Sign: The Spire Keeps Time" spell time 50s health 2200 bonus 1500000 {
        move to (192, 80) over 50
        wait 50
        loop as t {
            laser cyan from (-100, -y) at 180 - 45 length level(290, 310, 330, 350) width 12 warn 50 life 110 {
                wait 50
                turn by 90 over 60
            }
            laser cyan from (100, -y) at 180 + 45 length level(290, 310, 330, 350) width 12 warn 50 life 110 {
                wait 50
                turn by -90 over 60
            }
            repeat 3 as k {
                run s3_gear(0, 0, level(10, 16, 18, 22), k % 2 * 2 - 1)
                if rank >= 0.35 {
                    fire drop blue spread level(1, 3, 3, 5) by 10 aim speed 2.4 + rank
                }
                wait level(50, 40, 36, 32)
            }
        }
    }

    # 5: a card to survive: the spire's bells fall and toll, while hairsprings
    # slide in from the upper corners and turn once toward the player. The
    # boss is out of reach.
    phase "Dawn Sign: Seven Bells Before Sunrise" spell time 30s bonus 1300000 {
        move to (192, 50) over 60
        wait 60
        thread {
            loop as t {
                var side = t % 2 * 2 - 1
                laser curvy yellow from (side * 180, -40) at 180 - side * 35 speed 2.2 + rank * 0.5 length 48 width 10 spin side * 0.5 {
                    wait 70
                    spin 0
                    turn to aim over 30
                }
                if rank >= 0.7 {
                    laser curvy orange from (-side * 120, -40) at 180 + side * 20 speed 2.4 length 40 width 8 spin -side * 0.6
                }
                wait level(150, 110, 90, 75)
            }
        }
        loop as i {
            run s3_bell_toll(rand(-160, 160))
            wait level(70, 48, 40, 34)
        }
    }

    # 6: the last card: the sun rises behind the spire; its rays (beams in a
    # ring that turns) sweep the field while rings of orbs and gears spread
    # beneath them.
    phase "Final Hour: Sunrise over the Clockwork Spire" spell time 70s health 3000 bonus 2800000 {
        move to (192, 130) over 60
        wait 60
        loop as t {
            var d = t % 2 * 2 - 1
            laser orange ring level(3, 4, 5, 6) at t * 29 + 15 length 520 width 12 warn 60 life 150 spin d * level(0.3, 0.35, 0.4, 0.45)
            repeat 5 as k {
                fire orb yellow ring level(10, 18, 22, 26) at t * 9 + k * 6 speed 1.4 + rank * 0.7
                if rank >= 0.35 and k % 2 == 1 {
                    thread s3_gear(rand(-60, 60), 0, level(6, 8, 10, 12), d)
                }
                wait level(44, 36, 33, 30)
            }
        }
    }
}
