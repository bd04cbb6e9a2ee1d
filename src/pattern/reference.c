/*
 * reference: the meaning of every word of the pattern language. See reference.h.
 */
#include "pattern/reference.h"

#include "pattern/ast.h"
#include "sim/bullet_kind.h"
#include "sim/sound.h"

#include <stdio.h>
#include <string.h>

/* One row per meaning of a word.   kind  word  syntax  what it does */
/* clang-format off */
#define REFERENCE_ROWS(X)                                                                         \
    X(DECLARATION, "const", "const NAME = EXPR", "A constant, shared by every file loaded together; EXPR must be known when the file loads.") \
    X(DECLARATION, "pattern", "pattern NAME(PARAMS) { ... }", "A script that can run on anything: an emitter, an enemy, a bullet. `(PARAMS)` may be left out.") \
    X(DECLARATION, "enemy", "enemy NAME(PARAMS) { ... }", "A script for an enemy started with `spawn`.") \
    X(DECLARATION, "stage", "stage NAME { ... }", "A stage's timeline.") \
    X(DECLARATION, "boss", "boss NAME { ... }", "A boss: `name \"TEXT\"`, `look NAME`, `character NAME`, `spell_background NAME`, then its phases.") \
    X(DECLARATION, "shared", "shared NAME = EXPR", "A value every script reads and changes (`NAME = ...`, `+=`, ...), starting at EXPR (known when the file loads) in each run.") \
    X(DECLARATION, "function", "function NAME(PARAMS) { ... }", "A value computed at once: `NAME(ARGS)` in an expression; `return EXPR` gives it. No `wait`, `fire`, `run`, `thread`, `spawn` or `boss` inside.") \
    X(DECLARATION, "ship", "ship NAME { ... }", "A ship the player can fly: `name \"TEXT\"`, `look NAME`, `option_look NAME`, `about \"TEXT\"`, `character NAME`, its numbers, `option`s, `shot`s and `bomb` (docs/patterns.md, Ships).") \
    X(DECLARATION, "game", "game NAME { stages NAME... [extra NAME] }", "The stages of a run, in order, and its Extra stage (docs/patterns.md, The game).") \
    X(WORD, "stages", "stages NAME...", "(In a game.) The stages a run plays, in order, from the first.") \
    X(WORD, "extra", "extra NAME", "(In a game, after its stages.) The Extra stage: not part of a run, played alone from the title's Extra Start once a ship has cleared the game on Normal or harder without continues; no continues in it.") \
    X(DECLARATION, "bulletml", "bulletml NAME { look [\"LABEL\"] SHAPE [COLOUR] ... }", "Looks for the bullets of NAME.xml (a BulletML file loaded with it): `look SHAPE COLOUR` for every bullet, `look \"LABEL\" SHAPE COLOUR` for those of `<bullet label=\"LABEL\">` (docs/bulletml.md, Looks).") \
    X(DECLARATION, "phase", "phase [\"TITLE\"] [spell] [time EXPR] [health EXPR] [bonus EXPR] { ... }", "(In a boss.) One phase. `time` defaults to 30 s; without `health` the phase is survived, not fought; `bonus` defaults to 0.") \
    X(STATEMENT, "var", "var NAME = EXPR", "A new variable, visible to the end of its block.") \
    X(STATEMENT, "wait", "wait EXPR", "Pause for EXPR frames (whole frames; 0 or less: no pause). `wait until EXPR` pauses until EXPR is true, checked every frame.") \
    X(STATEMENT, "repeat", "repeat EXPR [as NAME] { ... }", "Run the block EXPR times (EXPR is worked out once); NAME counts from 0.") \
    X(STATEMENT, "loop", "loop [as NAME] { ... }", "Run the block forever (or until `break`).") \
    X(STATEMENT, "while", "while EXPR { ... }", "Run the block while EXPR is true.") \
    X(STATEMENT, "if", "if EXPR { ... } [else if EXPR { ... }] [else { ... }]", "Choose.") \
    X(STATEMENT, "break", "break", "Leave the loop.") \
    X(STATEMENT, "continue", "continue", "Start the loop's next round.") \
    X(STATEMENT, "fire", "fire [SHAPE [COLOUR]] CLAUSES... [{ BULLET SCRIPT } | run NAME(ARGS)]", "Fire bullets. The block is the script every bullet of the volley runs (from the next frame); `run NAME(ARGS)` makes them run a pattern instead.") \
    X(STATEMENT, "run", "run NAME(ARGS)", "Run a pattern to its end, then go on.") \
    X(STATEMENT, "thread", "thread NAME(ARGS), thread { ... }", "Start a pattern or block beside this script, on the same object.") \
    X(STATEMENT, "speed", "speed EXPR [over EXPR [EASE]]", "Set this object's speed, or change it over N frames. EASE is `linear` (the default), `smooth`, `in` or `out`.") \
    X(STATEMENT, "turn", "turn to EXPR [over EXPR [EASE]], turn by EXPR [over EXPR [EASE]]", "Turn to a direction (over N frames: the shorter way round), or by an angle (clockwise if positive). EASE is `linear` (the default), `smooth`, `in` or `out`.") \
    X(STATEMENT, "velocity", "velocity (X, Y) [over EXPR [EASE]]", "Set or change the drift added to this object's motion. EASE is `linear` (the default), `smooth`, `in` or `out`.") \
    X(STATEMENT, "spin", "spin EXPR", "Turn by EXPR degrees every frame from now on.") \
    X(STATEMENT, "accel", "accel EXPR", "Add EXPR to the speed every frame from now on.") \
    X(STATEMENT, "move", "move to (X, Y) [over EXPR [EASE]], move by (X, Y) [over EXPR [EASE]]", "Put this object at (X, Y), or glide there over N frames; `by` is relative to where it is. EASE is `smooth` (the default), `linear`, `in` or `out`.") \
    X(STATEMENT, "vanish", "vanish", "Remove this object; its script still finishes the current frame.") \
    X(STATEMENT, "stop", "stop", "End this script.") \
    X(STATEMENT, "drops", "drops power EXPR point EXPR bomb EXPR life EXPR", "Items left when destroyed (any of the four, any order).") \
    X(STATEMENT, "spawn", "spawn NAME(ARGS) at (X, Y)", "Start an enemy at (X, Y).") \
    X(STATEMENT, "boss", "boss NAME", "Fight a boss; the script waits until the fight is over.") \
    X(STATEMENT, "midboss", "midboss NAME", "Fight a midboss; the script waits until the fight is over.") \
    X(STATEMENT, "laser", "laser [straight|curvy] [COLOUR] CLAUSES...", "Fire lasers: the clauses of `fire` that apply, and `length`, `width`, `warn`, `follow`. Straight: a warning line, then the beam; curvy: a head that moves like a bullet, trailing a tapered body.") \
    X(STATEMENT, "damage", "damage EXPR", "(A ship's scripts.) The damage of the shots fired after it.") \
    X(STATEMENT, "pierce", "pierce EXPR", "(A ship's scripts.) The shots fired after it pass through enemies when EXPR is not 0, hurting each enemy they touch every frame they touch it.") \
    X(STATEMENT, "print", "print ITEM, ITEM, ...", "Write values (expressions or \"strings\", at most 16; `\"wave \" + i` joins a string and values without a space) as a line with the place and frame: to `run`'s output, `view`'s terminal and field, the game's terminal with `play --print`.") \
    X(STATEMENT, "return", "return EXPR", "(In a function.) End it, giving EXPR.") \
    X(STATEMENT, "on", "on cancel { ... }, on graze { ... }, on vanish { ... }", "(In a bullet's script.) What happens when the bullet is cancelled (a bomb, `clear`), grazed, or vanishes (`vanish`, the end of its `life`): a copy of the script runs the block at the next frame, with its variables as they are then, where the bullet was.") \
    X(STATEMENT, "say", "say [CHARACTER [EXPRESSION]] \"TEXT\" [+ PART ...]", "A dialogue line: the box at the bottom of the field with the speaker's portrait (the player's character on the left, another on the right); without a CHARACTER, narration. The script waits until the shot button advances the line; a held skip button skips the scene. Parts joined with `+` are \"strings\" or numbers. While a line is up no enemy fires and nothing hurts the player; practice skips it.") \
    X(STATEMENT, "for", "for NAME in GROUP { ... }", "Run the block once for each handle of a group (a volley fired `as g`), NAME naming it, in the order they were fired; a handle whose object is gone reads `alive` 0.") \
    X(STATEMENT, "effect", "effect SHAPE [COLOUR] [at (X, Y)] [move (X, Y)] [size EXPR] [grow EXPR] [over EXPR] [turn EXPR] [angle EXPR] [hold EXPR] [fade EXPR] [alpha EXPR] [additive] [after EXPR]", "Presentation, not code: a sprite of a bullet shape (built-in or art) that moves, grows, turns and fades and never collides, drawn under the bullets, at (X, Y) from this object; `size` to `grow` times its size over `over` frames, `turn` degrees a frame, `hold` frames, then `fade` frames (30) fading out; `after` frames later. Numbers known when the file loads (docs/patterns.md, Spectacle).") \
    X(STATEMENT, "flash", "flash COLOUR [over EXPR] [alpha EXPR] [after EXPR]", "Presentation: the field lit by COLOUR (the bullet palette's), fading over `over` frames (20) from `alpha` (0.6); a quarter as bright with the softer flashes option.") \
    X(STATEMENT, "tint", "tint COLOUR [over EXPR] [alpha EXPR] [after EXPR]", "Presentation: the field washed with COLOUR at `alpha` (0.3) for `over` frames (60), under the bullets; half as strong with the softer flashes option.") \
    X(STATEMENT, "shake", "shake EXPR [over EXPR] [after EXPR]", "Presentation: the field shakes by up to EXPR pixels (0 to 32), settling over `over` frames (30); never with the steady screen option.") \
    X(STATEMENT, "cutin", "cutin \"NAME\" [COLOUR] [over EXPR] [after EXPR]", "Presentation: a cut-in for `over` frames (100): a ship's bomb shows the ship's portrait sweeping up from the lower left and NAME (the bomb's name) at the field's bottom right; a boss's shows the boss's from the right.") \
    X(CLAUSE, "at", "at EXPR", "Direction, degrees clockwise from up. Default: at the player.") \
    X(CLAUSE, "aim", "aim", "The same as `at aim`.") \
    X(CLAUSE, "speed", "speed EXPR", "Pixels per frame. Default 1.") \
    X(CLAUSE, "ring", "ring EXPR", "That many bullets evenly round the circle, the first at the direction.") \
    X(CLAUSE, "arc", "arc EXPR over EXPR", "That many bullets across that many degrees, centred, both ends included.") \
    X(CLAUSE, "length", "length EXPR", "(Lasers.) Straight: the beam's length in pixels; curvy: the body's length in nodes (frames of the head's path, 1 to 63).") \
    X(CLAUSE, "width", "width EXPR", "(Lasers.) Full width in pixels (curvy: in the middle of the body).") \
    X(CLAUSE, "warn", "warn EXPR", "(Straight lasers.) Frames of the warning line before the beam opens.") \
    X(CLAUSE, "follow", "follow", "(Straight lasers.) The origin moves with the firer; the beam fades when the firer is gone.") \
    X(CLAUSE, "spread", "spread EXPR by EXPR", "That many bullets that many degrees apart, centred.") \
    X(CLAUSE, "stack", "stack EXPR by EXPR", "That many copies of the volley, each faster by the second value.") \
    X(CLAUSE, "from", "from (X, Y)", "Fire from this offset from the firing object. Default (0, 0).") \
    X(CLAUSE, "radius", "radius EXPR", "Each bullet starts this far out along its direction. Default 0.") \
    X(CLAUSE, "spin", "spin EXPR", "Degrees the bullet turns every frame. Default 0.") \
    X(CLAUSE, "accel", "accel EXPR", "Speed added every frame. Default 0.") \
    X(CLAUSE, "life", "life EXPR", "Frames before the bullet disappears (0: until it leaves the field).") \
    X(CLAUSE, "velocity", "velocity (X, Y)", "Drift added to the bullet's motion every frame. Default (0, 0).") \
    X(CLAUSE, "run", "run NAME(ARGS)", "The bullets run this pattern instead of a block.") \
    X(VALUE, "aim", "aim", "Direction from this object to the player.") \
    X(VALUE, "heading", "heading", "This object's direction.") \
    X(VALUE, "speed", "speed", "This object's speed.") \
    X(VALUE, "vx", "vx", "This object's drift per frame, x.") \
    X(VALUE, "vy", "vy", "This object's drift per frame, y.") \
    X(VALUE, "x", "x", "This object's position, x.") \
    X(VALUE, "y", "y", "This object's position, y.") \
    X(VALUE, "spin", "spin", "This object's turn per frame.") \
    X(VALUE, "accel", "accel", "This object's acceleration per frame.") \
    X(VALUE, "player_x", "player_x", "The player's position, x.") \
    X(VALUE, "player_y", "player_y", "The player's position, y.") \
    X(VALUE, "rank", "rank", "The difficulty, 0 to 1.") \
    X(VALUE, "enemies", "enemies", "How many enemies are alive.") \
    X(VALUE, "boss_active", "boss_active", "1 while a boss or midboss fight goes on.") \
    X(VALUE, "talking", "talking", "1 while a dialogue line is up (a `say` waits on it), else 0.") \
    X(VALUE, "ship", "ship", "The ship flown: compare it with a ship's name, `if ship == hotaru { ... }`.") \
    X(VALUE, "health", "health", "This enemy's (or boss phase's) hit points left.") \
    X(VALUE, "rand", "rand", "A new random number in [0, 1) each time.") \
    X(VALUE, "time", "time", "Frames since this script started.") \
    X(VALUE, "last", "last", "The direction of this script's last shot (the aim before any).") \
    X(VALUE, "last_speed", "last_speed", "The speed of this script's last shot (1 before any).") \
    X(VALUE, "up", "up", "0: straight up.") \
    X(VALUE, "right", "right", "90.") \
    X(VALUE, "down", "down", "180.") \
    X(VALUE, "left", "left", "270.") \
    X(VALUE, "center_x", "center_x", "192: the middle of the field.") \
    X(VALUE, "width", "width", "384: the field's width.") \
    X(VALUE, "height", "height", "448: the field's height.") \
    X(FUNCTION, "sin", "sin(a)", "Sine of an angle in degrees.") \
    X(FUNCTION, "cos", "cos(a)", "Cosine of an angle in degrees.") \
    X(FUNCTION, "atan2", "atan2(y, x)", "The angle of (x, y) in degrees.") \
    X(FUNCTION, "angle", "angle(dx, dy)", "The direction of a vector, 0 to 360, in the same sense as `at`.") \
    X(FUNCTION, "sqrt", "sqrt(x)", "Square root.") \
    X(FUNCTION, "abs", "abs(x)", "Absolute value.") \
    X(FUNCTION, "floor", "floor(x)", "Round down.") \
    X(FUNCTION, "ceil", "ceil(x)", "Round up.") \
    X(FUNCTION, "round", "round(x)", "Round to the nearest whole number.") \
    X(FUNCTION, "sign", "sign(x)", "-1, 0 or 1.") \
    X(FUNCTION, "min", "min(a, b)", "The smaller value.") \
    X(FUNCTION, "max", "max(a, b)", "The larger value.") \
    X(FUNCTION, "clamp", "clamp(x, low, high)", "x kept between low and high.") \
    X(FUNCTION, "lerp", "lerp(a, b, t)", "From a (t = 0) to b (t = 1).") \
    X(FUNCTION, "rand", "rand(low, high)", "A new random number in [low, high) each time.") \
    X(FUNCTION, "level", "level(easy, normal, hard, lunatic)", "A value by difficulty (any number of values: rank 0 picks the first, rank 1 the last).") \
    X(WORD, "else", "else { ... }, else if EXPR { ... }", "The branch of an `if` taken when its condition is false.") \
    X(WORD, "until", "wait until EXPR", "Pause until EXPR is true (checked every frame).") \
    X(WORD, "as", "repeat EXPR as NAME, loop as NAME, fire ... as NAME, spawn ... as NAME", "Names the loop's counter, counting from 0; after `fire`, `laser` or `spawn`, a handle on what it made (`NAME.x`, `NAME.alive`, `NAME.speed 2`...), a group for a `ring`, `arc`, `spread` or `stack`.") \
    X(WORD, "in", "for NAME in GROUP, move ... over EXPR in", "The group a `for` goes through; or the easing of a `move` that starts slowly.") \
    X(WORD, "and", "EXPR and EXPR", "1 when both are true.") \
    X(WORD, "or", "EXPR or EXPR", "1 when either is true.") \
    X(WORD, "not", "not EXPR", "1 when EXPR is false.") \
    X(WORD, "over", "speed EXPR over EXPR, arc EXPR over EXPR", "Over N frames (a change), or across N degrees (an arc).") \
    X(WORD, "by", "turn by EXPR, move by (X, Y), spread EXPR by EXPR", "Relative to now; or the step between bullets.") \
    X(WORD, "to", "turn to EXPR, move to (X, Y)", "To an absolute direction or place.") \
    X(WORD, "linear", "speed EXPR over EXPR linear", "An ease (after `over N` of speed, turn, velocity, move): an even change.") \
    X(WORD, "smooth", "speed EXPR over EXPR smooth", "An ease (after `over N` of speed, turn, velocity, move): starts and ends slowly, u*u*(3-2u).") \
    X(WORD, "in", "speed EXPR over EXPR in", "An ease (after `over N` of speed, turn, velocity, move): starts slowly, u*u.") \
    X(WORD, "out", "speed EXPR over EXPR out", "An ease (after `over N` of speed, turn, velocity, move): ends slowly, 1-(1-u)*(1-u).") \
    X(WORD, "spell", "phase \"TITLE\" spell ...", "Makes a phase a spell card: beaten without being hit or bombing, it wins its `bonus`.") \
    X(WORD, "bonus", "bonus EXPR", "(In a phase.) A spell card's bonus. Default 0.") \
    X(WORD, "name", "name \"TEXT\"", "(In a boss.) The boss's display name.") \
    X(WORD, "spell_background", "spell_background NAME", "(In a boss.) The backdrop drawn instead of the stage's during its spell cards: `dusk_spell`, `lake_spell`, `spire_spell`, another backdrop, or a declared `backdrop` (its `spell` layers).") \
    X(DECLARATION, "art", "art NAME \"SHEET.png\" { shape NAME frame W H [at X Y] hitbox R [turns|upright] [additive] [frames N [every F] [once]] ... }", "A mod's own shapes, cut from a PNG beside the file (a path inside its folder): each `shape` is then a shape name like `orb`, in fire, `look` and bulletml looks, and a look for enemies, bosses, ships and options. Drawn as the sheet has it, never tinted by the colour; `frames` makes it an animation (docs/patterns.md, Custom art; Looks from art).") \
    X(WORD, "shape", "shape NAME frame W H [at X Y] hitbox R ...", "(In art.) One bullet shape: its name, then its frame in the sheet and its hitbox.") \
    X(WORD, "frame", "frame W H", "(In art.) The shape's frame size in the sheet, whole pixels, 1 to 128 a side; `at X Y` its top-left (default 0 0).") \
    X(WORD, "upright", "shape NAME ... upright", "(In art.) The shape is always drawn as the sheet has it (the default); `turns` instead: drawn facing right in the sheet, it turns with the bullet's heading.") \
    X(WORD, "additive", "shape NAME ... additive", "(In art.) The shape glows: its light is added to what is below, in the glowing bullet layer.") \
    X(WORD, "frames", "shape NAME ... frames N [every F] [once]", "(In art.) An animation: N frames (1 to 16) of the frame's size side by side in the sheet, from `at X Y` rightwards; each shown `every F` ticks. Picked from the object's age; drawing only, never part of the state.") \
    X(WORD, "every", "shape NAME ... frames N every F", "(In art.) Ticks each frame of an animation shows: 1 to 255, default 6.") \
    X(WORD, "once", "shape NAME ... frames N once", "(In art.) The animation plays once and holds its last frame (else it loops).") \
    X(WORD, "option_look", "option_look NAME", "(In a ship.) What its options are drawn as: `option` (the default) or an art shape.") \
    X(DECLARATION, "backdrop", "backdrop NAME { layer ... [spell { layer ... }] }", "A backdrop drawn from data, for `background NAME` and `spell_background NAME` like the built-in ones: up to 8 layers, bottom first, each a fill or a PNG beside the file; `spell { ... }`: what it shows during a spell card (docs/patterns.md, Backdrops). Drawing only: no hash sees it.") \
    X(WORD, "layer", "layer fill (R, G, B) [(R, G, B)] | layer \"SHEET.png\" [tile | at (X, Y)] [scroll DX DY] [rotate A] [turn A] [scale S] [tint (R, G, B)] [alpha A] [fade N] [additive]", "(In a backdrop.) One layer, over the ones before it: a fill, or a picture (at most 1024x1024) tiled over the field or placed once centred at (X, Y).") \
    X(WORD, "fill", "layer fill [gradient] (R, G, B) [(R, G, B)]", "(In a backdrop.) A layer of one colour, or of a gradient from the top's colour to the bottom's; parts 0 to 255.") \
    X(WORD, "gradient", "layer fill gradient (R, G, B) (R, G, B)", "(In a backdrop.) The fill goes from the first colour at the top to the second at the bottom.") \
    X(WORD, "tile", "layer \"SHEET.png\" tile", "(In a backdrop.) The picture repeats over the whole field (the default); each tile at least 16 px a side as drawn.") \
    X(WORD, "at", "layer \"SHEET.png\" at (X, Y)", "(In a backdrop.) The picture is drawn once, centred at (X, Y) in field pixels; scrolling off one side brings it back at the other.") \
    X(WORD, "scroll", "scroll DX DY", "(In a backdrop's layer.) Moves the picture DX, DY pixels a frame (-64 to 64): far layers slowly, near ones faster.") \
    X(WORD, "rotate", "rotate A", "(In a backdrop's layer.) Turns the picture A degrees (about its centre; a tiled one about the field's).") \
    X(WORD, "turn", "turn A", "(In a backdrop's layer.) Keeps turning the picture A degrees a frame (-45 to 45).") \
    X(WORD, "scale", "scale S", "(In a backdrop's layer.) Draws the picture S times its size (0.125 to 8; default 1).") \
    X(WORD, "tint", "tint (R, G, B)", "(In a backdrop's layer.) Multiplies the picture's colours by this (255: unchanged).") \
    X(WORD, "alpha", "alpha A", "(In a backdrop's layer.) The layer's opacity, 0 to 1 (default 1).") \
    X(WORD, "fade", "fade N", "(In a backdrop's layer.) The layer fades out and back in every N frames (2 to 36000).") \
    X(WORD, "additive", "layer ... additive", "(In a backdrop.) The layer's light is added to what is below: glows, stars, light.") \
    X(WORD, "spell", "spell { layer ... }", "(In a backdrop.) The layers shown during a spell card: of a boss whose `spell_background` names this backdrop, or of any boss over a stage showing it.") \
    X(WORD, "portrait", "shape NAME frame W H [at X Y] portrait, portrait EXPRESSION SHAPE", "(In art.) A character's picture: up to 512x512 pixels, no hitbox, never fired. (In a character.) The art shape shown while the character speaks with that expression; the first is its default.") \
    X(DECLARATION, "character", "character NAME { name \"TEXT\" colour R G B portrait EXPRESSION SHAPE ... }", "Someone who speaks in dialogue: a display name, a colour (0 to 255 each) and a portrait per expression (`normal`, `smile`... as you name them), each an art shape. A boss or ship names its own with `character NAME` (docs/patterns.md, Characters).") \
    X(WORD, "character", "character NAME", "(In a boss or ship.) The character it is: its portraits and name in dialogue and cut-ins.") \
    X(WORD, "colour", "colour R G B", "(In a character.) Its colour, three whole numbers from 0 to 255: the name plate's.")
