# The handles stage's game: its stage 1 alone (the game's own game.pat goes on to
# stage 2, which the handles replays never meant to play).
game main {
    stages stage1
}
