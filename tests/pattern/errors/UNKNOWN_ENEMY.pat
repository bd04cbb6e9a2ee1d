# expect: 6:11: unknown enemy 'fary' (did you mean 'fairy'?)
enemy fairy {
    fire orb
}
stage s {
    spawn fary at (0, 0)
}
