# The Extra stage's midboss: Kagari, Keeper of the Curtain, come back. The
# curtain she guarded is coming down at last and she has nothing left to keep,
# so she tries the player once more for the fun of it, with everything she
# held back in stage 1: an attack and two spell cards. Her lanterns burst into
# rings now, and her last card draws the curtain's folds across the field as
# walls of amulets that part where she leaves a gap.

# A paper lantern thrown up from Kagari that stops, then bursts into a ring
# of stars falling like sparks and a ring of rice that flies straight on.
pattern ex_lantern(dx = 0) {
    fire orb_large orange at dx + rand(-20, 20) speed 3.6 {
        speed 0 over 40 out
        wait 44
        fire star yellow ring 18 at rand(0, 20) speed 1.8 {
            velocity (0, 1.4) over 70
        }
        fire rice red ring 24 at rand(0, 15) speed 3.2
        vanish
    }
}

# One fold of the curtain: a row of amulets across the field from one side,
# with a gap two ship-widths wide round gap_x, falling in a wave.
pattern ex_fold(gap_x = 192, colour = 0) {
    repeat 24 as k {
        var fx = 8 + k * 16
        if abs(fx - gap_x) > 30 {
            if colour == 0 {
                fire amulet red from (fx - x, 10 - y) at 180 speed 2.6 {
                    wait 20
                    speed 3.4 over 30
                }
            } else {
                fire amulet purple from (fx - x, 10 - y) at 180 speed 2.6 {
                    wait 20
                    speed 3.4 over 30
                }
            }
        }
    }
}

boss ex_kagari {
    name "Kagari, Keeper of the Curtain"
    look boss
    character kagari
    spell_background ex_dawn_spell

    # 1: fans that follow the player, rings that turn both ways at once.
    phase time 30s health 900 {
        move to (192, 100) over 50
        wait 50
        loop as i {
            repeat 3 as k {
                fire kunai red spread 9 by 9 aim speed 3.8 stack 2 by 0.5
                wait 7
            }
            fire orb blue ring 36 at i * 5 speed 2.4 spin 0.4 {
                wait 40
                spin 0
            }
            fire orb purple ring 36 at i * 5 + 5 speed 2.4 spin -0.4 {
                wait 40
                spin 0
            }
            wait 18
            if i % 3 == 2 {
                move to (rand(110, 274), rand(80, 120)) over 45
            }
        }
    }

    # 2: lanterns burst overhead into rings while she sweeps the floor.
    phase "Lantern Sign: The Festival's Last Thousand Lights" spell time 35s health 900 bonus 3000000 {
        move to (192, 90) over 50
        wait 50
        thread {
            loop as j {
                run ex_lantern(sin(j * 53) * 50)
                wait 14
            }
        }
        loop as i {
            fire rice green arc 18 over 90 at 180 + sin(i * 23) * 50 speed 3.2
            wait 10
        }
    }

    # 3: the curtain's folds sweep down the field as walls of amulets, each
    # with a gap where the last one's was not far off; rings of orbs cross
    # them from Kagari herself.
    phase "Curtain Sign: Folds That Will Not Stay Drawn" spell time 40s health 1100 bonus 3500000 {
        move to (192, 70) over 50
        wait 50
        var gap = 192
        loop as i {
            run ex_fold(gap, i % 2)
            gap = clamp(gap + rand(-70, 70), 40, 344)
            if i % 2 == 0 {
                fire orb cyan ring 40 at i * 3 speed 2.8
            }
            wait 22
        }
    }
}
