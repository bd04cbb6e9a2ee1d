# expect: 4:9: 'background' stands in the stage's own block, not in a loop's
stage s {
    repeat 3 {
        background lake
        wait 60
    }
}
