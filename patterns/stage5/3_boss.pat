# Stage 5's boss: Amaori, the Star Weaver, who wove the curtain of night on
# the loom among the constellations. Six phases: two attacks and four spell
# cards, the last the hardest. Her threads are curvy lasers that snake and
# cross like a weave; her constellations are stars held by handles and joined
# by beams; her heddle is a shared value that every thread of her cloth reads,
# so one lift of it moves the whole cloth at once; her knots burst when their
# time is up (callbacks).

# Her scenes, before the fight and after it (the stage runs them), different
# for each ship (the last branch is Tsubame's): the ship's character speaks on
# the left, Amaori on the right (docs/patterns.md, Characters and dialogue).
# Before the fight: the girl reaches the loom; Amaori is proud of the cloth.
pattern s5_talk_before {
    if ship == hotaru {
        say s5_amaori "Mind the threads, little firefly. One spark from you could scorch a month of weaving."
        say hotaru surprised "Whoa, did you weave all of this? The whole sky is hanging off your loom!"
        say s5_amaori smile "Every fold of it. The curtain over your town is my finest cloth."
        say s5_amaori smile "Not one thread of dawn gets through it."
        say hotaru "That's YOUR curtain? Then unpick it! The lanterns are burning down!"
        say hotaru "And the festival can't end if the night never does!"
        say s5_amaori "I weave what I am asked to weave. Take your complaint higher..."
        say s5_amaori smile "...if you can fly through my pattern."
        say hotaru smile "Fly through it? I'll dance through it!"
    } else if ship == shirasagi {
        say s5_amaori "A heron, this far above the clouds. Have you come to admire the weave?"
        say shirasagi "I came to find who keeps the night shut. The threads led me here."
        say s5_amaori smile "Then they led you well. I wove that curtain, warp and weft, on this very loom."
        say shirasagi smile "It is beautiful work. Kindly take it down."
        say s5_amaori angry "Take it down? It is the heaviest cloth I have ever woven. It was made never to open."
        say shirasagi "Then I shall have to make a few holes in it. Forgive my aim."
    } else {
        say s5_amaori angry "Stop! You are tangling my warp, you reckless swallow!"
        say tsubame "Your threads are all over my route. Who weaves a wall across the sky?"
        say s5_amaori smile "A wall? It is a curtain, the finest ever spun. Its pattern took a hundred nights."
        say tsubame "And it's made tonight the longest one yet. I've got letters that need a morning."
        say s5_amaori angry "Then wait for one, courier. No one flies past my loom before the cloth is done."
        say tsubame smile "Nobody out-flies me. Watch."
    }
}

# After the fight: Amaori tells who asked for the curtain, and why it cannot
# be lifted.
pattern s5_talk_after {
    if ship == hotaru {
        say s5_amaori "My threads... you burned straight through the pattern."
        say hotaru "Sorry about your weaving! But who asked you for a curtain like that?"
        say s5_amaori "The Lady of the Night Curtain, at the gate above. She asked me for a curtain..."
        say s5_amaori "...that never opens."
        say s5_amaori "And I wove it too well. It is too heavy to lift now, even for me."
        say hotaru smile "Then I'll fly up and ask her to lift it herself!"
    } else if ship == shirasagi {
        say s5_amaori "You found every gap in my weave. I did not know it had so many."
        say shirasagi "Each pattern leaves a way through. Who was the cloth for?"
        say s5_amaori "The Lady of the Night Curtain, at the gate above, asked for a curtain that never opens."
        say s5_amaori "I wove it too heavy to lift. Even I cannot draw it back."
        say shirasagi smile "Then I will ask her to. Politely, the first time."
    } else {
        say s5_amaori "You went through my cloth as if it were cobweb..."
        say tsubame "It was in the way. So who's the customer?"
        say s5_amaori "The Lady of the Night Curtain, at the gate above, asked for a curtain that never opens."
        say s5_amaori "I made it too heavy to lift. I cannot undo it now."
        say tsubame smile "Fine. I'll deliver the complaint myself."
    }
}

# The heddle: every thread of "The Heddle Lifts" reads it. Amaori raises and
# lowers it on her beat; the odd threads and the even ones step apart.
shared s5_heddle = 0

# A thread of the cloth in column `col`: it falls, and each time the heddle
# moves it steps to one side, the odd columns one way, the even the other.
pattern s5_warp_thread(col = 0, v = 2) {
    var h = s5_heddle
    speed v over 20
    loop {
        wait until s5_heddle != h
        h = s5_heddle
        if (col + h) % 2 == 0 {
            velocity (1 + rank * 0.25, 0) over 14 smooth
        } else {
            velocity (-1 - rank * 0.25, 0) over 14 smooth
        }
    }
}

