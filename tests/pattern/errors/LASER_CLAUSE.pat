# expect: 3:39: 'speed' does not apply to a straight laser
pattern p {
    laser straight red aim length 300 speed 3
}
