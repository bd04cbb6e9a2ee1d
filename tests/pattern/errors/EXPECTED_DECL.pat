# expect: 2:1: expected a declaration (const, pattern, enemy, boss, stage, ship or game), found 'fire'
fire orb
