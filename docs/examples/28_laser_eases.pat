# docs/examples/28_laser_eases.pat
pattern whips {
    loop as t {
        laser curvy cyan ring 5 at t * 17 speed 2 length 40 width 8 life 150 {
            turn by 120 over 60 smooth          # eased like a bullet's turn
            speed 3 over 40 in
        }
        laser straight purple at t * 31 length 350 width 6 warn 30 life 60 {
            wait 30
            turn by 90 over 50 out              # the beam sweeps, slowing at the end
        }
        wait 120
    }
}
