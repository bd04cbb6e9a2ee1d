# Wave: eight streams that snake left and right as they go; every bullet of a
# stream sways in step, so each stream draws a sine wave.
pattern wave {
    loop {
        fire orb green ring 8 at time * 0.4 speed 2.2 {
            turn by 35 over 15
            wait 15
            loop {
                turn by -70 over 30
                wait 30
                turn by 70 over 30
                wait 30
            }
        }
        wait 4
    }
}
