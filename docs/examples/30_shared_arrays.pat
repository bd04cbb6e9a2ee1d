# docs/examples/30_shared_arrays.pat
const lanes = 4
shared turned[lanes * 2]        # eight values, zeros, one place for every script
shared widths = [10, 20, 30]    # three values, given

pattern lanes_remember {
    loop as t {
        repeat lanes * 2 as k {
            fire orb cyan at k * 45 + t * 3 speed 1.5 {
                wait 30
                turned[k] += 1                  # each bullet counts its lane's turns
                turn by widths[turned[k] % 3] over 20   # and turns by what the count picks
            }
        }
        wait 30
        var most = 0
        for n in turned {                       # each value in turn, from the first
            most = max(most, n)
        }
        fire star yellow ring 4 + most % 8 speed 2
        wait 30
    }
}
