# docs/examples/15_print.pat
pattern print_volleys {
    loop as i {
        var a = i * 23
        print "volley", i, "at", a, "aim", aim
        fire orb cyan ring 6 at a speed 2
        wait 30
    }
}