/* clang-format on */

/* The rows, and the statements that only pass values to the host, whose words,
 * operands and meanings are pattern/ast.h's AST_VERB_STATEMENTS. */
static const reference_row reference_table[] = {
#define REFERENCE_ROW(kind, word, syntax, doc) {REF_##kind, word, syntax, doc, NULL},
    REFERENCE_ROWS(REFERENCE_ROW)
#undef REFERENCE_ROW
#define REFERENCE_VERB_ROW(id, keyword, shape, doc) {REF_STATEMENT, keyword, NULL, doc, shape},
        AST_VERB_STATEMENTS(REFERENCE_VERB_ROW)
#undef REFERENCE_VERB_ROW
};
#define REFERENCE_COUNT ((int)(sizeof reference_table / sizeof reference_table[0]))

static const char *const reference_kind_names[] = {
#define REFERENCE_KIND_NAME(id, what) what,
    REFERENCE_KINDS(REFERENCE_KIND_NAME)
#undef REFERENCE_KIND_NAME
};

typedef struct reference_shape {
    const char *name;
    float radius;
    int rotates, size;
} reference_shape;

static const reference_shape reference_shapes[] = {
#define REFERENCE_SHAPE(id, name, radius, rotates, size) {name, radius, rotates, size},
    BULLET_SHAPES(REFERENCE_SHAPE)
#undef REFERENCE_SHAPE
};

