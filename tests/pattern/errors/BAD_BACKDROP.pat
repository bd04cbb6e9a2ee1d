# expect: 3:39: a scroll speed must be a number from -64 to 64
backdrop sky {
    layer "clouds.png" tile alpha 0.5 scroll 0 100
}
