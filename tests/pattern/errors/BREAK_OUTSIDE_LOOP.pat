# expect: 3:5: 'break' outside a loop
pattern p {
    break
}
