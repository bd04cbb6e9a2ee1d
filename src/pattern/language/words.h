/*
 * words: every word of the pattern language, once. One row per meaning of a
 * word: what kind of word it is (the hover's heading), how it is coloured (its
 * class), how it is written and what it does (the hover's text). The rest is
 * made from this table or checked against it:
 *
 *   - the words a statement starts with, and the "did you mean" candidates
 *     (pattern/language/parser.c: WORDS_STATEMENTS and WORD_VERBS);
 *   - the verb statements: the parser reads their operands, the compiler hands
 *     them to the VM verb of the same id (pattern/vm/vm.h's VM_VERBS) and refuses
 *     them where they may not stand (WORD_WHERES); the language server's
 *     completion offers values after those of an expression;
 *   - the editor's hover (pattern/reference, for `curtain lsp`);
 *   - the TextMate grammar and the Vim syntax file (tools/editor/) and the
 *     fuzz dictionaries' word blocks (tests/pattern/fuzz/, .dict), written by
 *     tools/words/words_gen.c (`cmake --build build --target words`; the test
 *     tools.words fails while a committed file differs from what it writes);
 *   - docs/patterns.md's Reference shows every row's word (pattern.docs), and
 *     the parser's own lists, the fire clauses (pattern/language/ast.h's AST_CLAUSES),
 *     the compiler's built-in values and the VM's math functions each have
 *     their rows and no more (pattern.docs).
 *
 * Bullet shapes and colours are not rows (sim/bullet_kind.h), nor are the
 * built-in sounds (sim/sound.h).
 */
#ifndef CURTAIN_PATTERN_WORDS_H
#define CURTAIN_PATTERN_WORDS_H

/* How a word is coloured: the TextMate scope (with ".curtain-pattern" after
 * it) and the Vim group and the group it links to. A word with rows of several
 * classes takes the first class of this list among them (the grammar's rules
 * are in this order, and the earlier rule wins a tie).
 *   id  TextMate scope  Vim group  Vim link */
#define WORD_CLASSES(X)                                                      \
    X(DECLARATION, "keyword.declaration", "curtainDeclaration", "Structure") \
    X(CONTROL, "keyword.control", "curtainControl", "Conditional")           \
    X(OPERATOR, "keyword.operator.word", "curtainOperatorWord", "Operator")  \
    X(CLAUSE, "keyword.other.clause", "curtainClause", "Keyword")            \
    X(STATEMENT, "keyword.other.statement", "curtainStatement", "Statement") \
    X(PROPERTY, "keyword.other.property", "curtainProperty", "Keyword")      \
    X(FUNCTION, "support.function", "curtainFunction", "Function")           \
    X(VALUE, "variable.language", "curtainBuiltin", "Identifier")

typedef enum words_class {
#define WORD_CLASS_ENUM(id, scope, vim, link) WORD_CLASS_##id,
    WORD_CLASSES(WORD_CLASS_ENUM)
#undef WORD_CLASS_ENUM
    WORD_CLASS_COUNT
} words_class;

/* Where a verb statement may stand, and the words its hover starts with. The
 * compiler refuses an ENEMY verb in a bullet's script (stmt_enemy_only) and a
 * STAGE verb outside a stage's own block (stmt_background); a SHIP verb is
 * ignored by the enemies' hosts.
 *   id  hover */
#define WORD_WHERES(X)                                            \
    X(ANY, "")                                                    \
    X(ENEMY, "(An enemy's or a boss's script, not a bullet's.) ") \
    X(SHIP, "(A ship's scripts.) ")                               \
    X(STAGE, "(A stage's own block.) ")

typedef enum words_where {
#define WORD_WHERE_ENUM(id, hover) WORD_WHERE_##id,
    WORD_WHERES(WORD_WHERE_ENUM)
#undef WORD_WHERE_ENUM
    WORD_WHERE_COUNT
} words_where;

/* The words, one row per meaning.
 *   kind: pattern/language/reference.h's REFERENCE_KINDS, the hover's heading
 *   class: WORD_CLASSES   how it is written   what it does
 * A list per kind: WORDS_DECLARATIONS are the words a declaration starts
 * with, WORDS_STATEMENTS those a statement starts with (with WORD_VERBS), and
 * WORDS_OTHER the words inside them (`phase` in a boss, `over`, `as`...). */
