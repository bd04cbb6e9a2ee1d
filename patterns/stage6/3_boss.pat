# Stage 6's boss, the last of the game: Tobari, Lady of the Night Curtain, who
# closed the curtain across the sky because at dawn the festival ends and the
# lanterns go out, and she wanted one night that never ends. Eight phases:
# three attacks and four spell cards on her health bars, then her last word, a
# card after the last bar that can only be survived. Her curtain is light:
# beams drawn across the sky (straight lasers, warned), threads that fall and
# coil (curvy lasers); her night is held on handles and let go, her lanterns
# burst when they go out (callbacks) and each one out makes the next burst
# larger (a shared count), and in her last card the dawn she held back comes
# through anyway, one step at a time (a shared value every bullet reads).

# Lanterns gone out in her third card (each burst makes the next larger).
shared s6_lanterns = 0
# How deep the night is in her fourth card: the bullets fired long ago read it.
shared s6_night = 0
# How near the dawn is in her last word (0 to 4): every bullet reads it.
shared s6_dawn = 0

# A fold of the curtain: a ring of rice that swings one way, then the other,
# like cloth falling into a fold, then runs on straight.
pattern s6_fold(turn = 1) {
    spin turn * 1.4
    wait 24
    spin turn * -1.4
    wait 24
    spin 0
    speed 2.2 + rank * 0.84 over 24 in
}

# A thread of the curtain: a curvy laser that coils round and falls.
pattern s6_thread(turn = 1) {
    wait 20
    spin turn * 2.2
    wait 40
    spin 0
    speed 2.1 + rank * 0.6 over 30
}

# A pair of folds from her sleeves: a ring of rice from one sleeve (and on
# Hard and Lunatic a thinner ring from the other) that swings into folds.
pattern s6_folds(i = 0, d = 1) {
    fire rice purple ring level(18, 20, 24, 26) from (d * 40, 0) at i * 7 speed 1.5 run s6_fold(d)
    if rank >= 0.7 {
        fire rice blue ring level(10, 14, 12, 14) from (-d * 40, 0) at i * 7 + 9 speed 1.4 run s6_fold(-d)
    }
}

