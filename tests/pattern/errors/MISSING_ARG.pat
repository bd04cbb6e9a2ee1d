# expect: 6:9: 'q' needs a value for 'a'
pattern q(a) {
    fire at a
}
pattern p {
    run q()
}
