# expect: 2:1: expected a declaration (const, shared, pattern, enemy, boss, stage, function, ship, game or bulletml), found
fire orb
