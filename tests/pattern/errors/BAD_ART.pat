# expect: 3:41: a hitbox radius must be above 0 and at most 63.75 px
art sheet "bullets.png" {
    shape gem frame 16 16 at 0 0 hitbox 80
}
