# expect: 4:17: 'b' is a handle, not a number: read what it names (b.x, b.speed, b.alive...)
pattern p {
    fire orb aim speed 2 as b
    fire orb at b speed 2
}
