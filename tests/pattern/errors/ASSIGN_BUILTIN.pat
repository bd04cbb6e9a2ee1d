# expect: 3:5: 'speed' is a built-in value and cannot be assigned (to change the speed, write 'speed X')
pattern p {
    speed = 2
}
