# Curtain: rows of rice fall from the whole top edge, each column swaying on its
# own, so the wall has gaps that drift.
pattern curtain {
    var t = 0
    loop {
        repeat 24 as i {
            fire rice green from (i * 16 - 184, -88) at 180 + sin(i * 40 + t) * 12 speed 1.8
        }
        t += 25
        wait level(30, 24, 20, 16)
    }
}