/* clang-format off */
#define WORDS_DECLARATIONS(X) \
    X(DECLARATION, DECLARATION, "const", "const NAME = EXPR", "A constant, shared by every file loaded together; EXPR must be known when the file loads.") \
    X(DECLARATION, DECLARATION, "pattern", "pattern NAME(PARAMS) { ... }", "A script that can run on anything: an emitter, an enemy, a bullet. `(PARAMS)` may be left out.") \
    X(DECLARATION, DECLARATION, "enemy", "enemy NAME(PARAMS) { ... }", "A script for an enemy started with `spawn`.") \
    X(DECLARATION, DECLARATION, "stage", "stage NAME { ... }", "A stage's timeline.") \
    X(DECLARATION, DECLARATION, "boss", "boss NAME { ... }", "A boss: `name \"TEXT\"`, `look NAME`, `character NAME`, `spell_background NAME`, then its phases.") \
    X(DECLARATION, DECLARATION, "shared", "shared NAME = EXPR", "A value every script reads and changes (`NAME = ...`, `+=`, ...), starting at EXPR (known when the file loads) in each run.") \
    X(DECLARATION, DECLARATION, "function", "function NAME(PARAMS) { ... }", "A value computed at once: `NAME(ARGS)` in an expression; `return EXPR` gives it. No `wait`, `fire`, `run`, `thread`, `spawn` or `boss` inside.") \
    X(DECLARATION, DECLARATION, "ship", "ship NAME { ... }", "A ship the player can fly: `name \"TEXT\"`, `look NAME`, `option_look NAME`, `about \"TEXT\"`, `character NAME`, its numbers, `option`s, `shot`s and `bomb`, or its shot types (`type NAME { ... }`) (docs/patterns.md, Ships).") \
    X(DECLARATION, DECLARATION, "game", "game NAME { stages NAME... [extra NAME] }", "The stages of a run, in order, and its Extra stage (docs/patterns.md, The game).") \
    X(DECLARATION, DECLARATION, "bulletml", "bulletml NAME { look [\"LABEL\"] SHAPE [COLOUR] ... }", "Looks for the bullets of NAME.xml (a BulletML file loaded with it): `look SHAPE COLOUR` for every bullet, `look \"LABEL\" SHAPE COLOUR` for those of `<bullet label=\"LABEL\">` (docs/bulletml.md, Looks).") \
    X(DECLARATION, DECLARATION, "art", "art NAME \"SHEET.png\" { shape NAME frame W H [at X Y] hitbox R [turns|upright] [additive] [frames N [every F] [once]] ... }", "A mod's own shapes, cut from a PNG beside the file (a path inside its folder): each `shape` is then a shape name like `orb`, in fire, `look` and bulletml looks, and a look for enemies, bosses, ships and options. Drawn as the sheet has it, never tinted by the colour; `frames` makes it an animation (docs/patterns.md, Custom art; Looks from art).") \
    X(DECLARATION, DECLARATION, "backdrop", "backdrop NAME { layer ... [spell { layer ... }] }", "A backdrop drawn from data, for `background NAME` and `spell_background NAME` like the built-in ones: up to 8 layers, bottom first, each a fill or a PNG beside the file; `spell { ... }`: what it shows during a spell card (docs/patterns.md, Backdrops). Drawing only: no hash sees it.") \
    X(DECLARATION, DECLARATION, "character", "character NAME { name \"TEXT\" colour R G B portrait EXPRESSION SHAPE ... }", "Someone who speaks in dialogue: a display name, a colour (0 to 255 each) and a portrait per expression (`normal`, `smile`... as you name them), each an art shape. A boss or ship names its own with `character NAME` (docs/patterns.md, Characters).") \
    X(DECLARATION, DECLARATION, "scene", "scene NAME before|after TARGET { ... }", "A stage-like script (`say`, `if ship == NAME`...) the game plays before a stage, or before or after a boss or midboss, holding it until the scene ends. Never in practice, nor in replays recorded before scenes (docs/patterns.md, Scenes).") \
    X(DECLARATION, DECLARATION, "item", "item NAME { look LOOK gives GIFT... on collect { ... } }", "An item kind of your own, for `drop NAME`: `look` a built-in item's (`point`, `power`...), a sprite's or an art shape's; `gives` `score N`, `power N` (0.1 as a P item), `bomb_piece [N]`, `life_piece [N]` (3 pieces make a bomb, 5 a life); `on collect { ... }` runs where it was picked up (docs/patterns.md, Items of your own).")

