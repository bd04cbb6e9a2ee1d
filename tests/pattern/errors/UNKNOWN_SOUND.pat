# expect: 3:11: unknown sound 'grze' (did you mean 'graze'?)
pattern p {
    sound grze
}
