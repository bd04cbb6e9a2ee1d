# Bubble wall: slow arcs of big bubbles, each arc shifted, with aimed rice
# slipping through the gaps.
pattern bubble_wall {
    var shift = 0
    loop {
        fire bubble blue arc 7 over 120 at 180 + shift speed 1
        repeat 3 {
            fire rice white aim speed 3.5
            wait 10
        }
        shift = 10 - shift
        wait 30
    }
}
