# A short stand-in for stage 2, for the tests of a run of several stages: two
# waves of stage 1's enemies, then a small boss of two phases. About forty
# seconds.

stage test_stage2 {
    music stage
    wait 30
    title "Stage 2" "A Test of Nerve"
    wait 120
    repeat 4 as i {
        spawn s1_wisp(1 - i % 2 * 2, 100) at (80 + i * 70, -20)
        wait 45
    }
    repeat 6 as i {
        spawn s1_drone(1 - i % 2 * 2) at (60 + i % 2 * 264, -16)
        wait 20
    }
    wait until enemies == 0 or time > 60 * 20
    wait 60
    music boss
    boss test_warden
    wait 120
}

boss test_warden {
    name "Warden of the Test"
    look crystal

    phase time 15s health 300 {
        move to (192, 110) over 40
        wait 40
        loop as i {
            fire orb blue ring level(8, 12, 16, 20) at i * 11 speed 1.6 + rank
            wait 30
        }
    }

    phase "Test Sign: Slow Rain" spell time 20s health 400 bonus 200000 {
        move to (192, 100) over 30
        wait 30
        loop {
            fire rice green at rand(150, 210) speed 1.5 + rank
            wait level(10, 8, 6, 5)
        }
    }
}
