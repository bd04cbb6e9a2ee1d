# docs/examples/27_maths.pat
# tan, pow, exp and log: a spiral whose arms open like a tangent, speeds that
# grow geometrically, a ring whose count grows with the logarithm of time.
pattern maths_flower {
    repeat 6 as k {
        fire orb yellow ring 12 at k * 5 speed 1.2 * pow(1.25, k)   # 1.2, 1.5, 1.9...
    }
    loop as t {
        var a = 60 * sin(t * 3)                      # -60 to 60 degrees
        fire rice cyan at 180 + a speed 2 + tan(a) * 0.5
        fire rice cyan at 180 - a speed 2 + tan(a) * 0.5
        if t % 20 == 0 {
            fire orb purple ring 4 + floor(log(t + 1) * 3) speed 2 - exp(-t / 60)
        }
        wait 3
    }
}
