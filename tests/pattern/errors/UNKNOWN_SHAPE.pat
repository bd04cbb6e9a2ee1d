# expect: 3:10: unknown bullet shape 'orbb' (did you mean 'orb'?)
pattern p {
    fire orbb red
}
