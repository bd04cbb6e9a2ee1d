# The game's run with stage 6 (patterns/stage6/) after stage 3, for the tests
# that fly stage 6 (game.stage, game.clear): they load this folder as a mod over
# patterns/, whose game.pat does not list stage 6 yet (adding a stage after the
# last one makes the recorded all-clear replays other content). Once
# patterns/game.pat lists it, this folder is not needed.

game main {
    stages stage1 stage2 stage3 stage6
}
