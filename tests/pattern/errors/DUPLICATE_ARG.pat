# expect: 6:14: 'a' is given twice
pattern q(a) {
    fire at a
}
pattern p {
    run q(1, a: 2)
}
