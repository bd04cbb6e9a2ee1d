# Stage 2's midboss: Suiren, a night lotus that keeps the lamps of the lake,
# two phases at the middle of the stage. Her first phase sweeps beams of
# moonlight (straight lasers, warned first) while drops ring out; her spell
# card opens curling petals of light (curvy lasers) among slow orbs.

# One bloom: a ring of curvy lasers that curl one way, then straighten and
# hurry out. On Hard and Lunatic a second, thinner ring curls the other way.
pattern s2_lotus_bloom(turn = 1, at_ = 0) {
    laser curvy purple ring level(4, 5, 6, 7) at at_ speed 2.2 length 30 width 9 spin turn * 1.6 {
        wait 50
        spin 0
        speed 1.6 + rank * 0.8 over 20
    }
    if rank >= 0.7 {
        laser curvy red ring level(4, 5, 6, 7) at at_ + 180 / level(4, 5, 6, 7) speed 1.8 length 20 width 6 spin turn * -1.9 {
            wait 50
            spin 0
            speed 1.4 + rank * 0.8 over 20
        }
    }
}

boss s2_suiren {
    name "Suiren, the Night Lotus"
    look suiren
    character suiren
    spell_background lake_spell

    phase time 25s health 700 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var side = i % 2 * 2 - 1
            laser cyan at 180 + side * level(55, 50, 45, 40) length 480 width 10 warn 50 life 70 {
                wait 56
                turn by -side * 28 over 64
            }
            if rank >= 0.7 {
                laser cyan at 180 - side * 62 length 480 width 8 warn 50 life 40
            }
            repeat 3 as k {
                fire drop blue ring level(10, 18, 22, 26) at i * 9 + k * 5 speed 1.5 + rank * 0.7
                wait 22
            }
            wait level(50, 32, 26, 22)
            move to (192 + sin(i * 70) * 50, 95) over 30
        }
    }

    phase "Lotus Sign: Lamplit Petals Unfolding" spell time 30s health 850 bonus 600000 {
        move to (192, 110) over 40
        wait 40
        loop as i {
            run s2_lotus_bloom(i % 2 * 2 - 1, i * 17)
            repeat 3 {
                fire orb_small white ring level(8, 14, 16, 20) at rand(0, 360) speed 1.3 + rank * 0.6
                wait level(32, 26, 22, 18)
            }
        }
    }
}
