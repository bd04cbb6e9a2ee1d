# Laser chain: bullets fired every frame in a slowly turning direction link up
# into two beams that sweep across the field and back.
pattern laser_chain {
    loop {
        repeat 100 as i {
            fire rice white at 130 + i * 1.0 speed 5
            fire rice white at 230 - i * 1.0 speed 5
            wait 1
        }
        wait 30
        repeat 100 as i {
            fire rice cyan at 230 - i * 1.0 speed 5
            fire rice cyan at 130 + i * 1.0 speed 5
            wait 1
        }
        wait 30
    }
}
