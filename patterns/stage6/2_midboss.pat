# Stage 6's midboss: Oboro, the Hazy Moon, Tobari's melancholy servant, who
# keeps the outer gate and would rather not. Three phases at the middle of the
# stage. Her attack: moonlight through mist, rings that come out slow and
# blurred and then sharpen (speed up) into aimed fans. Her first card: hazy
# moons (large bubbles) drift down and, when their time is up, burst into
# rings of light (an `on vanish` callback), a bomb's cancel leaving only a
# glimmer; her second: the moon's halo, rings of orbs held round her on
# handles and let go all at once, turned toward the player.

# A hazy moon: a large bubble that drifts down, slows, and when its life ends
# bursts into a ring of orbs and a ring of rice the other way round.
pattern s6_haze_moon(a = 180) {
    fire bubble white at a speed 1.9 life level(90, 80, 74, 70) {
        on vanish {
            fire orb white ring level(12, 16, 18, 20) at rand(0, 360) speed 1.7 + rank * 0.6
            fire rice blue ring level(8, 12, 14, 16) at rand(0, 360) speed 2.3 + rank * 0.54
        }
        on cancel {
            fire orb_small white ring 4 speed 1 life 20
        }
        speed 0.6 over 60
    }
}

boss s6_oboro {
    name "Oboro, the Hazy Moon"
    look s6_oboro
    character s6_oboro
    spell_background s6_gate_boss

    # 1: rings come out of the mist slow and sharpen into speed; between them,
    # aimed fans of white rice.
    phase time 25s health 900 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            fire orb_small blue ring level(20, 26, 30, 32) at i * 9 speed 0.6 {
                wait 20
                speed 2.1 + rank * 0.84 over 40 in
            }
            if i % 2 == 1 {
                fire rice white spread level(3, 5, 5, 7) by 10 aim speed 2.5 + rank * 0.92 stack level(1, 2, 3, 3) by 0.5
            }
            if rank >= 0.7 and i % 2 == 0 {
                fire orb purple ring level(8, 8, 10, 12) at i * 9 + 11 speed 2.3 + rank * 0.46
            }
            wait level(34, 24, 20, 16)
            if i % 6 == 5 {
                move to (192 + rand(-50, 50), rand(85, 115)) over 40
            }
        }
    }

    # 2: hazy moons drift down from her and burst when their time is up;
    # small orbs fall between them.
    phase "Haze Sign: The Moon Behind the Mist" spell time 32s health 1000 bonus 900000 {
        move to (192, 90) over 40
        wait 40
        loop as i {
            run s6_haze_moon(180 + (i % 3 - 1) * level(30, 35, 38, 40))
            repeat 2 as k {
                fire orb_small white ring level(14, 18, 20, 22) at rand(0, 360) speed 1.6 + rank * 0.54
                if rank >= 0.35 {
                    fire drop blue spread level(1, 3, 3, 5) by 14 aim speed 2.5 + rank * 0.92
                }
                wait level(24, 18, 16, 14)
            }
        }
    }

    # 3: the moon's halo: rings of orbs are laid round her and held still;
    # after a breath the whole halo is let go at once, each orb turned toward
    # the player (Hard and Lunatic: every other ring turned to the side
    # instead, a cross of lanes).
    phase "Moon Sign: The Halo That Would Not Fade" spell time 32s health 1000 bonus 1000000 {
        move to (192, 120) over 40
        wait 40
        loop as t {
            var n = level(3, 4, 4, 5)
            repeat n as k {
                fire orb white ring level(14, 18, 20, 22) at t * 13 + k * 7 speed 2.5 as halo {
                    speed 0 over 24 out
                }
                thread {
                    wait (n - k) * 12 + 30
                    for b in halo {
                        if rank >= 0.7 and k % 2 == 1 {
                            b.turn by 90 over 10
                        } else {
                            b.turn to aim over 10
                        }
                        b.speed 2.1 + rank * 0.84 over 20 in
                        b.look orb yellow
                    }
                }
                wait 12
            }
            fire rice blue ring level(14, 20, 22, 24) at t * 7 speed 1.9 + rank * 0.6
            wait level(80, 60, 54, 48)
        }
    }
}
