# docs/examples/02_direction.pat
pattern direction {
    fire orb red at down speed 3
    fire orb red at down + 30 speed 2
    fire orb red at down - 30 speed 2
}
