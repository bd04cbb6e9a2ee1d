# docs/examples/10_threads.pat
pattern rain {
    loop {
        fire orb_small cyan from (rand(-180, 180), -90) at down speed 2
        wait 4
    }
}

pattern two_things {
    thread rain                  # runs beside the rest
    var n = 0
    thread {                     # a thread of its own, with a copy of n
        loop {
            fire star yellow ring 8 at n speed 1.5
            wait 45
        }
    }
    loop {
        fire kunai red aim speed 4
        wait 20
    }
}
