# Stage 1's midboss: Wick, a lantern spirit, two phases at the middle of the
# stage. Its spell card fills the field with slow smoke that speeds up when it
# turns toward the player.

boss s1_wick {
    name "Wick, the Lantern Spirit"
    look crystal
    character wick
    spell_background dusk_spell

    phase time 25s health 600 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            fire orb red ring level(12, 18, 24, 32) at i * 7 speed 1.7 + rank * 0.6
            wait 20
            fire kunai orange spread level(3, 5, 5, 7) by 12 aim speed 2.6 + rank * 1.2
            wait 20
            move to (192 + sin(i * 70) * 70, 90 + cos(i * 50) * 15) over 30
        }
    }

    phase "Wick Sign: Drifting Candle Smoke" spell time 30s health 800 bonus 500000 {
        move to (192, 110) over 40
        wait 40
        var a = 0
        loop {
            fire orb_small white ring level(6, 9, 12, 16) at a speed 1.8 {
                speed 0.5 over 40
                wait 60
                turn to aim over 20
                speed 1.2 + rank * 1.2 over 40
            }
            a += 17
            wait level(14, 11, 9, 7)
        }
    }
}
