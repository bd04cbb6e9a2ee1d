# expect: 2:1: expected a declaration (const, shared, pattern, enemy, boss, stage or function), found
fire orb
