/*
 * vm: the pattern virtual machine. One VM, two front ends: the pattern language
 * and BulletML both compile to a vm_program (see program.h for building one), and
 * a vm runs many threads ("runners") of such programs against a host.
 *
 * The runtime model (docs/vm.md has the long version, and how each BulletML rule
 * maps onto it):
 *
 *  - A runner is one thread of script driving one host object (an enemy, a
 *    bullet, the stage). Runners live in a fixed pool allocated by vm_create; a
 *    full pool refuses new runners and counts them. Nothing is allocated after
 *    vm_create.
 *  - Time is the host's frame counter ("turn" in BulletML). vm_tick(vm, frame)
 *    runs every runner due at that frame, in creation order (which fixes spawn
 *    order and the order random numbers are drawn). A sleeping runner sits in a
 *    timer wheel and costs nothing until its frame comes.
 *  - Each runner keeps BulletML's schedule clock `sched`: `wait n` adds n to it,
 *    and the runner sleeps while sched > frame. Ramps (changeDirection,
 *    changeSpeed, accel) start at sched, not at the frame.
 *  - A runner executes at most `budget` instructions per frame; past that it is
 *    stopped with an error naming the file and line, and the game goes on.
 *  - All runners together execute at most `frame_budget` instructions and start
 *    at most `frame_starts` runners per frame: the runner that runs over is
 *    stopped with an error (a thousand threads each under its own budget must
 *    not freeze a frame either); runners still due when the instructions run
 *    out wait for the next frame (counted).
 *  - All VM arithmetic is double precision; hosts may store less.
 *
 * Directions are degrees, 0 = up, growing clockwise (90 = right); y points down,
 * so heading d with speed v moves by (sin d * v, -cos d * v) per frame.
 */
#ifndef CURTAIN_PATTERN_VM_H
#define CURTAIN_PATTERN_VM_H

#include "core/hash.h"
#include "core/memblock.h"
#include "pattern/vm/opcodes.h"
#include "sim/item.h"

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------------
 * Tables shared by the compilers, the VM and the hosts (X-macros).
 */

/* Properties of the object running a script: read with GET, written with SET,
 * ramped with RAMP (the first four, in this order: BulletML applies ramps in
 * the order direction, speed, accel X, accel Y; and a bullet's SCALE and
 * ALPHA, its style, which a runner never waits for).
 *   id  name  settable  what */
/* clang-format off */
#define VM_PROPS(X)                                                                            \
    X(HEADING,       "heading",       1, "direction of motion, degrees (0 up, clockwise)")     \
    X(SPEED,         "speed",         1, "speed along the heading, px per frame")             \
    X(VX,            "vx",            1, "extra velocity, x (BulletML accel), px per frame")  \
    X(VY,            "vy",            1, "extra velocity, y (down is +), px per frame")       \
    X(POS_X,         "x",             1, "position, px from the field's left edge")           \
    X(POS_Y,         "y",             1, "position, px from the field's top edge")            \
    X(SPIN,          "spin",          1, "angular velocity, degrees per frame")               \
    X(ACCEL,         "accel",         1, "speed change per frame")                            \
    X(AIM,           "aim",           0, "direction from this object to the player")          \
    X(PLAYER_X,      "player_x",      0, "the player's position, x")                          \
    X(PLAYER_Y,      "player_y",      0, "the player's position, y")                          \
    X(RANK,          "rank",          0, "difficulty, 0 (easy) to 1 (hardest)")               \
    X(DEFAULT_SPEED, "default_speed", 0, "speed of a shot that names none (BulletML: 1)")   \
    X(ENEMIES,       "enemies",       0, "enemies alive now (the stage waits on it)")         \
    X(BOSS_ACTIVE,   "boss_active",   0, "1 while a boss or midboss fight runs, else 0")      \
    X(HEALTH,        "health",        0, "this enemy's hit points left (boss: this phase's)")   \
    X(ALIVE,         "alive",         0, "1 while the object lives (a handle's: b.alive), else 0") \
    X(TALKING,       "talking",       0, "1 while a dialogue line is up (say waits on it)")    \
    X(SHIP,          "ship",          0, "the ship flown: its index among the library's ships") \
    X(KILLER,        "killer",        0, "in an enemy's `on death`: what killed it (VM_KILLERS), else 0") \
    X(COLLECT,       "collect_line",  0, "the auto-collect line, px from the field's top") \
    X(LIVES,         "player_lives",  0, "the player's spare ships (no player: 2)")            \
    X(BOMBS,         "player_bombs",  0, "the player's bombs in stock (no player: 3)")         \
    X(POWER,         "player_power",  0, "the player's power, 1 to 4 in hundredths (no player: 1 or 4)") \
    X(SCORE,         "player_score",  0, "the run's score (no player: 0)")                     \
    X(GRAZE,         "player_graze",  0, "bullets grazed in the run (no player: 0)")           \
    X(FOCUSED,       "player_focused", 0, "1 while the player is focused, else 0 (no player: 0)") \
    X(SHOT_TYPE,     "shot_type",     0, "the ship's shot type, index into its types (no ship: -1)") \
    X(DIFFICULTY,    "difficulty",    0, "the difficulty: 0 Easy, 1 Normal, 2 Hard, 3 Lunatic") \
    X(SCALE,         "scale",         1, "a bullet's drawn size, times its shape's (1)")        \
    X(ALPHA,         "alpha",         1, "a bullet's opacity, 0 to 1 (1)") \
    X(BOMB_PIECES,   "player_bomb_pieces", 0, "pieces toward the player's next bomb (no player: 0)") \
    X(LIFE_PIECES,   "player_life_pieces", 0, "pieces toward the player's next spare (no player: 0)")
