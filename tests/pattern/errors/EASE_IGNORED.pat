# expect: 5:13: a laser turns and changes speed linearly: the ease 'smooth' is ignored
pattern p {
    laser curvy red speed 2 {
        thread {
            turn by 90 over 30 smooth
        }
        speed 4 over 20
    }
}