# A shuttle thrown across the loom: it flies out on a curve, laying a thread
# of rice that hangs, then falls (the shuttle's own `on vanish`, in the
# phase, bursts it into a knot of stars at the end of its run).
pattern s5_shuttle_run(turn = 1) {
    spin turn * 0.9
    loop as k {
        fire rice cyan at heading + 180 speed 0.3 {
            wait 24
            turn to 180 over 20
            speed 1.8 + rank * 0.6 over 30 in
        }
        wait level(6, 4, 4, 3)
    }
}

boss s5_amaori {
    name "Amaori, the Star Weaver"
    look s5_amaori
    character s5_amaori
    spell_background s5_starloom

    # 1: warp and weft: thin beams of warp come down from the top of the hall
    # (warned first) while rows of weft leave her sideways and curl down.
    phase time 30s health 600 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            if i % 3 == 0 {
                var n = level(3, 4, 5, 6)
                repeat n as c {
                    var cx = (c + 0.5 + (i / 3) % 2 * 0.5) * 384 / (n + 0.5)
                    laser blue from (cx - x, -y) at 180 length 470 width 6 warn 50 life 40
                }
            }
            var d = i % 2 * 2 - 1
            fire rice cyan arc level(5, 8, 8, 8) over 50 at 90 * d speed 2.6 + rank * 0.45 {
                turn to 180 over 50
            }
            fire rice purple arc level(5, 8, 8, 8) over 50 at -90 * d speed 2.2 + rank * 0.45 {
                turn to 180 over 60
            }
            if i % 2 == 1 {
                fire star white spread level(1, 3, 5, 5) by 12 aim speed 2.6 + rank * 0.6 stack level(1, 2, 2, 3) by 0.5
            }
            if i % 6 == 5 {
                move to (rand(130, 254), rand(85, 115)) over 40
            }
            wait level(24, 16, 14, 12)
        }
    }

    # 2: the Milky Way's threads snake out from her in pairs that cross and
    # cross again like warp and weft (each pair's spins opposed, reversing on
    # the same beat), over rings of stars.
    phase "Weave Sign: Warp and Weft of the Milky Way" spell time 45s health 2300 bonus 1500000 {
        move to (192, 120) over 50
        wait 50
        loop as t {
            var a = t * 23
            var n = level(3, 4, 5, 6)
            laser curvy cyan ring n at a speed 2.4 + rank * 0.25 length 48 width 8 spin 2.2 {
                loop {
                    wait 22
                    spin -2.2
                    wait 22
                    spin 2.2
                }
            }
            laser curvy purple ring n at a speed 2.4 + rank * 0.25 length 48 width 8 spin -2.2 {
                loop {
                    wait 22
                    spin 2.2
                    wait 22
                    spin -2.2
                }
            }
            repeat 3 as k {
                fire star white ring level(18, 24, 26, 28) at a + k * 9 + 180 / n speed 1.8 + rank * 0.5
                if rank >= 0.35 and k == 1 {
                    fire rice blue spread level(3, 3, 5, 5) by 10 aim speed 2.8 + rank * 0.55 stack 2 by 0.6
                }
                wait level(26, 20, 18, 16)
            }
        }
    }

    # 3: shuttles: she throws shuttles left and right that curve across the
    # field laying threads behind them, each bursting into a knot of stars
    # at the end of its run; rings of orbs between throws.
    phase time 30s health 400 {
        move to (192, 90) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            fire kunai yellow at 90 * d + rand(-20, 20) speed 3 + rank * 0.35 life level(80, 90, 95, 100) {
                on vanish {
                    fire star yellow ring level(8, 12, 14, 16) at rand(0, 30) speed 1.8 + rank * 0.4
                }
                run s5_shuttle_run(-d)
            }
            if rank >= 0.7 {
                fire kunai orange at -90 * d + rand(-30, 30) speed 2.6 + rank * 0.35 life 80 {
                    on vanish {
                        fire star orange ring level(8, 8, 10, 12) at rand(0, 30) speed 1.6 + rank * 0.4
                    }
                    run s5_shuttle_run(d)
                }
            }
            wait 20
            fire orb blue ring level(14, 24, 20, 24) at i * 7 speed 1.7 + rank * 0.45
            wait 20
            if rank >= 0.35 {
                fire star white spread level(1, 3, 3, 5) by 12 aim speed 2.5 + rank * 0.55
            }
            wait level(30, 20, 18, 16)
            if i % 4 == 3 {
                move to (rand(130, 254), rand(80, 110)) over 40
            }
        }
    }

    # 4: constellations: stars are set out round her and held (handles);
    # once they stand still, beams join each to the next (warned: the
    # constellation's lines), then the stars burst in rings. On Hard and
    # Lunatic the lines join every other star as well, a star polygon.
    phase "Star Sign: Constellations Woven on the Loom" spell time 50s health 2400 bonus 1800000 {
        move to (192, 150) over 50
        wait 50
        loop as t {
            var n = 5 + t % 3
            fire star_large yellow ring n at rand(0, 360) speed 4.4 + rand(0, 1.2) as knots {
                speed 0 over 50
            }
            repeat 3 {
                fire orb_small white ring level(12, 22, 24, 32) at rand(0, 30) speed 2 + rank * 0.4
                wait 18
            }
            repeat n as k {
                var a = knots[k]
                var b = knots[(k + 1) % n]
                if a.alive and b.alive {
                    laser yellow from (a.x - x, a.y - y) at angle(b.x - a.x, b.y - a.y) length sqrt((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)) width 8 warn 40 life 40
                }
                if rank >= 0.7 {
                    var c = knots[(k + 2) % n]
                    if a.alive and c.alive {
                        laser white from (a.x - x, a.y - y) at angle(c.x - a.x, c.y - a.y) length sqrt((c.x - a.x) * (c.x - a.x) + (c.y - a.y) * (c.y - a.y)) width 5 warn 40 life 40
                    }
                }
            }
            wait 80
            for k in knots {
                k.thread {
                    fire star yellow ring level(8, 12, 14, 16) at rand(0, 40) speed 1.6 + rank * 0.45
                    fire star white ring level(4, 8, 10, 12) at rand(0, 40) speed 2.4 + rank * 0.45
                    vanish
                }
            }
            fire drop blue spread level(1, 3, 5, 5) by 12 aim speed 2.6 + rank * 0.55 stack level(1, 2, 2, 3) by 0.5
            wait level(40, 24, 20, 16)
        }
    }

    # 5: the heddle: she lets down a cloth of threads (rice falling in
    # columns across the field); on her beat she lifts the heddle (the shared
    # value s5_heddle) and every thread of the cloth steps, the odd columns
    # one way, the even the other, so the cloth weaves itself as it falls.
    phase "Loom Sign: The Heddle Lifts Alternate Threads" spell time 45s health 600 bonus 1700000 {
        move to (192, 80) over 50
        wait 50
        var cols = level(12, 16, 17, 17)
        loop as t {
            repeat cols as c {
                var cx = (c + 0.5) * 384 / cols + t % 2 * 8 - 4
                fire rice blue from (cx - x, 10 - y) at 180 speed 0.5 run s5_warp_thread(c, level(1.5, 1.75, 1.85, 2))
            }
            if t % 2 == 1 {
                s5_heddle += 1
                sound timer
                fire orb cyan ring level(8, 12, 16, 20) at t * 7 speed 1.8 + rank * 0.35
            }
            if t % 4 == 3 and rank >= 0.35 {
                fire star white spread level(3, 3, 5, 5) by 14 aim speed 2.4 + rank * 0.55 stack level(1, 1, 2, 2) by 0.5
            }
            wait level(26, 22, 20, 18)
        }
    }

    # 6: the last card: the curtain that never opens. Folds of the curtain
    # (curvy lasers) fall from the top of the hall, swaying; she casts knots
    # that burst into threads when their time is up (on vanish), and rings of
    # stars turn about her, every other ring the other way.
    phase "Star Weaver: The Curtain That Never Opens" spell time 60s health 2000 bonus 2600000 {
        move to (192, 110) over 60
        wait 60
        loop as t {
            var d = t % 2 * 2 - 1
            if t % 2 == 0 {
                var n = level(3, 4, 5, 6)
                repeat n as c {
                    var fx = (c + 0.5) * 384 / n + (t / 2) % 2 * 192 / n - 96 / n
                    laser curvy purple from (fx - x, -y) at 180 speed 2 + rank * 0.35 length 40 width 9 spin d * 1.4 {
                        loop {
                            wait 30
                            spin -spin
                        }
                    }
                }
            }
            fire orb_large purple at aim + d * 25 speed 1.6 life 70 {
                on vanish {
                    fire rice cyan ring level(10, 14, 18, 22) at rand(0, 30) speed level(1.8, 2.1, 2.2, 2.5)
                }
            }
            fire star white ring level(20, 28, 30, 36) at t * 9 speed level(1.7, 2, 2.2, 2.4) spin d * 0.5 {
                wait 50
                spin 0
            }
            if rank >= 0.7 {
                fire star yellow ring level(8, 12, 12, 20) at t * 9 + 10 speed level(1.3, 1.5, 1.6, 1.9) spin d * -0.5 {
                    wait 50
                    spin 0
                }
            }
            wait level(32, 24, 21, 18)
        }
    }
}
