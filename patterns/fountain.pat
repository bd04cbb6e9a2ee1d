# Fountain: droplets thrown up from low in the field fall back down under
# gravity in a spray.
pattern fountain {
    loop {
        fire orb_small cyan from (0, 260) at rand(-30, 30) speed rand(3, 4.5) {
            velocity (0, 3) over 90
        }
        wait level(3, 2, 2, 1)
    }
}
