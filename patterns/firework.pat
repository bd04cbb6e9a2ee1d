# Firework: rockets climb, slow down and burst into two layers of falling
# sparks, red or yellow at random.
pattern firework {
    loop {
        fire orb_large white at rand(-25, 25) speed 4 {
            speed 0 over 45
            wait 45
            if rand < 0.5 {
                fire star red ring 24 at rand(0, 15) speed 2 stack 2 by 0.8 {
                    velocity (0, 1.5) over 90
                }
            } else {
                fire star yellow ring 24 at rand(0, 15) speed 2 stack 2 by 0.8 {
                    velocity (0, 1.5) over 90
                }
            }
            vanish
        }
        wait 40
    }
}
