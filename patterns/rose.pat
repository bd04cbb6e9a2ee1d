# Rose: one volley of bullets whose speed follows the angle draws an
# eight-petal rose that keeps its shape as it grows; each rose turns a little.
pattern rose {
    var turn = 0
    loop {
        repeat 90 as i {
            var a = i * 4
            fire orb_small purple at a + turn speed 1.4 + abs(sin(a * 2)) * 1.4
        }
        turn += 11
        wait 40
    }
}
