# expect: 3:10: unknown function 'sinn' (did you mean 'sin'?)
pattern p {
    wait sinn(30)
}