/* clang-format on */

typedef enum vm_prop {
#define VM_PROP_ENUM(id, name, settable, doc) VM_PROP_##id,
    VM_PROPS(VM_PROP_ENUM)
#undef VM_PROP_ENUM
    VM_PROP_COUNT
} vm_prop;

#define VM_RAMP_KINDS 4 /* HEADING, SPEED, VX, VY */

/* How a direction or speed value is resolved (SHOT_DIR, SHOT_SPD, RAMP). These
 * are BulletML's types, plus BY for ramps:
 *   ABS  x                          AIM  x + aim (speeds: same as ABS)
 *   REL  x + the object's value     SEQ  x + the previous shot's value; the first
 *        (heading or speed)              time in a thread: aim / 1 (x ignored)
 *   BY   (ramps) end at start + x; for SEQ ramps x is per frame instead. */
#define VM_MODES(X)    \
    X(ABS, "absolute") \
    X(AIM, "aim")      \
    X(REL, "relative") \
    X(SEQ, "sequence") \
    X(BY, "by")

typedef enum vm_mode {
#define VM_MODE_ENUM(id, name) VM_MODE_##id,
    VM_MODES(VM_MODE_ENUM)
#undef VM_MODE_ENUM
    VM_MODE_COUNT
} vm_mode;

/* RAMP B = mode | flags. RECORD: a non-sequence ramp's resolved target becomes
 * the thread's previous direction / speed (BulletML: always for changeSpeed; for
 * changeDirection in Debian's libbulletml, not in upstream 0.0.6). */
#define VM_RAMP_MODE_MASK  0xffu
#define VM_RAMP_RECORD     0x100u
/* RAMP B bits 9..11: the ramp's ease (core/ease.h; 0 = linear, so that the
 * linear ramps of older programs keep their encoding). */
#define VM_RAMP_EASE_SHIFT 9
#define VM_RAMP_EASE_MASK  (0x7u << VM_RAMP_EASE_SHIFT)

/* Shot registers set by SHOT_SET (numbers; SHOT_BEGIN resets them to the
 * default), handed to the host in vm_shot.field as their kind reads them:
 *   NUMBER  as set
 *   FRAMES  a whole number of frames, 0 or more (the part before the point)
 *   FLAG    1 when set to anything but 0, else 0
 *   LASER   VM_LASER_STRAIGHT, VM_LASER_CURVY, or 0 (a bullet) for anything else
 * A fire clause that sets one register names its row (pattern/language/ast.h's
 * AST_CLAUSES): such a clause is that row, the clause's row and what the host
 * does with the value (docs/architecture.md, "What a newcomer touches").
 *   id  name  default  kind  what */
/* clang-format off */
#define VM_SHOT_FIELDS(X)                                                                        \
    X(OFFSET_X,    "offset_x",    0, NUMBER, "spawn point relative to the firing object, x")     \
    X(OFFSET_Y,    "offset_y",    0, NUMBER, "spawn point relative to the firing object, y")     \
    X(RADIUS,      "radius",      0, NUMBER, "spawn distance out along each bullet's direction") \
    X(SPIN,        "spin",        0, NUMBER, "angular velocity, degrees per frame")              \
    X(ACCEL,       "accel",       0, NUMBER, "speed change per frame")                           \
    X(VX,          "vx",          0, NUMBER, "extra velocity, x")                                \
    X(VY,          "vy",          0, NUMBER, "extra velocity, y")                                \
    X(LIFE,        "life",        0, FRAMES, "frames to live; 0: until it leaves the field")     \
    X(COUNT,       "count",       1, NUMBER, "bullets per layer (ring, arc, spread)")            \
    X(ANGLE,       "angle",       0, NUMBER, "arc: total angle; spread: angle between bullets")  \
    X(LAYERS,      "layers",      1, NUMBER, "copies of the volley at rising speeds (stack)")    \
    X(LAYER_SPEED, "layer_speed", 0, NUMBER, "speed added per layer")                            \
    X(LASER,       "laser",       0, LASER,  "0 a bullet; VM_LASER_STRAIGHT or VM_LASER_CURVY")  \
    X(LENGTH,      "length",      0, NUMBER, "laser: px (straight), nodes (curvy)")              \
    X(WIDTH,       "width",       0, NUMBER, "laser: full width, px")                            \
    X(WARN,        "warn",        0, FRAMES, "straight laser: frames of the warning line")       \
    X(FOLLOW,      "follow",      0, FLAG,   "straight laser: 1 when it follows its firer")  \
    X(SCALE,       "scale",       1, NUMBER, "bullet: drawn size, times its look's")            \
    X(ALPHA,       "alpha",       1, NUMBER, "bullet: opacity, 0 to 1")                         \
    X(ADDITIVE,    "additive",    0, FLAG,   "bullet: 1 when drawn additive (glowing)")         \
    X(SCALED_HITBOX, "scaled_hitbox", 0, FLAG, "bullet: 1 when its hitbox grows with its scale")
/* clang-format on */

/* How the host reads a shot register (VM_SHOT_FIELDS' kind column). */
typedef enum vm_shot_kind {
    VM_SHOT_AS_NUMBER,
    VM_SHOT_AS_FRAMES,
    VM_SHOT_AS_FLAG,
    VM_SHOT_AS_LASER,
} vm_shot_kind;

/* VM_SHOT_LASER's values. */
#define VM_LASER_STRAIGHT 1
#define VM_LASER_CURVY    2

typedef enum vm_shot_field {
#define VM_SHOT_FIELD_ENUM(id, name, def, kind, doc) VM_SHOT_##id,
    VM_SHOT_FIELDS(VM_SHOT_FIELD_ENUM)
#undef VM_SHOT_FIELD_ENUM
    VM_SHOT_FIELD_COUNT
} vm_shot_field;