boss s6_tobari {
    name "Tobari, Lady of the Night Curtain"
    look s6_tobari
    character s6_tobari
    spell_background s6_gate_boss

    # 1: the curtain's folds: rings of rice that swing to and fro and run on,
    # fired in pairs from her sleeves; fans of kunai aimed between them.
    phase time 30s health 1400 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            var d = i % 2 * 2 - 1
            run s6_folds(i, d)
            if i % 2 == 1 {
                fire kunai white spread level(3, 5, 5, 7) by 12 aim speed 2.7 + rank * 0.92 stack level(1, 2, 3, 3) by 0.5
            }
            wait level(28, 20, 18, 17)
            if i % 6 == 5 {
                move to (192 + rand(-60, 60), rand(85, 115)) over 40
            }
        }
    }

    # 2: the curtain drawn across the sky: beams of light fall from the top
    # of the field one after another, from both sides toward the player,
    # and stop short of her, leaving her a gap; rings of stars and drops aimed
    # down the gap go through it while the curtain hangs.
    phase "Curtain Sign: Drawn Across the Sky" spell time 40s health 1700 bonus 1800000 {
        cutin "Curtain Sign: Drawn Across the Sky" purple over 90
        move to (192, 80) over 50
        wait 50
        loop as t {
            var gx = clamp(player_x, 80, 304)
            var gap = level(66, 58, 52, 48)
            var lx = 14
            var rx = 370
            repeat 8 {
                if lx < gx - gap {
                    laser purple from (lx - x, -y) at 180 length 470 width 14 warn 40 life 80
                }
                if rx > gx + gap {
                    laser purple from (rx - x, -y) at 180 length 470 width 14 warn 40 life 80
                }
                lx += 42
                rx -= 42
                wait 5
            }
            repeat 5 as k {
                fire star yellow ring level(14, 20, 22, 24) at t * 11 + k * 6 speed 1.7 + rank * 0.68
                fire drop white spread level(1, 3, 3, 5) by 8 aim speed 2.5 + rank * 0.92 stack level(1, 2, 2, 3) by 0.5
                wait level(24, 18, 16, 14)
            }
            wait level(20, 10, 8, 6)
        }
    }

    # 3: threads of the curtain coil out of her and fall, among rings of
    # small orbs that turn as they spread.
    phase time 30s health 1400 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            laser curvy purple ring level(4, 6, 7, 8) at i * 17 speed 1.9 length 32 width 9 run s6_thread(d)
            repeat 3 as k {
                fire orb_small blue ring level(18, 24, 26, 28) at i * 5 + k * 8 speed 1.9 + rank * 0.6 spin d * 0.3
                if rank >= 0.35 and k == 1 {
                    fire kunai white spread level(3, 3, 5, 5) by 14 aim speed 2.7 + rank * 0.92 stack level(1, 2, 2, 3) by 0.5
                }
                wait level(22, 16, 14, 12)
            }
            if i % 3 == 2 {
                move to (192 + rand(-60, 60), rand(85, 115)) over 36
            }
        }
    }

    # 4: the Moon Gate's silver lattice: rings of rice turning both ways
    # weave a lattice that closes and opens as it spreads, and the gate's bars
    # (a ring of beams, warned) turn slowly through it.
    phase "Gate Sign: Silver Lattice of the Moon Gate" spell time 40s health 1700 bonus 2000000 {
        cutin "Gate Sign: Silver Lattice of the Moon Gate" yellow over 90
        move to (192, 110) over 50
        wait 50
        loop as t {
            if t % 12 == 0 {
                laser yellow ring level(3, 4, 5, 6) at t * 7 length 480 width 10 warn 60 life 140 spin (t % 24 / 6 - 1) * level(0.3, 0.35, 0.4, 0.45)
            }
            fire rice white ring level(18, 18, 22, 24) at t * 4 speed 1.8 + rank * 0.6 spin 0.45 {
                wait 60
                spin 0
            }
            fire rice blue ring level(18, 18, 22, 24) at -t * 4 speed 1.8 + rank * 0.6 spin -0.45 {
                wait 60
                spin 0
            }
            wait level(20, 15, 14, 13)
        }
    }

    # 5: the night gathers: rings of stars fly out and stop; a breath later
    # each turns toward the player and comes on (held on a handle and let go),
    # while rings of kunai run straight through.
    phase time 30s health 450 {
        move to (192, 100) over 50
        wait 50
        loop as t {
            fire star blue ring level(12, 16, 18, 20) at t * 17 speed 2.9 as g {
                speed 0 over 30 out
            }
            thread {
                wait 44
                for b in g {
                    b.turn to aim over 8
                    b.speed 2.3 + rank * 0.92 over 20 in
                    b.look star yellow
                }
            }
            fire kunai purple ring level(14, 18, 20, 22) at t * 5 speed 1.9 + rank * 0.68
            wait level(34, 24, 21, 18)
            if t % 5 == 4 {
                move to (192 + rand(-70, 70), rand(80, 120)) over 40
            }
        }
    }

    # 6: the festival's last lanterns: lanterns drift out of her and slow;
    # when each goes out it bursts (an `on vanish` callback), and every
    # lantern gone out makes the next bursts larger (a shared count), up to
    # a bound; a bomb's cancel puts a lantern out quietly.
    phase "Lantern Sign: The Festival's Last Lanterns" spell time 40s health 1500 bonus 2200000 {
        cutin "Lantern Sign: The Festival's Last Lanterns" orange over 90
        move to (192, 90) over 50
        wait 50
        s6_lanterns = 0
        loop as t {
            fire orb_large orange at 180 + (t % 5 - 2) * level(26, 24, 22, 20) speed 2.3 life level(96, 84, 78, 72) {
                speed 0.5 over 50
                on vanish {
                    s6_lanterns += 1
                    var more = min(s6_lanterns, 12) * level(0, 1, 1, 1)
                    fire orb_small yellow ring level(12, 16, 20, 24) + more at rand(0, 360) speed 1.8 + rank * 0.6
                    fire rice orange ring level(6, 10, 12, 16) + more / 2 at rand(0, 360) speed 2.4 + rank * 0.6
                }
                on cancel {
                    fire orb_small yellow ring 4 speed 1 life 20
                }
            }
            if t % 2 == 1 {
                fire drop yellow spread level(3, 3, 5, 5) by 14 aim speed 2.5 + rank * 0.84 stack level(1, 2, 2, 3) by 0.5
            }
            wait level(26, 22, 20, 20)
        }
    }

    # 7: her last bar: the night that never ends. The curtain's rods (a ring
    # of beams about her, warned) turn all the while; knives come out of the
    # moon's phases round her, slowly, and every four seconds the night
    # deepens (a shared value): every knife still in the air, however long
    # ago it was fired, comes on the faster for it.
    phase "Night Sign: One Night That Never Ends" spell time 50s health 2200 bonus 2600000 {
        cutin "Night Sign: One Night That Never Ends" blue over 100
        move to (192, 110) over 50
        wait 50
        s6_night = 0
        laser purple ring level(3, 4, 4, 5) at 0 length level(170, 190, 205, 220) width 12 warn 60 spin level(0.45, 0.55, 0.6, 0.7)
        thread {
            loop {
                wait 240
                s6_night = min(s6_night + 1, 6)
                flash blue over 30 alpha 0.25
                wait 1
            }
        }
        loop as t {
            var a = t * 23
            fire kunai blue ring level(12, 16, 18, 20) from (sin(a) * 70, -cos(a) * 40) at a speed 1.1 {
                wait 20
                speed 1.4 + rank * 0.6 + s6_night * 0.12 over 20
                wait 60
                speed 1.5 + rank * 0.6 + s6_night * 0.18 over 30
            }
            if t % 3 == 2 {
                fire orb white spread level(3, 5, 5, 7) by 10 aim speed 2.5 + rank * 0.84 + s6_night * 0.1
            }
            wait level(15, 11, 11, 10)
        }
    }

    # 8: her last word, after the last bar (it can only be survived): the
    # whole curtain falls. Folds of knives cascade from both top corners and
    # sway; rings of stars come out of her, stop and turn on the player in a
    # net of five strands; and
    # the dawn she held back comes anyway, a step every nine seconds (a shared
    # value): each step the falling curtain thins and the stars pale to gold.
    phase "Last Word: The Curtain of the Endless Night" spell time 40s bonus 5000000 {
        cutin "Last Word: The Curtain of the Endless Night" purple over 120
        flash white over 40 alpha 0.4
        move to (192, 96) over 60
        wait 60
        s6_dawn = 0
        thread {
            loop {
                wait 480
                s6_dawn = min(s6_dawn + 1, 4)
                # the curtain tears: a great slow burst of light
                fire orb_small white ring level(40, 62, 72, 100) at rand(0, 360) stack level(2, 3, 4, 6) by 0.25 speed 1.5 + rank * 0.6
                flash yellow over 40 alpha 0.3
                shake 4 over 30
                wait 1
            }
        }
        thread {
            loop as f {
                var sway = sin(f * 5) * 26
                fire kunai purple arc level(2, 3, 3, 3) over 16 from (-180, -90) at 150 + sway speed 2.3 + rank * 0.68
                fire kunai purple arc level(2, 3, 3, 3) over 16 from (180, -90) at 210 - sway speed 2.3 + rank * 0.68
                wait level(14, 10, 9, 8) + s6_dawn * 2
            }
        }
        loop as t {
            fire star purple ring level(14, 18, 20, 22) at t * 13 speed 2.7 as g {
                speed 0 over 28 out
            }
            thread {
                wait 40
                var j = 0
                for b in g {
                    b.turn to aim + (j % 5 - 2) * level(5, 6, 6, 7) over 10
                    j += 1
                    b.speed 2.1 + rank * 0.84 + s6_dawn * 0.1 over 20 in
                    if s6_dawn >= 2 {
                        b.look star yellow
                    } else {
                        b.look star blue
                    }
                }
            }
            fire orb_small white ring level(12, 16, 18, 20) at t * 7 speed 1.7 + rank * 0.6
            wait level(44, 32, 28, 24)
            if t % 4 == 3 {
                move to (192 + rand(-40, 40), rand(86, 106)) over 40
            }
        }
    }
}
