# A mod for the tests (game.stage): a game of the Extra stage alone, so that
# the scripted player can play it as the game plays its other stages.
game main {
    stages extra
}
