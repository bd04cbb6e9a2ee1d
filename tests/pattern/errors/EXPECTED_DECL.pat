# expect: 2:1: expected a declaration (const, pattern, enemy, boss, stage or function), found 'fire'
fire orb
