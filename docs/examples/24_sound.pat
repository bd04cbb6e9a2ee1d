# docs/examples/24_sound.pat
# Sounds: a built-in effect by name, and one of the mod's own from a WAV file,
# sounds/chime.wav beside this file (made with sox: two sines, 0.4 s, 22050 Hz).
pattern chimes {
    loop as t {
        fire star ring 12 at t * 9 speed 1.4
        if t % 4 == 0 {
            sound chime       # sounds/chime.wav, resampled to the mixer's rate
        } else {
            sound enemy_shot  # built-in
        }
        wait 30
    }
}