static const char *const reference_colours[] = {
#define REFERENCE_COLOUR(id, name) name,
    BULLET_COLORS(REFERENCE_COLOUR)
#undef REFERENCE_COLOUR
};

const reference_row *reference_rows(int *count)
{
    *count = REFERENCE_COUNT;
    return reference_table;
}

size_t reference_syntax(const reference_row *row, char *out, size_t size)
{
    if (row->syntax)
        return (size_t)snprintf(out, size, "%s", row->syntax);
    /* a verb statement's operands: "e" a value, "t" a name or string, "T" an optional one */
    const char *ops = row->operands ? row->operands : "";
    const char *e = strchr(ops, 'e') ? " EXPR" : "";
    const char *t = strchr(ops, 't') ? (strchr(ops, 'T') ? " \"TEXT\"" : " NAME") : "";
    const char *opt = strchr(ops, 'T') ? " [\"TEXT\"]" : "";
    return (size_t)snprintf(out, size, "%s%s%s%s", row->word, e, t, opt);
}

const char *reference_kind_name(reference_kind kind)
{
    return kind >= 0 && kind < REF_KIND_COUNT ? reference_kind_names[kind] : "?";
}

static const reference_shape *reference_find_shape(const char *word)
{
    for (int i = 0; i < BULLET_SHAPE_COUNT; i++)
        if (strcmp(reference_shapes[i].name, word) == 0)
            return &reference_shapes[i];
    return NULL;
}

