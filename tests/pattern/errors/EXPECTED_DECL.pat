# expect: 2:1: expected a declaration (const, pattern, enemy, boss or stage), found 'fire'
fire orb
