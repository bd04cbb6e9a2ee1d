# Split: slow red orbs drift near the player, brake, and burst into rings.
pattern split {
    loop {
        fire orb_large red at aim + rand(-25, 25) speed 3 {
            speed 0.4 over 45
            wait 50
            fire orb_small red ring level(8, 12, 16, 20) at rand(0, 30) speed 2
            fire orb_small orange ring level(8, 12, 16, 20) at rand(0, 30) speed 1.4
            vanish
        }
        wait 32
    }
}
