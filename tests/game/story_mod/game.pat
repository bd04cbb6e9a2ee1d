# The story test's game: the game's first three stages alone, so that the ending
# (played after the list's last stage) comes after stage 3 and each ship's flight
# through the scenes of stages 1 to 3 and to its ending stays short.
game main {
    stages stage1 stage2 stage3
}
