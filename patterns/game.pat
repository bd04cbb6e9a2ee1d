# The game: the stages of a run, in order (docs/patterns.md, "game"). A run
# starts at the first; clearing one shows its tally, then the next begins with
# the same ship, score, ships, bombs, power and graze. A mod adds a stage by
# shipping its own game.pat that lists it. `extra` names the Extra stage,
# played alone once unlocked (patterns/extra/).

game main {
    stages stage1 stage2 stage3 stage4 stage5 stage6
    extra extra
}
