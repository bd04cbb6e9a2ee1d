# expect: 6:11: 'q' has no parameter 'spped' (did you mean 'speed'?)
pattern q(speed = 1) {
    fire orb speed speed
}
pattern p {
    run q(spped: 2)
}
