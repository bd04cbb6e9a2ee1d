# expect: 3:1: 'aim' is a built-in value and cannot name a constant
# a constant may not take the name of a built-in value: every file would lose it
const aim = 90
pattern p {
    fire orb at aim
    wait 1
}
