# docs/examples/25_game.pat
# A game of two stages and an Extra stage. A run plays `first` then `second`;
# `after_hours` is played alone, from the title's Extra Start, by a ship that
# has cleared the game on Normal or harder without continues.
game main {
    stages first second
    extra after_hours
}

stage first {
    title "Stage 1" "Dusk"
    repeat 3 { run wisp(2); wait 1s }
}

stage second {
    title "Stage 2" "Night"
    repeat 3 { run wisp(3); wait 1s }
}

stage after_hours {
    title "Extra Stage" "The Hour Before Dawn"
    repeat 6 { run wisp(4); wait 30 }
}

pattern wisp(speed) {
    fire orb cyan ring 16 at rand(0, 22) speed speed
}
