# expect: 3:5: a function returns its value at once: 'wait' cannot be used in one
function slow(x) {
    wait 10
    return x * 2
}
