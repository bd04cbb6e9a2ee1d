# expect: 3:18: unknown fire clause 'speeed' (did you mean 'speed'?)
pattern p {
    fire orb red speeed 2
}
