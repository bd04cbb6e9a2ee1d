# expect: 3:10: sin() takes 1 value, not 2
pattern p {
    wait sin(1, 2)
}