/* How FIRE lays a volley out around the shot direction d (n = COUNT):
 *   SINGLE  one bullet at d
 *   RING    n bullets at d + k*360/n
 *   ARC     n bullets spanning ANGLE degrees, centred on d, both ends included
 *   SPREAD  n bullets ANGLE degrees apart, centred on d */
#define VM_FORMS(X)     \
    X(SINGLE, "single") \
    X(RING, "ring")     \
    X(ARC, "arc")       \
    X(SPREAD, "spread")

typedef enum vm_form {
#define VM_FORM_ENUM(id, name) VM_FORM_##id,
    VM_FORMS(VM_FORM_ENUM)
#undef VM_FORM_ENUM
    VM_FORM_COUNT
} vm_form;

/* Math functions of MATH. Angles in degrees. New rows go at the end (a
 * program names a function by its row). Each gives the same bits on every
 * build (core/trig.h, core/powers.h); where a result has no real value
 * (vm_math_domain) it is 0.   id  name  arity */
#define VM_MATH_FUNCS(X) \
    X(SIN, "sin", 1)     \
    X(COS, "cos", 1)     \
    X(ATAN2, "atan2", 2) \
    X(ANGLE, "angle", 2) \
    X(SQRT, "sqrt", 1)   \
    X(ABS, "abs", 1)     \
    X(FLOOR, "floor", 1) \
    X(CEIL, "ceil", 1)   \
    X(ROUND, "round", 1) \
    X(SIGN, "sign", 1)   \
    X(MIN, "min", 2)     \
    X(MAX, "max", 2)     \
    X(CLAMP, "clamp", 3) \
    X(LERP, "lerp", 3)   \
    X(TAN, "tan", 1)     \
    X(POW, "pow", 2)     \
    X(EXP, "exp", 1)     \
    X(LOG, "log", 1)

typedef enum vm_math {
#define VM_MATH_ENUM(id, name, arity) VM_MATH_##id,
    VM_MATH_FUNCS(VM_MATH_ENUM)
#undef VM_MATH_ENUM
    VM_MATH_COUNT
} vm_math;

/* Host verbs of ACT: things only a game can do. The VM passes them through; a
 * host ignores the verbs it has no use for. Arguments are numbers; names and
 * texts are indices into vm_program.strings, enemies and bosses are indices the
 * front end defines (see docs/patterns.md for the game's meaning of each).
 *   id  name  min args  max args */
/* clang-format off */
#define VM_VERBS(X)                                                         \
    X(MOVE_TO, "move_to", 4, 4)  /* x y frames ease(0 linear 1 smooth 2 in 3 out) */ \
    X(SPAWN,   "spawn",   3, 19) /* function x y args...: an enemy running it */   \
    X(LOOK,    "look",    1, 1)  /* string: this enemy's / boss's sprite */          \
    X(HEALTH,  "health",  1, 1)  /* hit points */                                    \
    X(SCORE,   "score",   1, 1)  /* points when destroyed */                        \
    X(HITBOX,  "hitbox",  1, 1)  /* hit radius, px */                                \
    X(DROPS,   "drops",   4, 4)  /* power point bomb life items on death */          \
    X(BOSS,    "boss",    2, 2)  /* boss index, 1 = midboss: start the fight */     \
    X(PHASE,   "phase",   5, 5)  /* health time bonus spell title(string or -1) */  \
    X(TITLE,   "title",   2, 2)  /* string, string or -1: a title card */           \
    X(SOUND,   "sound",   1, 1)  /* string: a sound effect */                       \
    X(MUSIC,   "music",   1, 1)  /* string: the music to play */                    \
    X(CLEAR,   "clear",   0, 0)  /* cancel every enemy bullet into items */          \
    X(DAMAGE,  "damage",  1, 1)  /* a ship's shots fired next: their damage */     \
    X(PIERCE,  "pierce",  1, 1)  /* a ship's shots fired next: pass through enemies */ \
    X(RESTYLE, "restyle", 1, 1)  /* a look code (SHOT_LOOK's): a bullet's shape, colour */ \
    X(SAY,     "say",     3, 15) /* speaker expression kinds parts...: pattern/content/dialogue.h */ \
    X(DROP,    "drop",    4, 4)  /* kind (VM_ITEMS) count x y: items dropped there */ \
    X(COLLECT_LINE, "collect_line", 1, 1) /* px from the top: the auto-collect line */
/* clang-format on */

typedef enum vm_verb {
#define VM_VERB_ENUM(id, name, min, max) VM_VERB_##id,
    VM_VERBS(VM_VERB_ENUM)
#undef VM_VERB_ENUM
    VM_VERB_COUNT
} vm_verb;

/* The items a script can drop (`drop KIND`, DROP's kind): the item kinds
 * of sim/item.h (ITEM_KINDS), one table.
 */
#define VM_ITEMS(X) ITEM_KINDS(X)

typedef enum vm_item {
#define VM_ITEM_ENUM(id, name) VM_ITEM_##id,
    VM_ITEMS(VM_ITEM_ENUM)
#undef VM_ITEM_ENUM
    VM_ITEM_COUNT
} vm_item;

/* Events a script can hook (`on cancel { ... }`, HOOK): vm_event. The first
 * three are a bullet's or a laser's, the others an enemy's.
 *   id  name  gone: the object is gone when it happens */
#define VM_EVENTS(X)       \
    X(CANCEL, "cancel", 1) \
    X(GRAZE, "graze", 0)   \
    X(VANISH, "vanish", 1) \
    X(DEATH, "death", 1)   \
    X(HIT, "hit", 0)

