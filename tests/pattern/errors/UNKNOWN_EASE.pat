# expect: 4:25: unknown ease 'bounce'
pattern p {
    fire orb speed 2 {
        speed 4 over 30 bounce
    }
}