#define WORDS_STATEMENTS(X) \
    X(STATEMENT, STATEMENT, "var", "var NAME = EXPR", "A new variable, visible to the end of its block.") \
    X(STATEMENT, CONTROL, "wait", "wait EXPR", "Pause for EXPR frames (whole frames; 0 or less: no pause). `wait until EXPR` pauses until EXPR is true, checked every frame.") \
    X(STATEMENT, CONTROL, "repeat", "repeat EXPR [as NAME] { ... }", "Run the block EXPR times (EXPR is worked out once); NAME counts from 0.") \
    X(STATEMENT, CONTROL, "loop", "loop [as NAME] { ... }", "Run the block forever (or until `break`).") \
    X(STATEMENT, CONTROL, "while", "while EXPR { ... }", "Run the block while EXPR is true.") \
    X(STATEMENT, CONTROL, "if", "if EXPR { ... } [else if EXPR { ... }] [else { ... }]", "Choose.") \
    X(STATEMENT, CONTROL, "break", "break", "Leave the loop.") \
    X(STATEMENT, CONTROL, "continue", "continue", "Start the loop's next round.") \
    X(STATEMENT, STATEMENT, "fire", "fire [SHAPE [COLOUR]] CLAUSES... [{ BULLET SCRIPT } | run NAME(ARGS)]", "Fire bullets. The block is the script every bullet of the volley runs (from the next frame); `run NAME(ARGS)` makes them run a pattern instead.") \
    X(STATEMENT, STATEMENT, "run", "run NAME(ARGS)", "Run a pattern to its end, then go on.") \
    X(STATEMENT, STATEMENT, "thread", "thread NAME(ARGS), thread { ... }", "Start a pattern or block beside this script, on the same object.") \
    X(STATEMENT, STATEMENT, "speed", "speed EXPR [over EXPR [EASE]]", "Set this object's speed, or change it over N frames. EASE is `linear` (the default), `smooth`, `in` or `out`.") \
    X(STATEMENT, STATEMENT, "turn", "turn to EXPR [over EXPR [EASE]], turn by EXPR [over EXPR [EASE]]", "Turn to a direction (over N frames: the shorter way round), or by an angle (clockwise if positive). EASE is `linear` (the default), `smooth`, `in` or `out`.") \
    X(STATEMENT, STATEMENT, "velocity", "velocity (X, Y) [over EXPR [EASE]]", "Set or change the drift added to this object's motion. EASE is `linear` (the default), `smooth`, `in` or `out`.") \
    X(STATEMENT, STATEMENT, "spin", "spin EXPR", "Turn by EXPR degrees every frame from now on.") \
    X(STATEMENT, STATEMENT, "accel", "accel EXPR", "Add EXPR to the speed every frame from now on.") \
    X(STATEMENT, STATEMENT, "scale", "scale EXPR [over EXPR [EASE]]", "(A bullet's.) Draw it EXPR times its look's size (0 to 16), now or changing over N frames; its hitbox grows with it only if it was fired `scaled_hitbox`. Drawing only otherwise. EASE as for `speed`.") \
    X(STATEMENT, STATEMENT, "alpha", "alpha EXPR [over EXPR [EASE]]", "(A bullet's.) Its opacity, 0 (unseen) to 1, now or changing over N frames; it still hits. EASE as for `speed`.") \
    X(STATEMENT, STATEMENT, "move", "move to (X, Y) [over EXPR [EASE]], move by (X, Y) [over EXPR [EASE]]", "Put this object at (X, Y), or glide there over N frames; `by` is relative to where it is. EASE is `smooth` (the default), `linear`, `in` or `out`.") \
    X(STATEMENT, STATEMENT, "vanish", "vanish", "Remove this object; its script still finishes the current frame.") \
    X(STATEMENT, STATEMENT, "stop", "stop", "End this script.") \
    X(STATEMENT, STATEMENT, "drops", "drops power EXPR point EXPR bomb EXPR life EXPR", "Items left when destroyed (any of the four, any order).") \
    X(STATEMENT, STATEMENT, "drop", "drop KIND [EXPR] [at (X, Y)]", "Items now: EXPR (default 1) of KIND (`power`, `power_big`, `point`, `bomb`, `life`, `star`) where this object is, or at (X, Y) on the field; `drop point 1` then `vanish` turns a bullet into an item. At most 32 a frame from all scripts (docs/patterns.md, Items).") \
    X(STATEMENT, STATEMENT, "spawn", "spawn NAME(ARGS) at (X, Y)", "Start an enemy at (X, Y).") \
    X(STATEMENT, STATEMENT, "boss", "boss NAME", "Fight a boss; the script waits until the fight is over.") \
    X(STATEMENT, STATEMENT, "midboss", "midboss NAME", "Fight a midboss; the script waits until the fight is over.") \
    X(STATEMENT, STATEMENT, "laser", "laser [straight|curvy] [COLOUR] CLAUSES...", "Fire lasers: the clauses of `fire` that apply, and `length`, `width`, `warn`, `follow`. Straight: a warning line, then the beam; curvy: a head that moves like a bullet, trailing a tapered body.") \
    X(STATEMENT, STATEMENT, "print", "print ITEM, ITEM, ...", "Write values (expressions or \"strings\", at most 16; `\"wave \" + i` joins a string and values without a space) as a line with the place and frame: to `run`'s output, `view`'s terminal and field, the game's terminal with `play --print`.") \
    X(STATEMENT, CONTROL, "return", "return EXPR", "(In a function.) End it, giving EXPR.") \
    X(STATEMENT, STATEMENT, "on", "on cancel { ... }, on graze { ... }, on vanish { ... }, on death { ... }, on hit { ... }", "What happens when this object meets an event: a bullet or a laser is cancelled (a bomb, `clear`) or vanishes (`vanish`, the end of its `life`), a bullet is grazed; an enemy dies (`killer` says how: `by_shot`, `by_bomb`, `by_time`) or is hit (once a frame). A copy of the script runs the block at the next frame, with its variables as they are then, where the object was.") \
    X(STATEMENT, STATEMENT, "say", "say [CHARACTER [EXPRESSION]] \"TEXT\" [+ PART ...]", "A dialogue line: the box at the bottom of the field with the speaker's portrait (the player's character on the left, another on the right); without a CHARACTER, narration. The script waits until the shot button advances the line; a held skip button skips the scene. Parts joined with `+` are \"strings\" or numbers. While a line is up no enemy fires and nothing hurts the player; practice skips it.") \
    X(STATEMENT, CONTROL, "for", "for NAME in GROUP { ... }, for NAME in ARRAY { ... }, for NAME in bullets near X Y radius R { ... }", "Run the block once for each handle of a group (a volley fired `as g`), NAME naming it, in the order they were fired (a handle whose object is gone reads `alive` 0); once for each element of an array, NAME a copy of it, from the first; or once for each object a query finds (`near`).") \
    X(STATEMENT, STATEMENT, "effect", "effect SHAPE [COLOUR] [at (X, Y)] [move (X, Y)] [size EXPR] [grow EXPR] [over EXPR] [turn EXPR] [angle EXPR] [hold EXPR] [fade EXPR] [alpha EXPR] [additive] [after EXPR]", "Presentation, not code: a sprite of a bullet shape (built-in or art) that moves, grows, turns and fades and never collides, drawn under the bullets, at (X, Y) from this object; `size` to `grow` times its size over `over` frames, `turn` degrees a frame, `hold` frames, then `fade` frames (30) fading out; `after` frames later. Numbers known when the file loads (docs/patterns.md, Spectacle).") \
    X(STATEMENT, STATEMENT, "flash", "flash COLOUR [over EXPR] [alpha EXPR] [after EXPR]", "Presentation: the field lit by COLOUR (the bullet palette's), fading over `over` frames (20) from `alpha` (0.6); a quarter as bright with the softer flashes option.") \
    X(STATEMENT, STATEMENT, "tint", "tint COLOUR [over EXPR] [alpha EXPR] [after EXPR]", "Presentation: the field washed with COLOUR at `alpha` (0.3) for `over` frames (60), under the bullets; half as strong with the softer flashes option.") \
    X(STATEMENT, STATEMENT, "shake", "shake EXPR [over EXPR] [after EXPR]", "Presentation: the field shakes by up to EXPR pixels (0 to 32), settling over `over` frames (30); never with the steady screen option.") \
    X(STATEMENT, STATEMENT, "cutin", "cutin \"NAME\" [COLOUR] [over EXPR] [after EXPR]", "Presentation: a cut-in for `over` frames (100): a ship's bomb shows the ship's portrait sweeping up from the lower left and NAME (the bomb's name) at the field's bottom right; a boss's shows the boss's from the right.")

