# docs/examples/21_easing.pat
pattern easing {
    loop {
        fire rice cyan ring 16 speed 5 {
            speed 0.5 over 40 out       # brake hard, then coast to a crawl
            turn by 90 over 60 smooth   # swing round, slow at both ends
            wait 60
            speed 4 over 30 in          # creep, then dart away
        }
        fire star yellow at down speed 1 {
            velocity (2, 0) over 50 in  # a drift that builds up
        }
        wait 50
    }
}
