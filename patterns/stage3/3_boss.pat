# Stage 3's boss, the last of the game: Tokine, the Keeper of the Dawn Clock,
# who winds the clockwork spire that turns the night into day. Six phases: two
# attacks and four spell cards, the fifth a card to survive, the last the
# hardest. Her clock hands and pendulums are straight lasers (warned first);
# her teeth tick like an escapement, her knives stop with the clock, and her
# last card's chimes run back as time is rewound.

# A tooth of the escapement: it moves a step, stops, turns a notch, and steps
# again, for as long as it flies; fired at the same moment, a ring's teeth and
# every ring fired a tick later step together.
pattern s3_tick(turn = 1, v = 2) {
    loop {
        speed v over 8 out
        wait 14
        speed 0 over 6 in
        wait 22
        turn by turn * level(6, 8, 9, 10)
    }
}

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

boss s3_tokine {
    name "Tokine, Keeper of the Dawn Clock"
    look tokine
    character tokine
    spell_background spire_spell

    # 1: gears spin out from points about the boss; aimed arrows between them.
    phase time 35s health 1800 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            thread s3_gear(rand(-90, 90), rand(-20, 40), level(14, 22, 20, 24), i % 2 * 2 - 1)
            wait level(32, 22, 20, 19)
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
                fire orb_small white ring level(14, 22, 28, 32) at t * 7 + k * 9 speed 1.3 + rank * 0.6
                if rank >= 0.7 and k % 3 == 2 {
                    fire rice orange spread 3 by 14 aim speed 2.6 + rank
                }
                wait level(34, 28, 25, 22)
            }
        }
    }

    # 3: the escapement: rings of teeth tick out from the boss all together, a
    # step and a stop, each stop turning them a notch, every other ring (orange)
    # wound the other way, so that the gaps between them open and close like gears
    # meshing; fans of arrows are aimed between the ticks.
    phase time 35s health 1900 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            if d > 0 {
                fire rice yellow ring level(10, 18, 20, 20) at i * 5 speed 0 run s3_tick(d, 2 + rank * 1.1)
            } else {
                fire rice orange ring level(10, 18, 20, 20) at i * 5 speed 0 run s3_tick(d, 2 + rank * 1.1)
            }
            if rank >= 0.7 {
                fire orb_small white ring level(8, 8, 8, 10) at i * 5 + 9 speed 0 run s3_tick(-d, 1.5 + rank * 0.6)
            }
            if i % level(4, 2, 2, 2) == 1 {
                fire arrow green spread level(1, 3, 3, 5) by 16 aim speed 2.4 + rank * 0.8 stack level(1, 2, 2, 3) by 0.5
            }
            if i % 8 == 7 {
                move to (192 + sin(i * 80) * 60, 95 + cos(i * 60) * 15) over 30
            }
            wait level(72, 36, 36, 36)
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
                run s3_gear(0, 0, level(14, 24, 24, 28), k % 2 * 2 - 1)
                if rank >= 0.35 {
                    fire drop blue spread level(1, 3, 3, 5) by 10 aim speed 2.4 + rank stack level(1, 1, 2, 1) by 0.5
                }
                wait level(40, 28, 28, 26)
            }
        }
    }

    # 5: a card to survive: the hour stands still. Tokine throws rings of
    # knives from the twelve marks of a dial about her; then the clock stops
    # (the knives halt and pale to blue), the hands are set, and time runs
    # again: the knives go on turned a quarter hour, every other ring the
    # other way, and on Hard and Lunatic the last ring of each hour turned
    # toward the player. The boss is out of reach.
    phase "Time Sign: The Hour That Stood Still" spell time 30s bonus 1300000 {
        move to (192, 120) over 60
        wait 60
        loop as t {
            var rings = level(4, 5, 6, 7)
            var gap = level(18, 15, 13, 12)
            repeat rings as k {
                var a = t * 17 + k * 30
                fire kunai white ring level(14, 18, 22, 26) from (sin(a) * 48, -cos(a) * 48) at a speed 2 + rank * 0.4 as g
                thread {
                    wait (rings - 1 - k) * gap + 24
                    for b in g {
                        b.speed 0 over 10 out
                        b.look kunai blue
                    }
                    wait level(50, 45, 42, 40)
                    for b in g {
                        if rank >= 0.7 and k == rings - 1 {
                            b.turn to aim over 12
                        } else {
                            b.turn by (k % 2 * 2 - 1) * 90 over 12
                        }
                        b.speed 1.8 + rank * 0.9 over 24 in
                        b.look kunai yellow
                    }
                }
                wait gap
            }
            wait 24
            sound timer
            if rank >= 0.35 {
                fire orb_small white ring level(8, 10, 12, 16) at t * 11 speed 1.2 + rank * 0.4
            }
            wait level(90, 75, 70, 64)
        }
    }

    # 6: the last card: the dawn clock strikes. Two hands of light turn about
    # the boss (warned first, short of the field's bottom); each time the
    # minute hand passes one of the twelve marks about her, the mark chimes a
    # ring of orbs that flies out, stops, pales, and runs back the way it came,
    # past the mark and out again (time rewound); at each hour the clock strikes,
    # one ring of bells more every hour.
    phase "Final Hour: Twelve Strokes at Dawn" spell time 70s health 4400 bonus 2800000 {
        move to (192, 140) over 60
        wait 60
        var turn = level(1, 1.2, 1.25, 1.5)
        var step = 30 / turn
        laser yellow ring level(1, 1, 2, 2) at 0 length level(160, 180, 190, 200) width 10 warn 60 spin turn
        laser orange ring level(1, 1, 1, 2) at 180 length 110 width 14 warn 60 spin -turn / 4
        wait 60
        loop as m {
            wait step
            var a = m * 30 + 60
            var mx = sin(a) * 60
            var my = -cos(a) * 60
            fire orb yellow ring level(12, 18, 22, 28) from (mx, my) at a + m * 7 speed 2.4 + rank * 0.4 as chime {
                speed 0 over 40 out
                wait 50
                speed -(1.4 + rank * 0.6) over 40 in
            }
            thread {
                wait 44
                for b in chime {
                    b.look orb white
                }
            }
            if rank >= 0.35 and m % 2 == 1 {
                fire rice orange spread level(1, 3, 3, 5) by 14 from (mx, my) aim speed 2.2 + rank
            }
            if m % 12 == 11 {
                var hour = floor(m / 12) + 1
                repeat min(hour, level(2, 3, 4, 5)) as k {
                    fire orb_large orange ring level(6, 8, 10, 12) at k * 15 + hour * 7 speed 1.6 + rank * 0.5
                    wait 12
                }
            }
        }
    }
}
