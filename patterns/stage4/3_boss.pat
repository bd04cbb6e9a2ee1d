# Stage 4's boss: Ikazuchi, the Thunder Drummer, who keeps the storm over the
# sea of clouds (paid in starlight, so that no one flies higher). Six phases:
# two attacks and four spell cards. Her lightning is straight lasers, jagged
# bolts of short links warned first (s4_bolt); her drums are bullets held
# by handles that beat rings of their own; her rain leans with the wind (the
# shared value s4_wind) that she turns as she plays; her thunderclouds burst
# when they vanish (callbacks).

# Her dialogue (the stage runs these before and after the fight), different
# for each ship: Hotaru, Shirasagi, and the `else`: Tsubame.

# Before Ikazuchi: she is loud and glad of a fight; she keeps the storm up
# because she was paid to, in starlight, so that no one flies higher.
pattern s4_talk_ikazuchi {
    say s4_ikazuchi smile "HA! Another one made it through the rain! Hayate said you were quick."
    if ship == hotaru {
        say hotaru surprised "So you're the one banging the drums all night! My ears are still ringing!"
        say s4_ikazuchi smile "Ringing's good! Means you're alive! But the storm stays. Those are the rules."
        say hotaru "Whose rules? The festival can't end without a dawn, and the dawn's stuck up there!"
        say s4_ikazuchi "Not my business, firefly. I got paid to keep it thundering, so nobody flies higher."
        say hotaru smile "Then I'll just fly right through you. I've got lanterns to get home to!"
        say s4_ikazuchi angry "Through ME? Oh, I like you. Let's make some noise!"
    } else if ship == shirasagi {
        say shirasagi "You are the drummer who keeps this storm. Your rhythm is... enthusiastic."
        say s4_ikazuchi smile "Enthusiastic! I'm putting that on a banner."
        say shirasagi "The dawn is caught somewhere above these clouds. Please step aside."
        say s4_ikazuchi "Can't. I was paid in starlight, a whole jar of it, to see that nobody gets higher."
        say shirasagi smile "Then I am afraid you were underpaid."
        say s4_ikazuchi angry "Ooh, cold! Like rain down the collar. Come on then, heron!"
    } else {
        say tsubame "So you're the racket I've heard since the spire. Move. I'm in a hurry."
        say s4_ikazuchi smile "Everybody's in a hurry! That's why there's a storm. Nobody gets higher tonight."
        say tsubame surprised "Says who?"
        say s4_ikazuchi "Says the jar of starlight I got paid with! A deal's a deal."
        say tsubame smile "I've flown through worse weather than you for a parcel of rice cakes."
        say s4_ikazuchi angry "Worse weather than ME? Now you've done it. Drums, everybody!"
    }
}

# After Ikazuchi: she laughs it off and tells who paid her: the weaver of
# the Star Loom, above the clouds (stage 5).
pattern s4_talk_ikazuchi_after {
    say s4_ikazuchi smile "Whew! Haven't had a fight like that in a thousand storms!"
    if ship == hotaru {
        say hotaru smile "Told you! Now, who paid you all that starlight?"
        say s4_ikazuchi "Somebody up past the clouds, where they weave the sky. Fancy folk. Real fussy about the night."
        say hotaru "Then that's where I'm going. Thanks, drummer!"
        say s4_ikazuchi smile "Go on, then! I'll drum you a send-off!"
    } else if ship == shirasagi {
        say shirasagi "The storm is thinning. Who paid you, Ikazuchi?"
        say s4_ikazuchi "The weaver at the Star Loom, past the clouds. She said the night must stay shut, whatever it took."
        say shirasagi smile "Then I will ask her why. Keep the rain gentle, if you can."
        say s4_ikazuchi smile "Gentle! Ha! ...Fine. Just for you, heron."
    } else {
        say tsubame "Done. Who's paying you? I'll deliver a complaint."
        say s4_ikazuchi "The weaver up at the Star Loom. Follow the threads of light, you can't miss them."
        say tsubame smile "Right. Try not to wake the whole sky while I'm gone."
        say s4_ikazuchi smile "No promises!"
    }
    say "The thunder falls quiet. Above the thinning clouds, threads of starlight glitter."
}

