# docs/examples/03_loop.pat
pattern stream {
    loop {
        fire rice blue at down speed 3
        wait 10
    }
}
