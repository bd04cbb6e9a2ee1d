# expect: 3:22: the direction or 'speed' is given twice
pattern p {
    fire orb speed 1 speed 2
}
