# The dialogue test's own ship: the shrine maiden, whose character speaks on
# the left of the dialogue box (tests/game/dialogue_mod).
ship shrine {
    name "Shrine Maiden"
    about "Speaks for herself: the dialogue test's ship."
    look player
    character miko
    option 2 (-20, 8) focused (-12, -6)
    option 2 (20, 8) focused (12, -6)
    shot 1 {
        damage 3
        fire amulet red at 0 speed 13 from (-6, -8)
        fire amulet red at 0 speed 13 from (6, -8)
    }
    shot 1 focused {
        damage 4
        fire rice white at 0 speed 16 from (0, -10)
    }
}