#define WORDS_CLAUSES(X) \
    X(CLAUSE, CLAUSE, "at", "at EXPR", "Direction, degrees clockwise from up. Default: at the player.") \
    X(CLAUSE, CLAUSE, "aim", "aim", "The same as `at aim`.") \
    X(CLAUSE, CLAUSE, "speed", "speed EXPR", "Pixels per frame. Default 1.") \
    X(CLAUSE, CLAUSE, "ring", "ring EXPR", "That many bullets evenly round the circle, the first at the direction.") \
    X(CLAUSE, CLAUSE, "arc", "arc EXPR over EXPR", "That many bullets across that many degrees, centred, both ends included.") \
    X(CLAUSE, CLAUSE, "length", "length EXPR", "(Lasers.) Straight: the beam's length in pixels; curvy: the body's length in nodes (frames of the head's path, 1 to 255).") \
    X(CLAUSE, CLAUSE, "width", "width EXPR", "(Lasers.) Full width in pixels (curvy: in the middle of the body).") \
    X(CLAUSE, CLAUSE, "warn", "warn EXPR", "(Straight lasers.) Frames of the warning line before the beam opens.") \
    X(CLAUSE, CLAUSE, "follow", "follow", "(Straight lasers.) The origin moves with the firer; the beam fades when the firer is gone.") \
    X(CLAUSE, CLAUSE, "spread", "spread EXPR by EXPR", "That many bullets that many degrees apart, centred.") \
    X(CLAUSE, CLAUSE, "stack", "stack EXPR by EXPR", "That many copies of the volley, each faster by the second value.") \
    X(CLAUSE, CLAUSE, "from", "from (X, Y)", "Fire from this offset from the firing object. Default (0, 0).") \
    X(CLAUSE, CLAUSE, "radius", "radius EXPR", "Each bullet starts this far out along its direction. Default 0.") \
    X(CLAUSE, CLAUSE, "spin", "spin EXPR", "Degrees the bullet turns every frame. Default 0.") \
    X(CLAUSE, CLAUSE, "accel", "accel EXPR", "Speed added every frame. Default 0.") \
    X(CLAUSE, CLAUSE, "life", "life EXPR", "Frames before the bullet disappears (0: until it leaves the field).") \
    X(CLAUSE, CLAUSE, "velocity", "velocity (X, Y)", "Drift added to the bullet's motion every frame. Default (0, 0).") \
    X(CLAUSE, CLAUSE, "run", "run NAME(ARGS)", "The bullets run this pattern instead of a block.") \
    X(CLAUSE, CLAUSE, "scale", "scale EXPR", "(Bullets.) Drawn EXPR times its look's size (0 to 16). Default 1; the hitbox stays the look's unless `scaled_hitbox`.") \
    X(CLAUSE, CLAUSE, "alpha", "alpha EXPR", "(Bullets.) Opacity, 0 (unseen, still hits) to 1. Default 1.") \
    X(CLAUSE, CLAUSE, "additive", "additive", "(Bullets.) Drawn glowing: its light added to what is below, in the glowing layer.") \
    X(CLAUSE, CLAUSE, "scaled_hitbox", "scaled_hitbox", "(Bullets.) Its hitbox is its look's (or `hitbox R`) times its scale, now and whenever the scale changes.")

#define WORDS_VALUES(X) \
    X(VALUE, VALUE, "aim", "aim", "Direction from this object to the player.") \
    X(VALUE, VALUE, "heading", "heading", "This object's direction.") \
    X(VALUE, VALUE, "speed", "speed", "This object's speed.") \
    X(VALUE, VALUE, "vx", "vx", "This object's drift per frame, x.") \
    X(VALUE, VALUE, "vy", "vy", "This object's drift per frame, y.") \
    X(VALUE, VALUE, "x", "x", "This object's position, x.") \
    X(VALUE, VALUE, "y", "y", "This object's position, y.") \
    X(VALUE, VALUE, "spin", "spin", "This object's turn per frame.") \
    X(VALUE, VALUE, "accel", "accel", "This object's acceleration per frame.") \
    X(VALUE, VALUE, "player_x", "player_x", "The player's position, x.") \
    X(VALUE, VALUE, "player_y", "player_y", "The player's position, y.") \
    X(VALUE, VALUE, "rank", "rank", "The difficulty, 0 to 1.") \
    X(VALUE, VALUE, "enemies", "enemies", "How many enemies are alive.") \
    X(VALUE, VALUE, "boss_active", "boss_active", "1 while a boss or midboss fight goes on.") \
    X(VALUE, VALUE, "talking", "talking", "1 while a dialogue line is up (a `say` waits on it), else 0.") \
    X(VALUE, VALUE, "ship", "ship", "The ship flown: compare it with a ship's name, `if ship == hotaru { ... }`.") \
    X(VALUE, VALUE, "collect_line", "collect_line", "The auto-collect line, pixels from the field's top (112): a player above it draws every item in.") \
    X(VALUE, VALUE, "health", "health", "This enemy's (or boss phase's) hit points left.") \
    X(VALUE, VALUE, "killer", "killer", "In an enemy's `on death`: what killed it, `by_shot`, `by_bomb` or `by_time`; 0 elsewhere.") \
    X(VALUE, VALUE, "by_shot", "by_shot", "2: `killer` when the player's shots killed the enemy.") \
    X(VALUE, VALUE, "by_bomb", "by_bomb", "3: `killer` when a bomb killed the enemy.") \
    X(VALUE, VALUE, "by_time", "by_time", "1: `killer` when the enemy left the field or vanished.") \
    X(VALUE, VALUE, "player_lives", "player_lives", "The player's spare ships (2 where no player flies: the viewer, `curtain run`).") \
    X(VALUE, VALUE, "player_bombs", "player_bombs", "The player's bombs in stock (3 where no player flies).") \
    X(VALUE, VALUE, "player_power", "player_power", "The player's power, 1 to 4 in hundredths: `floor(player_power)` is the shot's level (where no player flies: 1, or 4 for a boss alone or an Extra stage, as the game starts them).") \
    X(VALUE, VALUE, "player_score", "player_score", "The run's score (0 where no player flies).") \
    X(VALUE, VALUE, "player_graze", "player_graze", "Bullets grazed in the run (0 where no player flies).") \
    X(VALUE, VALUE, "player_focused", "player_focused", "1 while the player is focused (moving slowly), else 0 (0 where no player flies).") \
    X(VALUE, VALUE, "player_bomb_pieces", "player_bomb_pieces", "Pieces toward the player's next bomb, 0 to 2: a mod's items give them (`gives bomb_piece`), 3 make a bomb (0 where no player flies).") \
    X(VALUE, VALUE, "player_life_pieces", "player_life_pieces", "Pieces toward the player's next spare ship, 0 to 4: a mod's items give them (`gives life_piece`), 5 make one (0 where no player flies).") \
    X(VALUE, VALUE, "shot_type", "shot_type", "The ship's shot type: compare it with a type's name, `if shot_type == wide { ... }` (no ship: no name matches).") \
    X(VALUE, VALUE, "difficulty", "difficulty", "The difficulty: compare it with `easy`, `normal`, `hard` or `lunatic`, `if difficulty >= hard { ... }` (0 to 3; where no player flies, the one nearest the rank).") \
    X(VALUE, VALUE, "rand", "rand", "A new random number in [0, 1) each time.") \
    X(VALUE, VALUE, "time", "time", "Frames since this script started.") \
    X(VALUE, VALUE, "last", "last", "The direction of this script's last shot (the aim before any).") \
    X(VALUE, VALUE, "last_speed", "last_speed", "The speed of this script's last shot (1 before any).") \
    X(VALUE, VALUE, "up", "up", "0: straight up.") \
    X(VALUE, VALUE, "right", "right", "90.") \
    X(VALUE, VALUE, "down", "down", "180.") \
    X(VALUE, VALUE, "left", "left", "270.") \
    X(VALUE, VALUE, "center_x", "center_x", "192: the middle of the field.") \
    X(VALUE, VALUE, "width", "width", "384: the field's width.") \
    X(VALUE, VALUE, "height", "height", "448: the field's height.")