static int reference_is_colour(const char *word)
{
    for (int i = 0; i < BULLET_COLOR_COUNT; i++)
        if (strcmp(reference_colours[i], word) == 0)
            return 1;
    return 0;
}

int reference_has(const char *word, reference_kind kind)
{
    if (kind == REF_SHAPE)
        return reference_find_shape(word) != NULL;
    if (kind == REF_COLOUR)
        return reference_is_colour(word);
    if (kind == REF_SOUND)
        return sound_by_name(word) >= 0;
    for (int i = 0; i < REFERENCE_COUNT; i++)
        if (reference_table[i].kind == kind && strcmp(reference_table[i].word, word) == 0)
            return 1;
    return 0;
}

/* Appends text to out at *used, truncating; *used counts what was needed. */
static void reference_append(char *out, size_t size, size_t *used, const char *text)
{
    size_t n = strlen(text);
    if (*used < size) {
        size_t room = size - *used - 1;
        memcpy(out + *used, text, n < room ? n : room);
        out[*used + (n < room ? n : room)] = '\0';
    }
    *used += n;
}

/* One row's paragraph: its kind, how it is written, what it does. */
static void reference_describe_row(const reference_row *r, int after, char *out, size_t size,
                                   size_t *used)
{
    char syntax[128], part[1024];
    reference_syntax(r, syntax, sizeof syntax);
    /* the verbs' meanings are written lower case, without a stop (ast.h) */
    int verb = r->syntax == NULL;
    char first = verb && r->doc[0] >= 'a' && r->doc[0] <= 'z' ? (char)(r->doc[0] - 32) : r->doc[0];
    snprintf(part, sizeof part, "%s**%s** `%s`\n\n%c%s%s\n", after ? "\n" : "",
             reference_kind_names[r->kind], syntax, first, r->doc[0] ? r->doc + 1 : "",
             verb ? "." : "");
    reference_append(out, size, used, part);
}

