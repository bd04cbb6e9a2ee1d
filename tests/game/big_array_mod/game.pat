# The big-array test stage's game (game.snapshot): its stage 1 alone.
game main {
    stages stage1
}