typedef enum vm_event_kind {
#define VM_EVENT_ENUM(id, name, gone) VM_EVENT_##id,
    VM_EVENTS(VM_EVENT_ENUM)
#undef VM_EVENT_ENUM
    VM_EVENT_COUNT
} vm_event_kind;

/* HOOK's Ax: a bullet's event (CANCEL, GRAZE, VANISH: 0..2) in its low 2 bits,
 * the hook's pc above them (the encoding every program before the enemies'
 * events has); an enemy's event has 3 in the low 2 bits, its event - 3 in bit
 * 2 and the pc above that. */
#define VM_HOOK_MAX_PC (0xffffffu >> 3) /* the highest pc either encoding holds */
static inline uint32_t vm_hook_ax(uint32_t pc, vm_event_kind ev)
{
    return ev < 3 ? pc << 2 | (uint32_t)ev : pc << 3 | ((uint32_t)ev - 3u) << 2 | 3u;
}
static inline vm_event_kind vm_hook_event(uint32_t ax)
{
    return (ax & 3u) < 3 ? (vm_event_kind)(ax & 3u) : (vm_event_kind)(3u + (ax >> 2 & 1u));
}
static inline uint32_t vm_hook_pc(uint32_t ax)
{
    return (ax & 3u) < 3 ? ax >> 2 : ax >> 3;
}

/* What killed an enemy, as its `on death` reads it (`killer`): id, name (the
 * language's value), value. */
#define VM_KILLERS(X)     \
    X(TIME, "by_time", 1) \
    X(SHOT, "by_shot", 2) \
    X(BOMB, "by_bomb", 3)

typedef enum vm_killer {
    VM_KILLER_NONE,
#define VM_KILLER_ENUM(id, name, value) VM_KILLER_##id = value,
    VM_KILLERS(VM_KILLER_ENUM)
#undef VM_KILLER_ENUM
} vm_killer;

/* What `for b in KIND near X Y radius R` looks for (QUERY's Ax): vm_query_kind.
 * Appended only: the number is in the byte code. */
#define VM_QUERIES(X)     \
    X(BULLETS, "bullets") \
    X(ENEMIES, "enemies") \
    X(LASERS, "lasers")   \
    X(SHOTS, "shots")

typedef enum vm_query_kind {
#define VM_QUERY_ENUM(id, name) VM_QUERY_##id,
    VM_QUERIES(VM_QUERY_ENUM)
#undef VM_QUERY_ENUM
    VM_QUERY_COUNT
} vm_query_kind;

/* The word of a query kind ("bullets"), NULL for none. */
const char *vm_query_name(vm_query_kind k);

/* The most objects one query keeps (the rest, later in the host's order, are
 * left out); each one kept costs one unit of the runner's budget, as a bullet
 * fired does. */
#define VM_QUERY_MAX 4096u

/* ---------------------------------------------------------------------------
 * Programs (built with program.h; read-only once built, shared by any number of
 * runners and VMs).
 */

/* Where an instruction came from: file index into vm_program.files. */
typedef struct vm_pos {
    uint32_t line;
    uint32_t col; /* a 16 MiB file may have one line: no 16-bit column */
    uint16_t file;
} vm_pos;

typedef struct vm_func {
    const char *name;    /* points into the program; "" for anonymous blocks */
    uint32_t pc, end;    /* its code: [pc, end) */
    uint16_t nparams;    /* slots 0..nparams-1: the params, filled by the caller */
    uint16_t nlocals;    /* then nlocals slots, zeroed on entry */
    uint16_t frame_size; /* params + locals + the most temporaries it needs */
    /* Values of its arrays of over VM_SLOT_ARRAY values, all together: a block
     * of the VM's array area that each call of it takes at its first ARRNEW and
     * gives back when it returns (0: none; at most VM_AREA_FRAME). */
    uint16_t arrays;
    vm_pos pos; /* where it was defined */
} vm_func;

/* What the value of a CONST names: indices that depend on the order of the
 * files, which a layout-free hash replaces by the name (game/world.c). */
typedef enum vm_ref_kind {
    VM_REF_FUNC = 1, /* a function (SPAWN's enemy) */
    VM_REF_BOSS,     /* a boss of the library (BOSS) */
    VM_REF_STRING,   /* a string of the program, or -1 none (texts of verbs) */
    /* a string only shown (a dialogue's words and speaker): the content hash
     * skips its text, so mending a line keeps replays valid */
    VM_REF_TEXT,
    VM_REF_SHIP, /* a ship of the library (`if ship == NAME`): hashed by its name */
    /* a mod's own item kind (`drop NAME`: VM_ITEM_COUNT + its index in the
     * library's items): hashed as its declaration, what it gives and its
     * `on collect` */
    VM_REF_ITEM,
} vm_ref_kind;

typedef struct vm_ref {
    uint32_t pc;
    uint32_t kind; /* vm_ref_kind */
} vm_ref;

/* A mark at a place of the code that runs nothing: what a host shows from there
 * on (`background NAME` in a stage: value is a sim/backdrop.h index). The code
 * and every hash are as without it; a host finds the marks a runner has passed
 * from where it is (vm_runner_base_pc). */
typedef struct vm_cue {
    uint32_t pc; /* the instruction it stands before */
    int32_t value;
} vm_cue;

/* What a presentation statement shows (`effect`, `flash`, `tint`, `shake`,
 * `cutin`: docs/patterns.md, "Spectacle"): data, not code. Its values are the
 * statement's constants; it is shown through host->show when its runner
 * reaches the WAIT at pc (or the RET that ends its thread there), or, at_start,
 * as a runner first runs from pc, its function's start (vm_start, FORK), or a
 * CALL enters the function there. The code, the state
 * hash and the content hash are as without it, so a script that gains one keeps
 * its recorded replays verifying; the host hands it to the front end, which
 * draws it and forgets it (pattern/show.h says what each field means).
 *   id      word     what */
