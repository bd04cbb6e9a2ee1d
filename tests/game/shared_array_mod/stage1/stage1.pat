# The shared-array test stage (game.snapshot): a mod that replaces stage 1 with
# half a minute of a shared array that the stage writes from where the player
# is (so a detour changes it) and that the bullets read when they turn.

shared sa_aims[16]

stage stage1 {
    wait 30
    thread {
        var k = 0
        loop {
            sa_aims[k % 16] = aim     # the player's place, every frame
            k += 1
            wait 1
        }
    }
    repeat 24 as t {
        fire orb cyan ring 8 at t * 7 speed 2 {
            wait 20
            turn to sa_aims[(t + 5) % 16] over 30
        }
        var most = 0
        for a in sa_aims {
            most = max(most, a % 90)
        }
        fire star yellow at most speed 1.5
        wait 60
    }
    clear
    wait 60
}
