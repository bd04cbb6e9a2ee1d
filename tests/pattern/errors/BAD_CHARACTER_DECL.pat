# expect: 3:12: a colour is three whole numbers from 0 to 255 (red, green, blue)
character reimu {
    colour 255 128 999
}