#define VM_SHOW_KINDS(X)                                            \
    X(EFFECT, "effect", "a sprite that moves, grows, turns, fades") \
    X(FLASH, "flash", "the field lit by a colour, fading")          \
    X(TINT, "tint", "the field washed with a colour for a while")   \
    X(SHAKE, "shake", "the field shaken, settling")                 \
    X(CUTIN, "cutin", "a portrait sweeping by, with a name")

typedef enum vm_show_kind {
#define VM_SHOW_ENUM(id, word, doc) VM_SHOW_##id,
    VM_SHOW_KINDS(VM_SHOW_ENUM)
#undef VM_SHOW_ENUM
    VM_SHOW_KIND_COUNT
} vm_show_kind;

#define VM_SHOW_TEXT 48 /* bytes of a cut-in's name, with its terminator */

typedef struct vm_show {
    uint32_t pc;    /* the WAIT (or the thread's last RET) it is shown at */
    uint8_t kind;   /* vm_show_kind */
    uint8_t shape;  /* EFFECT: a bullet shape (built-in or art) */
    uint8_t colour; /* EFFECT, FLASH, TINT: a bullet colour */
    uint8_t additive;
    uint8_t at_start;        /* 1: shown as the function starts (pc is its first) */
    float after;             /* frames the front end waits before showing it */
    float x, y;              /* EFFECT: from the object running the script, px */
    float vx, vy;            /* EFFECT: px per frame */
    float size, grow;        /* EFFECT: first scale; scale reached after `over` frames */
    float turn, angle;       /* EFFECT: degrees per frame; first angle */
    float over;              /* EFFECT: frames to grow; FLASH, TINT, SHAKE, CUTIN: frames */
    float hold, fade;        /* EFFECT: frames at full opacity, then frames fading out */
    float alpha;             /* EFFECT, FLASH, TINT: opacity, 0 to 1 */
    float strength;          /* SHAKE: px */
    char text[VM_SHOW_TEXT]; /* CUTIN: the name shown ("" none) */
    vm_pos pos;              /* the statement */
} vm_show;

typedef struct vm_program {
    uint32_t *code; /* instructions (opcodes.h) */
    vm_pos *pos;    /* one per instruction */
    uint32_t code_count;
    double *consts;
    uint32_t const_count;
    vm_func *funcs;
    uint32_t func_count;
    char **files; /* source file names, for diagnostics */
    uint32_t file_count;
    char **strings; /* texts that verbs refer to */
    uint32_t string_count;
    double *shared_init; /* the shared values' first values (SHARED, SSTORE) */
    uint32_t shared_count;
    /* The CONSTs whose value is an index that names something (program_mark_ref),
     * in increasing pc: what a replay's content hash follows by name. */
    vm_ref *refs;
    uint32_t ref_count;
    vm_cue *cues; /* in increasing pc */
    uint32_t cue_count;
    vm_show *shows; /* in increasing pc (vm_show) */
    uint32_t show_count;
    uint32_t *by_pc; /* the defined functions' indices, by increasing pc (vm_func_at) */
    uint32_t by_pc_count;
} vm_program;

/* The name of a show kind ("effect", ...). */
const char *vm_show_name(vm_show_kind kind);
/* The index of the first show at pc (shows[] is in increasing pc), or
 * show_count when none is there. */
uint32_t vm_show_first(const vm_program *p, uint32_t pc);

/* The function whose code holds pc (or ends at it: a return address), or NULL. */
const vm_func *vm_func_at(const vm_program *p, uint32_t pc);
/* How much of a function's name identifies it in a layout-free hash: a block's
 * or a BulletML script's name without the "@line:col" that places it, so a line added above it
 * changes nothing (vm_hash_portable, world_content_hash). */
size_t vm_func_name_key(const char *name);

/* The most shared values a program may have: a VM keeps room for them all. The
 * values belong to the first program vm_start runs after vm_create or vm_reset,
 * which sets them to its shared_init. */
#define VM_MAX_SHARED 256

/* ---------------------------------------------------------------------------
 * The host: what a VM needs from the game (or the BulletML reference host, or a
 * test host). Objects are the host's handles; the VM never looks inside them.
 */

typedef uint32_t vm_obj;       /* host object handle; 0 = no object */
typedef uint32_t vm_runner_id; /* index + generation; 0 = none */
/* A script's handle on an object (`fire ... as b`): a lasting name the host
 * gives a live object, with enough of its generation that a handle kept past
 * the object's end never names another object (a vm_obj may carry fewer bits).
 * 0 = none; below 2^53, so a VM value (a double) holds it exactly, and
 * scripts keep it in their variables like a number. */
typedef uint64_t vm_handle;
#define VM_HANDLE_LIMIT (1ull << 53)

/* One bullet to spawn. dx, dy are relative to the firing object's position. */
typedef struct vm_shot {
    double dx, dy;     /* the offset (OFFSET_X, OFFSET_Y) and radius, laid out */
    double dir, speed; /* heading (degrees) and speed */
    /* The shot registers (VM_SHOT_FIELDS), each as its kind reads it: spin,
     * accel, vx, vy, life, laser, length, width, warn, follow, ... */
    double field[VM_SHOT_FIELD_COUNT];
    uint32_t look; /* front end's sprite code; 0 = the host's default */
    /* 1: dx, dy are a place on the field, not an offset from the parent (a
     * script whose object is gone fires from where it was: `on cancel`) */
    int32_t absolute;
    vm_runner_id runner; /* the runner that will drive the bullet, or 0 */
} vm_shot;

