# expect: 4:5: 'c' is a constant; declare a variable with 'var c = ...'
const c = 1
pattern p {
    c = 2
}
