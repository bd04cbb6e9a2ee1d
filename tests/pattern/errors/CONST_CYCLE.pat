# expect: 2:1: constant 'a' is defined through itself
const a = b + 1
const b = a * 2
pattern p {
    wait a
}
