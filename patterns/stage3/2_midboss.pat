# Stage 3's midboss: Zenmai, the wind-up doll who keeps the spire's gates, two
# phases at the middle of the stage. Her first phase swings a pendulum of
# light (a straight laser that sways in toward the middle under her, never
# across it) among rings of teeth and aimed rice; her
# spell card lets loose mainsprings (curvy lasers that uncoil) among cogs that
# burst into rice and rings of loose teeth.

# A mainspring: a ring of curvy lasers that coil tightly, then uncoil and fly
# straight. On Hard and Lunatic a second ring coils the other way.
pattern s3_mainspring(turn = 1, at_ = 0) {
    laser curvy yellow ring level(4, 5, 6, 7) at at_ speed 2 length 28 width 9 spin turn * 3 {
        wait 30
        spin turn * 1.2
        wait 30
        spin 0
        speed 1.5 + rank * 0.8 over 20
    }
    if rank >= 0.7 {
        laser curvy orange ring level(4, 5, 6, 7) at at_ + 180 / level(4, 5, 6, 7) speed 1.7 length 20 width 6 spin turn * -2.4 {
            wait 50
            spin 0
            speed 1.3 + rank * 0.8 over 20
        }
    }
}

boss s3_zenmai {
    name "Zenmai, the Wind-up Gatekeeper"
    look zenmai
    character zenmai
    spell_background spire_spell

    phase time 25s health 750 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            var side = i % 2 * 2 - 1
            laser yellow at 180 - side * 58 length 460 width 10 warn 50 life 70 {
                wait 50
                turn by side * 40 over 70
            }
            if rank >= 0.7 {
                laser orange at 180 + side * 40 length 460 width 8 warn 50 life 40
            }
            repeat 3 as k {
                fire orb_small yellow ring level(14, 24, 28, 36) at i * 11 + k * 6 speed 1.4 + rank * 0.7
                if rank >= 0.35 and k == 1 {
                    fire rice orange spread level(3, 3, 5, 5) by 12 aim speed 2.4 + rank
                }
                wait 22
            }
            wait level(44, 30, 24, 20)
            move to (192 + sin(i * 70) * 50, 95) over 30
        }
    }

    phase "Spring Sign: The Mainspring Uncoils" spell time 30s health 900 bonus 700000 {
        move to (192, 110) over 40
        wait 40
        loop as i {
            run s3_mainspring(i % 2 * 2 - 1, i * 19)
            repeat 3 {
                fire orb yellow at rand(150, 210) speed 1.6 {
                    wait 40
                    fire rice orange ring level(8, 12, 14, 16) at rand(0, 360) speed 1.4 + rank * 0.6
                    vanish
                }
                fire orb_small yellow ring level(8, 12, 14, 16) at rand(0, 360) speed 1.2 + rank * 0.5
                wait level(30, 24, 20, 17)
            }
        }
    }
}
