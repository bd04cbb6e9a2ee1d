# docs/examples/16_functions.pat
# The angle of the k-th arm of a flower that turns as it opens.
function petal(k, arms, t) {
    return k * 360 / arms + t * 3
}

# The first of n speeds that is above a floor: a loop that returns early.
function faster_than(floor, n = 6) {
    repeat n as i {
        var s = 1 + i * 0.5
        if s > floor { return s }
    }
    return 1 + n * 0.5
}

pattern flower {
    loop as t {
        repeat 5 as k {
            fire rice purple at petal(k, 5, t) speed faster_than(1.2 + rank)
        }
        wait 8
    }
}