#define WORDS_FUNCTIONS(X) \
    X(FUNCTION, FUNCTION, "sin", "sin(a)", "Sine of an angle in degrees.") \
    X(FUNCTION, FUNCTION, "cos", "cos(a)", "Cosine of an angle in degrees.") \
    X(FUNCTION, FUNCTION, "atan2", "atan2(y, x)", "The angle of (x, y) in degrees.") \
    X(FUNCTION, FUNCTION, "angle", "angle(dx, dy)", "The direction of a vector, 0 to 360, in the same sense as `at`.") \
    X(FUNCTION, FUNCTION, "sqrt", "sqrt(x)", "Square root.") \
    X(FUNCTION, FUNCTION, "tan", "tan(a)", "Tangent of an angle in degrees; 0 at 90 + k * 180 degrees, where it has none.") \
    X(FUNCTION, FUNCTION, "pow", "pow(x, y)", "x to the power y (exact for a whole y up to 1024); 0 where it has no value: a negative x to a fractional power, 0 to a negative one.") \
    X(FUNCTION, FUNCTION, "exp", "exp(x)", "e to the power x.") \
    X(FUNCTION, FUNCTION, "log", "log(x)", "The natural logarithm of x (`log(x) / log(10)`: base 10); 0 for x of 0 or less, where it has none.") \
    X(FUNCTION, FUNCTION, "abs", "abs(x)", "Absolute value.") \
    X(FUNCTION, FUNCTION, "floor", "floor(x)", "Round down.") \
    X(FUNCTION, FUNCTION, "ceil", "ceil(x)", "Round up.") \
    X(FUNCTION, FUNCTION, "round", "round(x)", "Round to the nearest whole number.") \
    X(FUNCTION, FUNCTION, "sign", "sign(x)", "-1, 0 or 1.") \
    X(FUNCTION, FUNCTION, "min", "min(a, b)", "The smaller value.") \
    X(FUNCTION, FUNCTION, "max", "max(a, b)", "The larger value.") \
    X(FUNCTION, FUNCTION, "clamp", "clamp(x, low, high)", "x kept between low and high.") \
    X(FUNCTION, FUNCTION, "lerp", "lerp(a, b, t)", "From a (t = 0) to b (t = 1).") \
    X(FUNCTION, FUNCTION, "rand", "rand(low, high)", "A new random number in [low, high) each time.") \
    X(FUNCTION, FUNCTION, "level", "level(easy, normal, hard, lunatic)", "A value by difficulty (any number of values: rank 0 picks the first, rank 1 the last).")