/* A ramp of one property: v0 at frame t0, v1 from frame t1 on.
 * Linear (ease 0): value at frame t: t >= t1 ? v1 : v0 + (v1 - v0) / (t1 - t0)
 * * (t - t0), the gradient computed first (vm_ramp_value), exactly as
 * libbulletml does. Eased: v0 + (v1 - v0) * ease_curve(ease, (t - t0) / (t1 -
 * t0)) before t1 (core/ease.h). */
typedef struct vm_ramp {
    int32_t t0, t1;
    double v0, v1;
    uint32_t ease; /* core/ease.h's ease; 0 linear */
} vm_ramp;

double vm_ramp_value(const vm_ramp *r, int32_t frame);
/* What a script running at frame `now` reads of a property a host ramps: the
 * ramp's value at now once it has begun (now > t0), else `stored`. A host
 * moves its objects after the frame's scripts, so its stored value is still
 * the last frame's; libbulletml applies a frame's ramps before the frame's
 * actions, so a ramp that starts the frame another one ends starts from the
 * first one's target. `on`: whether the ramp is running. */
double vm_ramp_read(const vm_ramp *r, int on, double stored, int32_t now);

/* Why a runner stopped on its own (the ended callback). */
typedef enum vm_end_reason {
    VM_END_DONE,     /* its script finished (BulletML's isEnd for that thread) */
    VM_END_VANISHED, /* it called vanish and then reached a wait */
    VM_END_ERROR,    /* a run-time error stopped it (the error callback had it) */
} vm_end_reason;

/* A run-time error: position of the instruction, and what went wrong. */
typedef struct vm_error {
    const char *file;
    uint32_t line, col;
    const char *message;
    vm_runner_id runner;
    vm_obj obj;
} vm_error;

/* A script's `print`: where it is, the frame, and its values as one line of
 * text (numbers as %.10g, strings as they are, separated by spaces). */
typedef struct vm_print {
    const char *file;
    uint32_t line, col;
    int32_t frame;
    const char *text;
    vm_obj obj;
} vm_print;

/* At most this many values in one print, and this many prints reach the host
 * in one frame (the rest are counted in vm_stats.prints_dropped): a loop that
 * prints cannot flood a terminal. */
#define VM_PRINT_MAX_VALUES 16
#define VM_PRINT_PER_FRAME  64

/* Callbacks. `user` is passed back unchanged. All may be called during vm_tick
 * only. obj is the object of the runner executing. Required: get, set, random,
 * spawn, vanish; ramp too unless vm_config.exact_ramps. Optional (NULL): act,
 * ended, error (NULL: printed through core/log), print (NULL: prints are
 * dropped, uncounted: the game's default). */
typedef struct vm_host {
    void *user;
    double (*get)(void *user, vm_obj obj, vm_prop prop);
    void (*set)(void *user, vm_obj obj, vm_prop prop, double value);
    /* Start (or replace) the ramp of prop (HEADING, SPEED, VX or VY). The host
     * applies it from frame ramp->t0 + 1 on (game: a pool tween). */
    void (*ramp)(void *user, vm_obj obj, vm_prop prop, const vm_ramp *ramp);
    double (*random)(void *user); /* uniform in [0, 1) */
    /* Spawn one bullet; returns its handle, or 0 if refused. When shot->runner is
     * set, that runner will drive the new object from the next frame on. */
    vm_obj (*spawn)(void *user, vm_obj parent, const vm_shot *shot);
    /* The object is gone for the game. Its script still runs to its next wait
     * (BulletML), so keep its data readable until vm_tick returns. */
    void (*vanish)(void *user, vm_obj obj);
    void (*act)(void *user, vm_obj obj, vm_verb verb, const double *args, int nargs);
    void (*ended)(void *user, vm_obj obj, vm_runner_id runner, vm_end_reason why);
    void (*error)(void *user, const vm_error *err);
    void (*print)(void *user, const vm_print *line);
    /* Handles (optional; NULL: every handle a script makes is 0, a dead one).
     * lasting: the handle of live object obj (0: none); resolve: the live
     * object a handle names, or 0 once it is gone (never another object). */
    vm_handle (*lasting)(void *user, vm_obj obj);
    vm_obj (*resolve)(void *user, vm_handle h);
    /* A presentation statement reached by a runner of obj (optional; NULL:
     * nothing is shown). Presentation only: nothing it does may change the run. */
    void (*show)(void *user, vm_obj obj, const vm_show *show);
    /* `for b in bullets near X Y radius R` (QUERY; optional, NULL: it finds
     * nothing): the live objects of kind within r of (x, y), at most cap of
     * them, written to out in the host's order, the same on every build.
     * Returns how many it wrote. */
    uint32_t (*query)(void *user, vm_query_kind kind, double x, double y, double r, vm_obj *out,
                      uint32_t cap);
} vm_host;

/* ---------------------------------------------------------------------------
 * The VM.
 */

/* The value slots of a runner in every host of a library (the game's, the
 * sandbox's): a function's frame (vm_func.frame_size) must fit, which
 * library_load checks with vm_func_fits, so that what loads can start. */
#define VM_STACK_SLOTS 64

