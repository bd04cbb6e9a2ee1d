# expect: 3:11: the sound '../sounds/x' cannot be a file's name
pattern p {
    sound "../sounds/x"
}
