# expect: 2:11: constant 'c' needs a value known when the file loads
const c = rank * 2
pattern p {
    wait c
}
