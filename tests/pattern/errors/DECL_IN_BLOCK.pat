# expect: 3:13: 'stage' declares at the top of a file, not inside a block
pattern p {
    wait 1; stage s { wait 1 }
}
