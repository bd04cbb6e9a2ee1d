# expect: 2:1: expected a declaration (const, shared, pattern, enemy, boss, stage, function, ship, game, bulletml, art, backdrop, character, scene or item), found
fire orb
