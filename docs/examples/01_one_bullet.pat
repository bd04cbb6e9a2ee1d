# docs/examples/01_one_bullet.pat
pattern one_bullet {
    fire orb
}
