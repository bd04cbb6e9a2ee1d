# docs/mod_example/game.pat: replaces the game's own game.pat (same path), so
# a run plays stage 1, then the mod's stage.
game main {
    stages stage1 garden
}
