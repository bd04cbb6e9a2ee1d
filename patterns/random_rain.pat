# Random rain: small bullets fall from anywhere along the top at random speeds,
# slanting slightly. Heavier on harder difficulties.
pattern random_rain {
    loop {
        repeat level(1, 1, 2, 3) {
            fire orb_small cyan from (rand(-190, 190), -90) at 180 + rand(-8, 8) speed rand(1.5, 3.5)
        }
        wait 2
    }
}
