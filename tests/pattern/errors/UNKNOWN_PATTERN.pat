# expect: 6:9: unknown pattern 'spirl' (did you mean 'spiral'?)
pattern spiral {
    fire orb
}
pattern p {
    run spirl
}