int reference_describe(const char *word, char *out, size_t size)
{
    size_t used = 0;
    int rows = 0;
    char part[1024];
    if (size)
        out[0] = '\0';
    /* kind by kind (declaration, statement, clause, value, ...), as the page lists them */
    for (int k = 0; k < REF_KIND_COUNT; k++)
        for (int i = 0; i < REFERENCE_COUNT; i++)
            if ((int)reference_table[i].kind == k && strcmp(reference_table[i].word, word) == 0)
                reference_describe_row(&reference_table[i], rows++, out, size, &used);
    const reference_shape *s = reference_find_shape(word);
    if (s) {
        snprintf(part, sizeof part,
                 "%s**bullet shape** `%s`\n\nHit radius %.1f px, drawn %d px; %s. Written after "
                 "`fire`: `fire %s`.\n",
                 rows ? "\n" : "", word, (double)s->radius, s->size,
                 s->rotates ? "the sprite turns with the bullet's heading" : "a round sprite",
                 s->name);
        reference_append(out, size, &used, part);
        rows++;
    }
    int sound = sound_by_name(word);
    if (sound >= 0) {
        snprintf(part, sizeof part,
                 "%s**sound effect** `%s`\n\nBuilt in: %s. Written after `sound`: `sound %s`.\n",
                 rows ? "\n" : "", word, sound_docs[sound], word);
        reference_append(out, size, &used, part);
        rows++;
    }
    if (reference_is_colour(word)) {
        snprintf(part, sizeof part,
                 "%s**bullet colour** `%s`\n\nWritten after the shape: `fire orb %s`.\n",
                 rows ? "\n" : "", word, word);
        reference_append(out, size, &used, part);
        rows++;
    }
    return rows;
}