#define WORDS_OTHER(X) \
    X(DECLARATION, DECLARATION, "phase", "phase [\"TITLE\"] [spell] [time EXPR] [health EXPR] [bonus EXPR] { ... }", "(In a boss.) One phase. `time` defaults to 30 s; without `health` the phase is survived, not fought; `bonus` defaults to 0.") \
    X(WORD, PROPERTY, "stages", "stages NAME...", "(In a game.) The stages a run plays, in order, from the first.") \
    X(WORD, PROPERTY, "extra", "extra NAME", "(In a game, after its stages.) The Extra stage: not part of a run, played alone from the title's Extra Start once a ship has cleared the game on Normal or harder without continues; no continues in it.") \
    X(WORD, CONTROL, "else", "else { ... }, else if EXPR { ... }", "The branch of an `if` taken when its condition is false.") \
    X(WORD, CONTROL, "until", "wait until EXPR", "Pause until EXPR is true (checked every frame).") \
    X(WORD, CONTROL, "as", "repeat EXPR as NAME, loop as NAME, fire ... as NAME, spawn ... as NAME", "Names the loop's counter, counting from 0; after `fire`, `laser` or `spawn`, a handle on what it made (`NAME.x`, `NAME.alive`, `NAME.speed 2`...), a group for a `ring`, `arc`, `spread` or `stack`.") \
    X(WORD, CONTROL, "in", "for NAME in GROUP, move ... over EXPR in", "The group, array or query a `for` goes through; or the easing of a `move` that starts slowly.") \
    X(WORD, CONTROL, "near", "for NAME in bullets|enemies|lasers|shots near X Y radius R { ... }", "A query: the block once for each bullet (enemy, laser, player's shot) touching the circle of radius R around (X, Y), NAME a handle on it, in the order of their slots. Bullets and shots as the frame's scripts found them (not those fired this frame); each one found costs one unit of the script's budget.") \
    X(WORD, CONTROL, "bullets", "for NAME in bullets near X Y radius R { ... }", "The enemy bullets a query looks through (see `near`).") \
    X(WORD, CONTROL, "lasers", "for NAME in lasers near X Y radius R { ... }", "The enemy lasers a query looks through: each with a part within R of (X, Y) (see `near`).") \
    X(WORD, CONTROL, "shots", "for NAME in shots near X Y radius R { ... }", "The player's shots a query looks through (see `near`): NAME reads them (`s.x`, `s.heading`, `s.speed`...) and may vanish them (`s.vanish`: it hurts nothing), nothing else. None in the viewer, which has no ship.") \
    X(WORD, OPERATOR, "and", "EXPR and EXPR", "1 when both are true.") \
    X(WORD, OPERATOR, "or", "EXPR or EXPR", "1 when either is true.") \
    X(WORD, OPERATOR, "not", "not EXPR", "1 when EXPR is false.") \
    X(WORD, CLAUSE, "over", "speed EXPR over EXPR, arc EXPR over EXPR", "Over N frames (a change), or across N degrees (an arc).") \
    X(WORD, CLAUSE, "by", "turn by EXPR, move by (X, Y), spread EXPR by EXPR", "Relative to now; or the step between bullets.") \
    X(WORD, CLAUSE, "to", "turn to EXPR, move to (X, Y)", "To an absolute direction or place.") \
    X(WORD, CLAUSE, "linear", "speed EXPR over EXPR linear", "An ease (after `over N` of speed, turn, velocity, move): an even change.") \
    X(WORD, CLAUSE, "smooth", "speed EXPR over EXPR smooth", "An ease (after `over N` of speed, turn, velocity, move): starts and ends slowly, u*u*(3-2u).") \
    X(WORD, CLAUSE, "in", "speed EXPR over EXPR in", "An ease (after `over N` of speed, turn, velocity, move): starts slowly, u*u.") \
    X(WORD, CLAUSE, "out", "speed EXPR over EXPR out", "An ease (after `over N` of speed, turn, velocity, move): ends slowly, 1-(1-u)*(1-u).") \
    X(WORD, CLAUSE, "straight", "laser straight [COLOUR] CLAUSES...", "(After `laser`.) A straight laser (the default): a warning line for `warn` frames, then a beam `length` pixels long and `width` wide from its origin along its direction; it takes `at`, `aim`, `ring`, `arc`, `spread`, `from`, `radius`, `spin`, `life`, `length`, `width`, `warn` and `follow`.") \
    X(WORD, CLAUSE, "curvy", "laser curvy [COLOUR] CLAUSES...", "(After `laser`.) A curvy laser: a head that moves like a bullet (`speed`, `accel`, `spin`), trailing a tapered body `length` nodes long (the frames of its path) and `width` wide; it takes the clauses of a straight laser but `warn` and `follow`, and `speed`, `accel` and `stack`.") \
    X(WORD, PROPERTY, "alive", "NAME.alive", "(A handle's member.) 1 while the object the handle names lives, 0 once it is gone (vanished, cancelled, destroyed, off the field); a gone object's other members read 0.") \
    X(WORD, PROPERTY, "count", "NAME.count", "(A group's member.) How many handles a group holds: the bullets or lasers of a volley fired `as NAME` with `ring`, `arc`, `spread` or `stack`, gone ones included.") \
    X(WORD, PROPERTY, "spell", "phase \"TITLE\" spell ...", "Makes a phase a spell card: beaten without being hit or bombing, it wins its `bonus`.") \
    X(WORD, PROPERTY, "bonus", "bonus EXPR", "(In a phase.) A spell card's bonus. Default 0.") \
    X(WORD, PROPERTY, "name", "name \"TEXT\"", "(In a boss.) The boss's display name.") \
    X(WORD, PROPERTY, "spell_background", "spell_background NAME", "(In a boss.) The backdrop drawn instead of the stage's during its spell cards: `dusk_spell`, `lake_spell`, `spire_spell`, another backdrop, or a declared `backdrop` (its `spell` layers).") \
    X(WORD, PROPERTY, "shape", "shape NAME frame W H [at X Y] hitbox R ...", "(In art.) One bullet shape: its name, then its frame in the sheet and its hitbox.") \
    X(WORD, PROPERTY, "frame", "frame W H", "(In art.) The shape's frame size in the sheet, whole pixels, 1 to 128 a side; `at X Y` its top-left (default 0 0).") \
    X(WORD, PROPERTY, "upright", "shape NAME ... upright", "(In art.) The shape is always drawn as the sheet has it (the default); `turns` instead: drawn facing right in the sheet, it turns with the bullet's heading.") \
    X(WORD, PROPERTY, "additive", "shape NAME ... additive", "(In art.) The shape glows: its light is added to what is below, in the glowing bullet layer.") \
    X(WORD, PROPERTY, "frames", "shape NAME ... frames N [every F] [once]", "(In art.) An animation: N frames (1 to 16) of the frame's size side by side in the sheet, from `at X Y` rightwards; each shown `every F` ticks. Picked from the object's age; drawing only, never part of the state.") \
    X(WORD, PROPERTY, "every", "shape NAME ... frames N every F", "(In art.) Ticks each frame of an animation shows: 1 to 255, default 6.") \
    X(WORD, PROPERTY, "once", "shape NAME ... frames N once", "(In art.) The animation plays once and holds its last frame (else it loops).") \
    X(WORD, PROPERTY, "type", "type NAME { name \"TEXT\" about \"TEXT\" ... shot LEVEL [focused] { ... } ... }", "(In a ship.) One of its shot types, chosen on the ship select: its name and a line about it, its `shot`s, and numbers, `option`s or a `bomb` of its own in place of the ship's. The first type is what a replay without one flies (docs/patterns.md, Shot types).") \
    X(WORD, PROPERTY, "option_look", "option_look NAME", "(In a ship.) What its options are drawn as: `option` (the default) or an art shape.") \
    X(WORD, PROPERTY, "about", "about \"TEXT\"", "(In a ship or a shot type.) The line shown under its name on the ship select screen.") \
    X(WORD, PROPERTY, "option", "option LEVEL (X, Y) [focused (X, Y)]", "(In a ship or a shot type.) An option from power level LEVEL on, at (X, Y) from the ship, and at the place after `focused` while focused.") \
    X(WORD, PROPERTY, "shot", "shot LEVEL [focused] { ... }", "(In a ship or a shot type.) The volley fired at power level LEVEL (with `focused`: while focused), every `interval` frames while the shot button is held; its bullets are the player's shots.") \
    X(WORD, PROPERTY, "focused", "shot LEVEL focused { ... }, option LEVEL (X, Y) focused (X, Y)", "(In a ship.) While the player is focused: that volley, or that option's place.") \
    X(WORD, PROPERTY, "bomb", "bomb { ... }", "(In a ship or a shot type.) Its bomb: a script run on the player's side when the bomb button is pressed, beside the bomb's circle.") \
    X(WORD, PROPERTY, "focus_speed", "focus_speed EXPR", "(In a ship.) Its speed while focused, px per frame (default 2).") \
    X(WORD, PROPERTY, "interval", "interval EXPR", "(In a ship.) Frames from one volley to the next (default 5).") \
    X(WORD, PROPERTY, "graze", "graze EXPR, on graze { ... }", "(In a ship.) The radius of its graze circle (default 20). (After `on`, in a bullet's script.) When the bullet is grazed.") \
    X(WORD, PROPERTY, "cancel", "on cancel { ... }", "(After `on`, in a bullet's script.) When the bullet is cancelled, by a bomb or `clear`.") \
    X(WORD, PROPERTY, "turns", "shape NAME ... turns", "(In art.) The shape, drawn facing right in the sheet, turns with the bullet's heading; `upright` (the default) instead keeps it as drawn.") \
    X(WORD, PROPERTY, "layer", "layer fill (R, G, B) [(R, G, B)] | layer \"SHEET.png\" [tile | at (X, Y)] [scroll DX DY] [rotate A] [turn A] [scale S] [tint (R, G, B)] [alpha A] [fade N] [additive]", "(In a backdrop.) One layer, over the ones before it: a fill, or a picture (at most 1024x1024) tiled over the field or placed once centred at (X, Y).") \
    X(WORD, PROPERTY, "fill", "layer fill [gradient] (R, G, B) [(R, G, B)]", "(In a backdrop.) A layer of one colour, or of a gradient from the top's colour to the bottom's; parts 0 to 255.") \
    X(WORD, PROPERTY, "gradient", "layer fill gradient (R, G, B) (R, G, B)", "(In a backdrop.) The fill goes from the first colour at the top to the second at the bottom.") \
    X(WORD, PROPERTY, "tile", "layer \"SHEET.png\" tile", "(In a backdrop.) The picture repeats over the whole field (the default); each tile at least 16 px a side as drawn.") \
    X(WORD, CLAUSE, "at", "layer \"SHEET.png\" at (X, Y)", "(In a backdrop.) The picture is drawn once, centred at (X, Y) in field pixels; scrolling off one side brings it back at the other.") \
    X(WORD, PROPERTY, "scroll", "scroll DX DY", "(In a backdrop's layer.) Moves the picture DX, DY pixels a frame (-64 to 64): far layers slowly, near ones faster.") \
    X(WORD, PROPERTY, "rotate", "rotate A", "(In a backdrop's layer.) Turns the picture A degrees (about its centre; a tiled one about the field's).") \
    X(WORD, PROPERTY, "turn", "turn A", "(In a backdrop's layer.) Keeps turning the picture A degrees a frame (-45 to 45).") \
    X(WORD, PROPERTY, "scale", "scale S", "(In a backdrop's layer.) Draws the picture S times its size (0.125 to 8; default 1).") \
    X(WORD, PROPERTY, "tint", "tint (R, G, B)", "(In a backdrop's layer.) Multiplies the picture's colours by this (255: unchanged).") \
    X(WORD, PROPERTY, "alpha", "alpha A", "(In a backdrop's layer.) The layer's opacity, 0 to 1 (default 1).") \
    X(WORD, PROPERTY, "fade", "fade N", "(In a backdrop's layer.) The layer fades out and back in every N frames (2 to 36000).") \
    X(WORD, PROPERTY, "additive", "layer ... additive", "(In a backdrop.) The layer's light is added to what is below: glows, stars, light.") \
    X(WORD, PROPERTY, "spell", "spell { layer ... }", "(In a backdrop.) The layers shown during a spell card: of a boss whose `spell_background` names this backdrop, or of any boss over a stage showing it.") \
    X(WORD, PROPERTY, "portrait", "shape NAME frame W H [at X Y] portrait, portrait EXPRESSION SHAPE", "(In art.) A character's picture: up to 512x512 pixels, no hitbox, never fired. (In a character.) The art shape shown while the character speaks with that expression; the first is its default.") \
    X(WORD, PROPERTY, "character", "character NAME", "(In a boss or ship.) The character it is: its portraits and name in dialogue and cut-ins.") \
    X(WORD, PROPERTY, "colour", "colour R G B", "(In a character.) Its colour, three whole numbers from 0 to 255: the name plate's.") \
    X(WORD, CLAUSE, "before", "scene NAME before TARGET { ... }", "(In a scene's head.) The scene plays before the stage starts, or before the boss's first phase (the boss waits, untouchable).") \
    X(WORD, CLAUSE, "ending", "scene NAME ending good|bad { ... }", "(In a scene's head.) The game's ending: played after the last stage of `game`'s list is cleared, `good` by a run without continues, `bad` by one with; one of each (docs/patterns.md, Scenes).") \
    X(WORD, CLAUSE, "good", "scene NAME ending good { ... }", "(In a scene's head.) The ending of a run cleared without continues.") \
    X(WORD, CLAUSE, "bad", "scene NAME ending bad { ... }", "(In a scene's head.) The ending of a run cleared with continues.") \
    X(WORD, CLAUSE, "after", "scene NAME after TARGET { ... }, effect ... after EXPR", "(In a scene's head.) The scene plays after the boss's fight, before the stage goes on. (In a presentation statement.) Shows it EXPR frames later.") \
    X(WORD, PROPERTY, "gives", "gives score N | power N | bomb_piece [N] | life_piece [N] ...", "(In an item.) What picking it up gives, one or more on a line: points, power (0.1 as a P item; points instead at full power), pieces of a bomb or of a life (N, default 1).") \
    X(WORD, PROPERTY, "bomb_piece", "gives bomb_piece [N]", "(In an item's `gives`.) N pieces of a bomb (default 1): 3 pieces make a bomb, kept while the player's bombs are full.") \
    X(WORD, PROPERTY, "life_piece", "gives life_piece [N]", "(In an item's `gives`.) N pieces of a life (default 1): 5 pieces make a spare ship, kept while the spares are full.") \
    X(WORD, CLAUSE, "collect", "on collect { ... }", "(In an item.) Runs when the player picks one up, where it was: `x` and `y` are its place, `aim` points from there at the player, and what it fires or drops starts there.")

