# Laser snakes: curvy lasers leave in a fan, curl away from the player, then
# turn to hunt them in two steps.
pattern laser_snakes {
    loop as t {
        laser curvy green arc 5 over 100 aim speed 3.2 length 40 width 12 spin (t % 2 * 2 - 1) * 1.2 {
            wait 40
            spin 0
            turn to aim over 20
            wait 30
            turn to aim over 30
        }
        wait 80
    }
}
