# The laser stage's game: its stage 1 alone (the game's own game.pat goes on to
# stage 2, which the laser replays never meant to play).
game main {
    stages stage1
}
