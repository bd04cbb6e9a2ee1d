# Stage 5's midboss: Kaiko, the Silk Moth, shy, who spins the loom's silk,
# two phases at the middle of the stage. Her first phase beats her wings:
# threads of silk (curvy lasers) droop from her in fans while scales of her
# wings flutter down; her spell card hides her in a cocoon of threads that
# spin tight about her, then burst and unwind across the field.

# Wing scales: small orbs that fall fluttering from side to side.
pattern s5_scales(n = 8, at_ = 0) {
    fire orb_small white ring n at at_ speed 1.2 + rank * 0.45 {
        velocity (0, 0.6 + rank * 0.25) over 50
        loop {
            velocity (1, 0.8 + rank * 0.25) over 30 smooth
            wait 30
            velocity (-1, 0.8 + rank * 0.25) over 30 smooth
            wait 30
        }
    }
}

boss s5_kaiko {
    name "Kaiko, the Silk Moth"
    look s5_kaiko
    character s5_kaiko
    spell_background s5_starloom

    phase time 25s health 800 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var d = i % 2 * 2 - 1
            # a wingbeat: a fan of silk threads that droop toward the ground
            laser curvy white arc level(5, 7, 9, 11) over 150 at 180 + d * 8 speed 2.8 length 30 width 7 spin d * 1.2 {
                wait 30
                turn to 180 over 40
                speed 2.2 + rank * 0.45 over 30
            }
            repeat 3 as k {
                run s5_scales(level(12, 18, 20, 24), i * 13 + k * 7)
                if rank >= 0.35 and k == 1 {
                    fire drop cyan spread level(3, 3, 5, 5) by 12 aim speed 2.6 + rank * 0.55
                }
                wait 20
            }
            wait level(40, 28, 24, 20)
            move to (192 + d * rand(20, 60), 95 + rand(-10, 10)) over 30
        }
    }

    phase "Silk Sign: A Cocoon for the Shy" spell time 30s health 950 bonus 800000 {
        move to (192, 110) over 40
        wait 40
        loop as i {
            var d = i % 2 * 2 - 1
            # the cocoon: threads wound tight about her, then let go
            laser curvy white ring level(6, 8, 10, 12) at i * 17 speed 2.4 length 26 width 8 spin d * 5 {
                wait 40
                spin d * 1.2
                speed 2 + rank * 0.45 over 20
                wait 30
                spin 0
            }
            wait 40
            # as it bursts, scales scatter from where the threads let go
            fire orb_small cyan ring level(20, 32, 32, 36) at i * 11 radius 30 speed 1.6 + rank * 0.45
            if rank >= 0.7 {
                fire orb_small blue ring level(12, 12, 16, 20) at i * 11 + 7 radius 30 speed 1.2 + rank * 0.35
            }
            run s5_scales(level(6, 10, 12, 14), i * 23)
            fire star white spread level(1, 3, 3, 5) by 16 aim speed 2.2 + rank * 0.55
            wait level(50, 36, 32, 28)
        }
    }
}
