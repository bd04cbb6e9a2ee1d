# expect: 8:15: unknown character 'reimo' (did you mean 'reimu'?)
character reimu {
    name "Reimu"
}

boss b {
    name "B"
    character reimo
    phase { wait 10 }
}
