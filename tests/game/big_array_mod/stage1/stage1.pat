# The big-array test stage (game.snapshot): a mod that replaces stage 1 with
# half a minute of an array of 600 values in the VM's array area, which the
# stage writes from where the player is (so a detour changes it), and an
# array of 40 that a function makes from it every second (its own array
# taken from the area and given back), which the volleys' angles read.

function spread(a[], k)[40] {
    var out[40]
    repeat 40 as i {
        out[i] = a[(k + i * 7) % 600] % 90
    }
    return out
}

stage stage1 {
    wait 30
    var aims[600]
    var k = 0
    repeat 1500 {
        aims[k % 600] = aim     # the player's place, every frame
        if k % 60 == 0 {
            var s = spread(aims, k)
            repeat 8 as j {
                fire orb cyan ring 6 at s[j * 5] + j * 45 speed 1.5 + s[j] / 90
            }
        }
        k += 1
        wait 1
    }
    clear
    wait 60
}
