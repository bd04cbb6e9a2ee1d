# TEMPORARY, until the `story` branch's ship characters (patterns/story/) are
# merged into this branch: the three ships' characters, without portraits, so
# that stage 5's dialogue compiles. Delete this file when `story` is merged
# (its declarations of hotaru, shirasagi and tsubame replace these).

character hotaru {
    name "Hotaru"
    colour 240 90 60
    portrait normal s5_kaiko_normal
    portrait smile s5_kaiko_normal
    portrait surprised s5_kaiko_normal
}

character shirasagi {
    name "Shirasagi"
    colour 200 230 250
    portrait normal s5_kaiko_normal
    portrait smile s5_kaiko_normal
}

character tsubame {
    name "Tsubame"
    colour 60 80 200
    portrait normal s5_kaiko_normal
    portrait smile s5_kaiko_normal
}
