# expect: 5:5: this 'speed' continues the fire of line 4
enemy e {
    look drone
    fire orb ring 8
    speed 2
    wait 10
}