/* The array area: arrays of more than VM_SLOT_ARRAY values (up to VM_AREA_MAX,
 * opcodes.h) live outside the value slots, in one area per VM of
 * vm_config.array_values values (default VM_AREA_VALUES), handed out in
 * blocks of VM_AREA_CHUNK values: a call of a function with such arrays takes
 * one block for them all (vm_func.arrays) and gives it back when it returns,
 * a runner that ends gives back all of its. A block that does not fit stops
 * the script with an error at the declaration that asked for it. Deterministic
 * (first fit, in a fixed order); taking a block costs the runner's budget
 * 1 + its values / VM_AREA_CHUNK + the chunks searched / VM_AREA_CHUNK, and
 * zeroing or copying an array 1 + its values / VM_AREA_CHUNK. A runner's
 * blocks are in the state hash (vm_hash: their values, only when it has any)
 * and in vm_blocks. Smaller arrays stay in the slots, as before the area. */
#define VM_SLOT_ARRAY   32
#define VM_AREA_FRAME   4096u /* area values of one function, all its arrays together */
#define VM_AREA_CHUNK   16u
#define VM_AREA_VALUES  65536u
#define VM_AREA_MAX_ALL (VM_AREA_CHUNK * 65535u) /* the most array_values may be */

typedef struct vm_config {
    uint32_t capacity;    /* runners (default 16384; at most VM_MAX_CAPACITY) */
    uint32_t stack_slots; /* value slots per runner (default VM_STACK_SLOTS) */
    uint32_t budget;      /* instructions per runner per frame (default 100000) */
    /* All runners together, per frame: instructions (each bullet fired counts as
     * one; default VM_FRAME_BUDGET) and runners started (default VM_FRAME_STARTS). */
    uint32_t frame_budget;
    uint32_t frame_starts;
    /* 1: the VM keeps ramps and applies them through set() at the start of each
     * of the runner's frames, as libbulletml does (the BulletML reference host);
     * 0: ramps go to host->ramp and the runner sleeps meanwhile (the game). */
    int exact_ramps;
    /* 1: a shot whose speed, direction, vx, vy, accel or spin is not a finite
     * number is reported through host->error (once per runner), and the runner
     * goes on and fires it as it is (the viewer and `curtain run`); 0 (default):
     * not checked (the game, and the BulletML reference host, where such values
     * reach the host as libbulletml sends them). */
    int check_shots;
    /* Handles the groups of volleys fired `as g` remember, all groups together
     * (default VM_GROUP_SLOTS): a group's handles are kept in a ring of this
     * many, so one kept before the last group_slots read as dead handles. */
    uint32_t group_slots;
    /* Values of the array area (default VM_AREA_VALUES; 0 none: a script with
     * an array of over VM_SLOT_ARRAY values stops at it; at most VM_AREA_MAX_ALL). */
    uint32_t array_values;
} vm_config;

#define VM_MAX_CAPACITY ((1u << 20) - 1)
#define VM_FRAME_BUDGET 1000000u
#define VM_FRAME_STARTS 8192u
#define VM_MAX_DEPTH    16 /* nested calls per runner */
#define VM_GROUP_SLOTS  16384u
#define VM_GROUP_MAX    65535u /* handles one group holds at most (the rest are not kept) */

typedef struct vm_stats {
    uint32_t live, peak, capacity;
    uint64_t started;            /* runners started (vm_start, FORK, FIRE_RUN) */
    uint64_t ended;              /* stopped on their own (end, vanish, error) */
    uint64_t killed;             /* stopped by vm_kill / vm_kill_obj */
    uint64_t refused;            /* starts refused: the pool was full */
    uint64_t errors;             /* run-time errors */
    uint64_t instructions;       /* executed */
    uint64_t spawned;            /* bullets the host accepted */
    uint64_t spawn_refused;      /* bullets the host refused */
    uint64_t prints;             /* print lines the host received */
    uint64_t prints_dropped;     /* past VM_PRINT_PER_FRAME in a frame */
    uint64_t budget_stops;       /* runners stopped by the frame's budget (instructions, starts) */
    uint64_t deferred;           /* due runners put off to the next frame: no instructions left */
    uint32_t frame_instructions; /* the last frame's instructions (bullets fired included) */
    uint32_t frame_peak;         /* the most in one frame so far */
    uint32_t frame_started;      /* runners started in the last frame */
    uint32_t starts_peak;        /* the most in one frame so far */
} vm_stats;

typedef struct vm vm;

/* Fills in the defaults. */
void vm_config_default(vm_config *cfg);
/* Allocates the whole pool. NULL if out of memory or cfg is out of range. The
 * host is copied. */
vm *vm_create(const vm_config *cfg, const vm_host *host);
void vm_destroy(vm *v);

/* Whether function f's frame (its parameters, variables, arrays and the most
 * values it works on at once: frame_size) fits a runner of stack_slots slots:
 * 1, else 0 with the reason in why ("'stage1' needs 96 value slots (its
 * parameters, variables, arrays and working values); a script has 64"). The one
 * test of it: library_load refuses what vm_start, a fork or a bullet's script
 * would refuse. */
int vm_func_fits(const vm_func *f, uint32_t stack_slots, char *why, size_t why_size);

/* Starts function func of prog as a new runner driving obj, with nargs params
 * (must equal the function's nparams). It first runs at frame `frame` (at the
 * next vm_tick if that frame has passed; within a tick, frame <= the current one
 * runs it in this tick, after the runners already due). Returns its id, or 0 if
 * the pool is full (counted) or the call is invalid. */
vm_runner_id vm_start(vm *v, const vm_program *prog, uint32_t func, vm_obj obj, const double *args,
                      int nargs, int32_t frame);

/* vm_start of a function without params that drives no object and stands at
 * (x, y), as a hook's copy whose object is gone does (vm_event): it reads x
 * and y there, aims and fires from there. An item's `on collect`. */
vm_runner_id vm_start_at(vm *v, const vm_program *prog, uint32_t func, double x, double y,
                         int32_t frame);

