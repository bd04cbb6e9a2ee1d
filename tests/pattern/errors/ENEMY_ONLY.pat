# expect: 4:9: 'look' describes an enemy; a bullet's script cannot use it
pattern p {
    fire orb {
        look drone
        wait 10
    }
}
