# A two-stage campaign for the tests (tests/game/campaign is loaded as a mod over
# patterns/): the real stage 1, then a short stand-in for stage 2.

game main {
    stages stage1 test_stage2
}
