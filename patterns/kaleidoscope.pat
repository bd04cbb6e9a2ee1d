# Kaleidoscope: two sixfold sets of rice, mirrored, speeding up as they curl.
pattern kaleidoscope {
    var a = 0
    loop {
        fire rice orange ring 6 at a speed 1 accel 0.04 spin 0.8
        fire rice yellow ring 6 at -a speed 1 accel 0.04 spin -0.8
        a += 11
        wait 5
    }
}
