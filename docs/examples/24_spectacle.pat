# docs/examples/24_spectacle.pat
pattern flare {
    cutin "Flare Sign: Bursting Star" orange over 90    # a portrait sweeping by, with the name
    tint purple over 240 alpha 0.12                      # the field washed violet for four seconds
    repeat 4 as k {
        fire star_large orange ring 16 at k * 11 speed 2.5
        flash orange over 18 alpha 0.4                   # shown with the ring: at the wait below
        shake 4 over 20
        effect bubble orange size 1 grow 10 over 40 fade 40 alpha 0.6 additive
        effect star_large yellow size 2 grow 5 over 50 turn 6 fade 50 alpha 0.5 additive after 6
        wait 60
    }
}