/* The verb statements: statements that only hand values to the host. A new
 * one is a row here and a row of pattern/vm/vm.h's VM_VERBS with the same id (its
 * ACT number: append it), the host's code, and its line in docs/patterns.md.
 *   id  word  operands: "e" an expression, "t" a text (a string or a bare
 *       word), "tT" a text and an optional one (a title's), "" none
 *   how: ACT, VM_VERB_<id> with the operands' values; CUE, a backdrop cue
 *   where: WORD_WHERES   what it does */
#define WORD_VERBS(X) \
    X(HEALTH, "health", "e", ACT, ENEMY, "The enemy's hit points.") \
    X(SCORE, "score", "e", ACT, ENEMY, "The points for destroying it.") \
    X(HITBOX, "hitbox", "e", ACT, ENEMY, "The enemy's hit radius, in pixels.") \
    X(LOOK, "look", "t", ACT, ENEMY, "How the enemy or boss is drawn: a built-in look or an art shape (a handle's bullet: `b.look SHAPE [COLOUR]`).") \
    X(TITLE, "title", "tT", ACT, ANY, "A title card: a line and an optional second line, each joining strings, numbers and constants with `+`.") \
    X(SOUND, "sound", "t", ACT, ANY, "Play a sound effect: a built-in one, or a mod's `sounds/NAME.wav`.") \
    X(MUSIC, "music", "t", ACT, ANY, "Change the music: `stage`, `boss`, a theme's name, or `none`.") \
    X(CLEAR, "clear", "", ACT, ANY, "Cancel every enemy bullet into points.") \
    X(PIERCE, "pierce", "e", ACT, SHIP, "The shots fired after it pass through enemies when EXPR is not 0, hurting each enemy they touch every frame they touch it.") \
    X(DAMAGE, "damage", "e", ACT, SHIP, "The damage of the shots fired after it.") \
    X(BACKGROUND, "background", "t", CUE, STAGE, "The backdrop behind the field from here on, cross-faded: a built-in one or a declared `backdrop`. Drawing only: no hash sees it.") \
    X(COLLECT_LINE, "collect_line", "e", ACT, ANY, "Move the auto-collect line to EXPR pixels from the field's top (0 to 448; 0: never, the default 112); it stays for the rest of the run.")
/* clang-format on */

/* The words of the whole table, kind by kind. */
#define WORDS(X)          \
    WORDS_DECLARATIONS(X) \
    WORDS_STATEMENTS(X)   \
    WORDS_CLAUSES(X)      \
    WORDS_VALUES(X)       \
    WORDS_FUNCTIONS(X)    \
    WORDS_OTHER(X)

typedef enum words_verb_id {
#define WORD_VERB_ENUM(id, word, operands, how, where, doc) VS_##id,
    WORD_VERBS(WORD_VERB_ENUM)
#undef WORD_VERB_ENUM
    VS_COUNT
} words_verb_id;

/* A verb statement's row. */
typedef struct words_verb {
    const char *word;
    const char *operands;
    int act; /* its vm_verb, or -1: it compiles to a backdrop cue */
    words_where where;
    const char *doc;
} words_verb;

/* The verb statements' rows, indexed by words_verb_id. */
extern const words_verb words_verbs[VS_COUNT];

/* What a verb's hover starts with: where it may stand ("" anywhere). */
const char *words_where_hover(words_where where);

#endif
