# expect: 3:13: expected a value, found '}'
pattern p {
    fire at }
