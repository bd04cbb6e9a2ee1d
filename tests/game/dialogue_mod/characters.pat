# The dialogue test's characters and their portraits (docs/examples/art/faces.png,
# drawn by tools/portrait_sheet.c, copied here: a sheet must lie in its mod's folder).

art dm_faces "art/faces.png" {
    shape dm_miko_normal    frame 256 384 at 0 0   portrait
    shape dm_miko_smile     frame 256 384 at 256 0 portrait
    shape dm_kitsune_normal frame 256 384 at 512 0 portrait
    shape dm_kitsune_angry  frame 256 384 at 768 0 portrait
}

character miko {
    name "Miko"
    colour 240 80 100
    portrait normal dm_miko_normal
    portrait smile dm_miko_smile
}

character kitsune {
    name "Kitsune"
    colour 250 200 90
    portrait normal dm_kitsune_normal
    portrait angry dm_kitsune_angry
}
