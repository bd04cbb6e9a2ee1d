# Cage: a circle of amulets appears around the player, waits, and closes in.
# Leave through a gap before it shrinks.
pattern cage {
    loop {
        fire amulet purple ring level(16, 20, 24, 28) from (player_x - x, player_y - y) radius 140
            at rand(0, 15) speed 0 {
            wait 40
            turn by 180
            speed 1.5 over 40
        }
        wait 100
    }
}
