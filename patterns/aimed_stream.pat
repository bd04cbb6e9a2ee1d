# Aimed stream: a burst of fast kunai that follows the player, then a stacked
# fan where the player was.
pattern aimed_stream {
    loop {
        repeat level(5, 8, 10, 12) {
            fire kunai red aim speed 4.5
            wait 3
        }
        wait 20
        fire kunai orange spread 5 by 12 aim speed 3 stack 3 by 0.5
        wait 40
    }
}