/* Stops a runner at once (no ended callback). Stale or 0 ids are ignored. Safe
 * inside callbacks, also on the runner that is executing (it stops after the
 * current instruction). */
void vm_kill(vm *v, vm_runner_id id);
/* Stops every runner driving obj. */
void vm_kill_obj(vm *v, vm_obj obj);
/* Stops every runner (no callbacks); the VM is as new, frame counter included. */
void vm_reset(vm *v);

/* Event ev happened to obj (a bullet: cancelled, grazed, vanished). Each
 * runner of obj that hooked it (HOOK: `on cancel { ... }`) starts a copy of
 * itself from the hook's code at the next frame: its frame's values as they
 * are now, no hooks. For an event whose object is gone (VM_EVENTS' gone) the
 * copy drives no object and stands at (x, y): it reads x and y there (aim
 * from there), and fires from there. Call it before stopping obj's runners.
 * Copies the pool has no room for are refused (counted). */
void vm_event(vm *v, vm_obj obj, vm_event_kind ev, double x, double y);
/* vm_event with what caused it: the copies read `killer` as it (an enemy's
 * death; 0 for the others). */
void vm_event_by(vm *v, vm_obj obj, vm_event_kind ev, double x, double y, vm_killer killer);

/* True while runner id has not ended or been stopped. */
int vm_alive(const vm *v, vm_runner_id id);
/* Runners currently driving obj, but for those whose script is over and that
 * only wait for an event they hooked (`on death { ... }`). */
int vm_obj_runners(const vm *v, vm_obj obj);

/* Runs every runner due at `frame`. Frames must increase from call to call
 * (skipped frames are caught up: every runner due by `frame` runs). */
void vm_tick(vm *v, int32_t frame);
/* The program of the runner executing now (for callbacks), or NULL. */
const vm_program *vm_current_program(const vm *v);
/* Where runner id is in the function it started in: its pc there, or, inside a
 * call, the pc of that function's call (the instruction before the first
 * frame's return address). UINT32_MAX when the runner is gone. */
uint32_t vm_runner_base_pc(const vm *v, vm_runner_id id);

vm_stats vm_get_stats(const vm *v);
/* Feeds the VM's whole run state to a state hash: every live runner (position in
 * its code, clocks, serial, object, stack and call frames, ramps and previous
 * shot values) and the frame counter. Programs are not hashed (hash the content
 * separately). Replays compare these hashes, so two VMs that were driven the same
 * way from vm_create hash the same on every build. */
void vm_hash(const vm *v, hasher *hs);
/* vm_hash that no other file's code changes: a runner's place is its function's
 * name and the offset from the function's start, not the absolute pc, and of the
 * shared values only those that differ from their first values count. A script
 * past its end (waiting out its ramps, or its bullet's callbacks) stands at the
 * instruction that ended it, in its own function. */
void vm_hash_portable(const vm *v, hasher *hs);
/* vm_hash_portable by the rule the first format-3 and format-4 replays were
 * recorded by: a script past its end stands where its pc points, the start of
 * the function after its own in the program, which a file added to the content
 * can change (world.h, WORLD_FLAG_NEXT_PLACE). */
void vm_hash_portable_next(const vm *v, hasher *hs);
/* vm_hash_portable_next over a program taken to end at pc `end`: a script past
 * its end whose pc is `end` stands at its own end, as it did when the program
 * ended there. The rule the ship's VM of those replays is hashed by, `end` the
 * start of the code of ships and shot types added since (game/world.c), so
 * that a ship or a shot type added after leaves them verifying. */
void vm_hash_portable_next_until(const vm *v, hasher *hs, uint32_t end);
/* Lists the memory that holds the VM's whole state for a snapshot: its struct
 * and every array vm_create allocated, each with how much of it is live (the
 * runners ever taken, core/memblock.h) (game/snapshot.h). Restoring those
 * bytes into the same VM puts it back exactly (the host and programs it points
 * to are the same). */
void vm_blocks(vm *v, memblock_list *l);

/* Names, for tools and diagnostics. */
const char *vm_prop_name(vm_prop p);
int vm_prop_settable(vm_prop p);
const char *vm_mode_name(vm_mode m);
const char *vm_shot_field_name(vm_shot_field f);
const char *vm_form_name(vm_form f);
const char *vm_math_name(vm_math m);
int vm_math_arity(vm_math m);
/* A pure math function of its arguments, in degrees where angles are: what
 * CALLMATH computes, and what the compiler folds constants with. */
double vm_math_eval(vm_math fn, const double *a);
/* Whether a math function's arguments have a real result: NULL when they do,
 * else what is wrong with them ("the logarithm of 0 or less": the compiler's
 * error for constant arguments; vm_math_eval gives 0 there). */
const char *vm_math_domain(vm_math fn, const double *a);
/* Floored modulo, MOD's: the result takes the sign of the divisor (-30 % 360 = 330). */
double vm_mod(double y, double x);
const char *vm_verb_name(vm_verb v);
const char *vm_event_name(vm_event_kind e);
/* An item kind's name (`drop KIND`), or NULL. */
const char *vm_item_name(vm_item k);
int vm_verb_min_args(vm_verb v);
int vm_verb_max_args(vm_verb v);

/* BulletML's number rules, shared by the VM and the importer's constant folding:
 * trunc toward zero, INT32_MIN when not finite or out of range (x86-64's cvttsd2si,
 * which libbulletml relies on); directions normalised into [0, 360] by repeated
 * +-360 (720 -> 360, -360 -> 0), NaN unchanged, +-inf -> NaN (libbulletml hangs). */
int32_t vm_trunc(double x);
double vm_normalize_dir(double deg);

#endif