# A beat of a drum at (dx, dy) from the boss: a ring that leaves fast and
# settles, the next beat's ring turned half a step.
pattern s4_beat(dx = 0, dy = 0, n = 16, a = 0) {
    fire orb blue ring n from (dx, dy) at a speed 3 {
        speed 1.4 + rank * 0.7 over 30
    }
    if rank >= 0.7 {
        fire orb_small cyan ring n from (dx, dy) at a + 180 / n speed 2.6 {
            speed 1.2 + rank * 0.8 over 30
        }
    }
}

# Rain over the whole field: drops from the top edge, at random places, leaning
# with the wind; per drops a frame, for frames frames.
pattern s4_rain(frames = 60, every_ = 4, n = 2) {
    repeat frames / every_ {
        repeat n {
            fire drop blue from (rand(0, 384) - x, 4 - y) at 180 speed 1.7 + rank * 0.5 run s4_rain_drift(0.5 + rank * 0.3)
        }
        wait every_
    }
}

boss s4_ikazuchi {
    name "Ikazuchi, the Thunder Drummer"
    look s4_ikazuchi
    character s4_ikazuchi
    spell_background s4_storm

    # 1: the drums: she beats the two at her sides in turn, rings that leave
    # fast and settle; aimed rice between the beats.
    phase time 30s health 1700 {
        move to (192, 100) over 60
        wait 60
        loop as i {
            var side = i % 2 * 2 - 1
            run s4_beat(side * 48, 12, level(14, 22, 24, 22), i * 7)
            wait level(28, 22, 20, 18)
            if i % 2 == 1 {
                fire rice yellow spread level(3, 5, 5, 7) by 12 aim speed 2.8 + rank * 1.1 stack level(1, 2, 2, 3) by 0.5
            }
            if i % 6 == 5 {
                move to (rand(130, 254), rand(85, 115)) over 40
            }
        }
    }

    # 2: eight drums thrown out round her stop in a ring; each in turn beats a
    # ring of its own (a thread run on the drum's handle), round and round, a
    # drumroll; lightning strikes from the top of the field at where the
    # player is.
    phase "Thunder Sign: Drumroll of the Eight Drums" spell time 45s health 2100 bonus 1300000 {
        move to (192, 110) over 50
        wait 50
        fire orb_large blue ring 8 at 22.5 speed 5 as drums {
            speed 0 over 40 out
        }
        wait 40
        loop as t {
            var d = drums[t % 8]
            if d.alive {
                d.thread {
                    fire orb_small cyan ring level(8, 12, 14, 16) at t * 13 speed 1.6 + rank * 0.6
                    if rank >= 0.35 {
                        fire rice blue ring level(4, 6, 7, 12) at t * 13 + 10 speed 2.1 + rank * 0.7
                    }
                }
            }
            if t % 8 == 7 {
                thread s4_bolt(player_x - x + rand(-20, 20), 8 - y, 180 + rand(-10, 10), 7, 62, level(8, 10, 11, 12), level(60, 50, 46, 42), level(8, 10, 12, 14))
            }
            if t % 16 == 15 {
                fire arrow yellow spread level(3, 5, 5, 7) by 10 aim speed 3 + rank stack level(1, 1, 2, 2) by 0.5
            }
            wait level(14, 12, 10, 9)
        }
    }

    # 3: the squall: rain over the whole field leaning with the wind, which
    # she turns every four seconds; fans of rice at the player between.
    phase time 30s health 1800 {
        move to (192, 90) over 50
        wait 50
        loop as i {
            s4_wind = i % 2 * 2 - 1
            thread s4_rain(240, level(6, 4, 3, 3), level(1, 2, 2, 3))
            repeat 4 as k {
                fire rice yellow spread level(3, 5, 7, 7) by 11 aim speed 2.3 + rank * 0.7 stack level(1, 2, 2, 3) by 0.5
                wait 30
                fire orb white ring level(10, 16, 20, 24) at i * 17 + k * 9 speed 1.8 + rank * 0.7
                wait 30
            }
            move to (192 + s4_wind * -60, rand(80, 110)) over 50
        }
    }

    # 4: forked lightning: bolts from her to the player's side of the field,
    # each forking half way into two; where each branch ends a burst of sparks;
    # between the strikes, rings of orbs turning with the thunder's roll.
    phase "Lightning Sign: Forked Thunderbolt" spell time 45s health 2200 bonus 1500000 {
        move to (192, 90) over 50
        wait 50
        loop as t {
            var a = aim + (t % 2 * 2 - 1) * level(24, 20, 18, 16)
            var fx = sin(a) * 150
            var fy = 20 - cos(a) * 150
            thread s4_bolt(0, 20, a, 3, 50, level(8, 10, 11, 12), 44, 0)
            thread s4_bolt(fx, fy, a - 35, level(3, 4, 4, 5), 56, level(8, 10, 11, 12), 44, level(8, 12, 14, 16))
            thread s4_bolt(fx, fy, a + 35, level(3, 4, 4, 5), 56, level(8, 10, 11, 12), 44, level(8, 12, 14, 16))
            repeat 3 as k {
                fire orb_small yellow ring level(14, 26, 34, 44) at t * 11 + k * 8 speed 1.7 + rank * 0.6 spin (t % 2 * 2 - 1) * 0.4 {
                    wait 50
                    spin 0
                }
                wait level(28, 22, 20, 18)
            }
        }
    }

    # 5: thunderclouds: she throws slow dark clouds across the field that
    # rain as they go; when a cloud's life ends it bursts (on vanish) into
    # a ring of rice and a bolt of lightning straight down; a bomb only
    # scatters it into a few sparks (on cancel). The wind turns with every
    # throw, and the rain follows it.
    phase "Storm Sign: Thunderclouds Over the Sea of Clouds" spell time 40s health 1700 bonus 1600000 {
        move to (192, 80) over 50
        wait 50
        loop as t {
            s4_wind = t % 2 * 2 - 1
            fire orb_large blue spread level(2, 3, 3, 4) by 40 at 180 + s4_wind * 30 speed 1.5 life level(110, 100, 95, 90) {
                on vanish {
                    fire rice cyan ring level(12, 18, 22, 26) at rand(0, 360) speed 1.6 + rank * 0.7
                    fire orb_small white ring level(6, 8, 10, 12) at rand(0, 360) speed 1.1 + rank * 0.5
                }
                on cancel {
                    fire orb_small white ring 4 speed 1 life 20
                }
                speed 0.6 over 40
                repeat 12 {
                    fire drop blue at 180 + rand(-10, 10) speed 1.3 + rank * 0.5 accel 0.004 run s4_rain_drift(0.6)
                    wait 8
                }
            }
            thread {
                wait 96
                laser yellow from (rand(-120, 120), 10 - y) at 180 length 460 width level(8, 10, 12, 14) warn 40 life 14
            }
            wait level(60, 48, 44, 40)
            fire kunai yellow spread level(3, 5, 5, 7) by 12 aim speed 2.8 + rank stack level(1, 1, 2, 2) by 0.5
            wait level(60, 48, 44, 40)
        }
    }

    # 6: the last card: the great drum. Six drums fly out from her, stop in a
    # ring, and lightning leaps between them round the ring (links warned
    # first, then struck); each strike the drums beat rings of their own, the
    # ring of drums turning a step, one beat more every round; then they fly
    # back to her and out again, turned. She beats her own drum the while.
    phase "Great Thunder: The Storm That Will Not Break" spell time 70s health 4600 bonus 2900000 {
        move to (192, 130) over 60
        wait 60
        loop as r {
            var n = 6
            fire orb_large yellow ring n at r * 30 speed 6 as drums {
                speed 0 over 55 out
            }
            wait 60
            repeat level(3, 3, 4, 4) as k {
                repeat n as j {
                    var d = drums[j]
                    var e = drums[(j + 1) % n]
                    if d.alive and e.alive {
                        var len_ = sqrt((e.x - d.x) * (e.x - d.x) + (e.y - d.y) * (e.y - d.y))
                        laser yellow from (d.x - x, d.y - y) at angle(e.x - d.x, e.y - d.y) length len_ width level(6, 8, 9, 10) warn 36 life 16
                    }
                }
                wait 36
                for d in drums {
                    d.thread {
                        fire orb blue ring level(8, 12, 14, 20) at rand(0, 360) speed 1.6 + rank * 0.6
                    }
                }
                run s4_beat(0, 0, level(12, 18, 22, 30), r * 9 + k * 5)
                wait level(40, 30, 28, 26)
            }
            for d in drums {
                d.speed -3 over 20 in
            }
            fire rice yellow spread level(5, 7, 9, 9) by 9 aim speed 2.8 + rank stack level(1, 2, 2, 3) by 0.5
            wait 50
            for d in drums {
                d.vanish
            }
        }
    }
}
