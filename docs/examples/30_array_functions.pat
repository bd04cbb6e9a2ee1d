# docs/examples/30_array_functions.pat
function total(a[]) {                   # a[]: the caller's array itself
    var s = 0
    for v in a {
        s += v
    }
    return s
}

function push_ahead(a[], k, by) {       # changes the caller's values
    a[k % 4] += by
    return total(a)                     # and passes the array on
}

pattern weighted_rings {
    var weights = [1, 2, 3, 4]
    loop as t {
        var sum = push_ahead(weights, t, 1)
        repeat 4 as k {
            fire orb purple ring 6 at t * 9 + k * 90 speed 1 + 2 * weights[k] / sum
        }
        wait 30
    }
}
