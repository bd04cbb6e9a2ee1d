# expect: 4:15: character 'reimu' is declared in none of the files given: it speaks without a name or portrait here
boss b {
    name "B"
    character reimu
    phase { wait 10 }
}
