# expect: 3:12: expected a value, found '}'
pattern p {
    fire at }
