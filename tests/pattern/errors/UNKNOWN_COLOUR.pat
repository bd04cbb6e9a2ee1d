# expect: 3:14: unknown colour 'bleu' (did you mean 'blue'?)
pattern p {
    fire orb bleu
}
