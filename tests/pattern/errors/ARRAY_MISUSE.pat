# expect: 4:27: index 3 is outside speeds[3] (0 to 2)
pattern p {
    var speeds = [1, 2, 3]
    fire orb speed speeds[3]
}
