# The game's run with stage 5 (patterns/stage5/) after stage 3, for the tests
# that fly stage 5 (game.stage, game.clear): they load this folder as a mod over
# patterns/, whose game.pat does not list stage 5 yet (adding a stage after the
# last one makes the recorded all-clear replays other content). Stage 4 is built
# beside it; once patterns/game.pat lists stages 4 and 5, this folder is not
# needed.

game main {
    stages stage1 stage2 stage3 stage5
}
