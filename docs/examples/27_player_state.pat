# docs/examples/27_player_state.pat
# A pattern that reads the player: denser as their power grows, gentler on
# their last ship, an aimed burst for a focused player, a ring of its own for
# one shot type. `curtain view` has no player: it reads a fresh run's numbers
# (2 spare ships, 3 bombs, power 1) and the difficulty nearest its rank.
ship heron {
    name "Heron"
    type wide { shot 1 { fire rice white at 0 speed 12 } }
    type lance { shot 1 { fire arrow white at 0 speed 16 } }
}

pattern reading_the_player {
    loop {
        var arms = 10 + floor(player_power) * 2      # power 1 to 4: 12 to 18 arms
        if difficulty >= hard {
            arms += 6
        }
        if player_lives == 0 and player_bombs == 0 {
            arms = 8                                # the last chance: a thinner ring
        }
        fire orb blue ring arms speed 2
        if player_focused {
            fire kunai red aim spread 3 by 8 speed 3
        }
        if ship == heron and shot_type == lance {
            fire rice green ring 6 speed 1.5          # a lance can pierce these
        }
        wait 30
    }
}
