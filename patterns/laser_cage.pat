# Laser cage: an emitter drifts from side to side dragging three beams that
# follow it and a slow spin, while curvy lasers wind out in a spiral.
pattern laser_cage {
    laser cyan spread 3 by 40 at 180 length 480 width 10 warn 45 follow spin 0.3
    thread {
        loop {
            move to (90, 80) over 120
            wait 120
            move to (294, 80) over 120
            wait 120
        }
    }
    loop as i {
        laser curvy purple ring 3 at i * 23 speed 2 length 28 width 8 spin 1.1 life 160
        wait 24
    }
}
