# The dialogue test stage's game: its stage 1 alone (the game's own game.pat goes
# on to stage 2, which the dialogue replays never meant to play).
game main {
    stages stage1
}
