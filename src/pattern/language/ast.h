/*
 * ast: the syntax tree of a pattern file, as the parser builds it and the
 * compiler reads it. Every node records its line and column. Nodes live in the
 * compiler's arena; lists are singly linked through `next`.
 */
#ifndef CURTAIN_PATTERN_AST_H
#define CURTAIN_PATTERN_AST_H

#include "pattern/language/words.h"

#include <stdint.h>

typedef struct ast_pos {
    uint32_t line, col;
} ast_pos;

typedef enum ast_op {
    AST_ADD,
    AST_SUB,
    AST_MUL,
    AST_DIV,
    AST_MOD,
    AST_LT,
    AST_LE,
    AST_GT,
    AST_GE,
    AST_EQ,
    AST_NE,
    AST_AND,
    AST_OR,
    AST_NEG,
    AST_NOT,
} ast_op;

typedef enum ast_expr_kind {
    EX_NUMBER,
    EX_NAME,
    EX_CALL,
    EX_UNARY,
    EX_BINARY,
    EX_INDEX,  /* name[a]: an element of an array (or a group's handle) */
    EX_MEMBER, /* name.member: what a handle reads of its object (b.x, b.alive, g.count);
                  name[a].member (a not NULL): of the handle name[a], a group's or an array's */
} ast_expr_kind;

typedef struct ast_arg ast_arg;

typedef struct ast_expr {
    ast_expr_kind kind;
    ast_pos pos;
    double number;      /* EX_NUMBER */
    const char *name;   /* EX_NAME, EX_CALL, EX_INDEX, EX_MEMBER */
    const char *member; /* EX_MEMBER */
    ast_pos member_pos;
    ast_op op; /* EX_UNARY, EX_BINARY */
    struct ast_expr *a, *b;
    ast_arg *args; /* EX_CALL */
    int nargs;
    int height; /* binary operators on its longest path down (parser's PARSER_MAX_HEIGHT) */
} ast_expr;

/* An argument of a call: positional (name NULL) or named ("arms: 8"). */
struct ast_arg {
    const char *name;
    ast_pos pos;
    ast_expr *value;
    int joined; /* print "a" + x: joins the item before it without a space */
    ast_arg *next;
};

/* Clauses of a fire statement.   id  keyword  operands: "" none, "e" one
 * expression, "eOe" two joined by the word O ("over", "by"), "p" a pair (x, y);
 * what it applies to: b bullets, s straight lasers, c curvy lasers (anything
 * else is a LASER_CLAUSE error); the shot register (a VM_SHOT_FIELDS row of
 * pattern/vm/vm.h) a clause of one register sets to its expression, or to 1 when
 * it has none: the compiler needs nothing else to compile it; BY_HAND for the
 * clauses it compiles itself (a direction, a speed, a volley's form, pairs). */
/* clang-format off */
#define AST_CLAUSES(X)                            \
    X(AT, "at", "e", "bsc", BY_HAND)              \
    X(AIM, "aim", "", "bsc", BY_HAND)             \
    X(SPEED, "speed", "e", "bc", BY_HAND)         \
    X(RING, "ring", "e", "bsc", BY_HAND)          \
    X(ARC, "arc", "e over e", "bsc", BY_HAND)     \
    X(SPREAD, "spread", "e by e", "bsc", BY_HAND) \
    X(STACK, "stack", "e by e", "bc", BY_HAND)    \
    X(FROM, "from", "p", "bsc", BY_HAND)          \
    X(RADIUS, "radius", "e", "bsc", RADIUS)       \
    X(SPIN, "spin", "e", "bsc", SPIN)             \
    X(ACCEL, "accel", "e", "bc", ACCEL)           \
    X(LIFE, "life", "e", "bsc", LIFE)             \
    X(VELOCITY, "velocity", "p", "b", BY_HAND)    \
    X(LENGTH, "length", "e", "sc", LENGTH)        \
    X(WIDTH, "width", "e", "sc", WIDTH)           \
    X(WARN, "warn", "e", "s", WARN)               \
    X(FOLLOW, "follow", "", "s", FOLLOW)         \
    X(SCALE, "scale", "e", "b", SCALE)            \
    X(ALPHA, "alpha", "e", "b", ALPHA)            \
    X(ADDITIVE, "additive", "", "b", ADDITIVE)    \
    X(SCALED_HITBOX, "scaled_hitbox", "", "b", SCALED_HITBOX)
/* clang-format on */

typedef enum ast_clause_kind {
#define AST_CLAUSE_ENUM(id, keyword, shape, applies, reg) CL_##id,
    AST_CLAUSES(AST_CLAUSE_ENUM)
#undef AST_CLAUSE_ENUM
    CL_COUNT
} ast_clause_kind;

typedef struct ast_clause {
    ast_clause_kind kind;
    ast_pos pos;
    ast_expr *a, *b;
    struct ast_clause *next;
} ast_clause;

typedef struct ast_stmt ast_stmt;

typedef struct ast_fire {
    const char *shape, *colour; /* NULL: the host's default look */
    ast_pos shape_pos, colour_pos;
    ast_clause *clauses;
    ast_stmt *body; /* fire ... { script }: the bullet's own script */
    int has_body;
    const char *run; /* fire ... run NAME(args) */
    ast_pos run_pos;
    ast_arg *args;
    int nargs;
} ast_fire;

/* Statements that only pass values to a host verb (health, look, pierce...):
 * pattern/language/words.h's WORD_VERBS, VS_<id>. */
typedef words_verb_id ast_verb_stmt;

/* Clauses of a presentation statement (effect, flash, tint, shake, cutin: vm_show).
 *   id  keyword  operands: "" none, "e" one expression, "p" a pair (x, y) */
#define AST_SHOW_CLAUSES(X)     \
    X(AT, "at", "p")            \
    X(MOVE, "move", "p")        \
    X(SIZE, "size", "e")        \
    X(GROW, "grow", "e")        \
    X(OVER, "over", "e")        \
    X(TURN, "turn", "e")        \
    X(ANGLE, "angle", "e")      \
    X(HOLD, "hold", "e")        \
    X(FADE, "fade", "e")        \
    X(ALPHA, "alpha", "e")      \
    X(ADDITIVE, "additive", "") \
    X(AFTER, "after", "e")

typedef enum ast_show_clause {
#define AST_SHOW_CLAUSE_ENUM(id, keyword, shape) SC_##id,
    AST_SHOW_CLAUSES(AST_SHOW_CLAUSE_ENUM)
#undef AST_SHOW_CLAUSE_ENUM
    SC_COUNT
} ast_show_clause;

/* A presentation statement: its kind (vm_show_kind), what follows the word
 * (effect: SHAPE [COLOUR]; flash, tint: COLOUR; shake: an expression; cutin: a
 * string) and its clauses, each at most once. */
typedef struct ast_show {
    int kind;
    const char *shape, *colour, *text;
    ast_pos shape_pos, colour_pos;
    ast_expr *value; /* shake's strength */
    ast_expr *a[SC_COUNT], *b[SC_COUNT];
    ast_pos at[SC_COUNT];
    int has[SC_COUNT];
} ast_show;

typedef enum ast_stmt_kind {
    ST_VAR,        /* var name = e0; arrays (op = 1): var name[e1] | var name = [args] */
    ST_ASSIGN,     /* name[e1] op e0 (op: AST_ADD.. for +=, or -1 for =; e1: NULL, or the index) */
    ST_WAIT,       /* wait e0 */
    ST_WAIT_UNTIL, /* wait until e0 */
    ST_REPEAT,     /* repeat e0 [as name] { body } */
    ST_LOOP,       /* loop [as name] { body } */
    ST_WHILE,      /* while e0 { body } */
    ST_IF,         /* if e0 { body } else { else_body } */
    ST_BREAK,
    ST_CONTINUE,
    ST_FIRE,     /* fire ... | laser ... (op = 1) */
    ST_RUN,      /* run name(args) */
    ST_THREAD,   /* thread name(args) | thread { body } */
    ST_SPEED,    /* speed e0 [over e1] */
    ST_TURN,     /* turn to|by e0 [over e1]; op = 0 to, 1 by */
    ST_VELOCITY, /* velocity (e0, e1) [over e2] */
    ST_SPIN,     /* spin e0 */
    ST_ACCEL,    /* accel e0 */
    ST_STYLE,    /* scale|alpha e0 [over e1] [ease]; op = 0 scale, 1 alpha */
    ST_MOVE,     /* move to|by (e0, e1) [over e2] [ease]; op = 0 to, 1 by; ease in `ease` */
    ST_VANISH,
    ST_STOP,
    ST_VERB,   /* verb: see pattern/language/words.h's WORD_VERBS; e0 / text, text2 */
    ST_DROPS,  /* drops power e0 point e1 bomb e2 life e3 (each optional) */
    ST_DROP,   /* drop name [e0] [at (e1, e2)]: items of kind name, now */
    ST_SPAWN,  /* spawn name(args) at (e0, e1) */
    ST_BOSS,   /* boss name | midboss name; op = 1 for midboss */
    ST_PRINT,  /* print args: each a string (name) or an expression (value) */
    ST_RETURN, /* return e0: a function's value */
    ST_FOR,    /* for name in e0 { body }: each handle of a group */
    ST_ON,     /* on EVENT { body }: a bullet's hook; op = the vm_event_kind */
    ST_SHOW,   /* effect | flash | tint | shake | cutin ...: see ast_show */
    ST_SAY,    /* say [NAME [text]] parts: a dialogue line; name the speaker, text
                * the expression; args the parts (a string in name, or a value) */
    ST_BROKEN, /* a statement with a syntax error (reported): compiles to nothing */
} ast_stmt_kind;

struct ast_stmt {
    ast_stmt_kind kind;
    ast_pos pos;
    const char *name;
    ast_pos name_pos;
    int op;
    int ease;
    ast_verb_stmt verb;
    const char *text, *text2;
    ast_expr *e[4];
    ast_stmt *body, *else_body;
    ast_arg *args;
    int nargs;
    ast_fire *fire;
    ast_show *show; /* ST_SHOW */
    /* NAME.statement: the statement acts on handle NAME's object; NAME[i].statement
     * (target_index not NULL): on the handle NAME[i], a group's or an array's */
    const char *target;
    ast_pos target_pos;
    ast_expr *target_index;
    /* title "a" + x ["b" + y]: the parts joined to each text after its first
     * string (folded when the file loads) */
    ast_arg *parts[2];
    /* fire / laser / spawn ... as NAME: a new variable holding the handle(s) */
    const char *as;
    ast_pos as_pos;
    ast_stmt *next;
};

typedef struct ast_param {
    const char *name;
    ast_pos pos;
    ast_expr *def; /* default value, or NULL */
    int array;     /* NAME[]: an array, by reference (a function's) */
    struct ast_param *next;
} ast_param;

typedef struct ast_phase {
    ast_pos pos;
    const char *title;    /* spell card name, or NULL */
    ast_arg *title_parts; /* "Sign " + N: parts joined after it (folded at load) */
    int spell;
    ast_expr *time, *health, *bonus;
    ast_stmt *body;
    struct ast_phase *next;
} ast_phase;

typedef enum ast_decl_kind {
    DECL_CONST,
    DECL_PATTERN,
    DECL_ENEMY,
    DECL_BOSS,
    DECL_STAGE,
    DECL_FUNCTION,
    DECL_SHARED,
    DECL_SHIP,
    DECL_GAME,
    DECL_BULLETML,
    DECL_ART,
    DECL_BACKDROP,
    DECL_CHARACTER,
    DECL_ITEM,
} ast_decl_kind;

/* One layer of a backdrop declaration (backdrop := 'backdrop' NAME '{' { layer }
 * [ 'spell' '{' { layer } '}' ] '}', layer := 'layer' ( 'fill' [ 'gradient' ]
 * COLOUR [COLOUR] | STRING ) { option }, COLOUR := '(' R ',' G ',' B ')'):
 * the numbers as written, checked by pattern/content/backdrop_decl.c. */
typedef struct ast_backdrop_layer {
    ast_pos pos, sheet_pos, fill_pos, at_pos, scroll_pos, angle_pos, turn_pos, scale_pos, alpha_pos,
        fade_pos, tint_pos;
    const char *sheet;        /* NULL: a fill */
    double top[3], bottom[3]; /* a fill's colours (bottom = top: solid) */
    double tint[3];           /* has_tint */
    double x, y, sx, sy, angle, turn, scale, alpha, fade;
    int has_at, has_tile, has_tint, has_scale, has_alpha, additive;
    int spell; /* in the spell block */
    struct ast_backdrop_layer *next;
} ast_backdrop_layer;

/* One shape of an art declaration (art := 'art' NAME STRING '{' { shape } '}',
 * shape := 'shape' NAME { 'frame' W H | 'at' X Y | 'hitbox' R | 'turns' |
 * 'upright' | 'additive' | 'frames' N | 'every' F | 'once' }): a frame of the
 * sheet (or N frames in a row, an animation) drawn as a bullet shape or as the
 * look of any object. */
typedef struct ast_art_shape {
    ast_pos pos, name_pos, frame_pos, frame_h_pos, at_pos, hitbox_pos; /* numbers' */
    ast_pos frames_pos, every_pos;
    const char *name;
    double w, h, x, y, hitbox; /* as written; has_* says which were */
    double frames, every;      /* the animation's; has_frames, has_every */
    int has_frame, has_hitbox, has_frames, has_every;
    int turns, additive, once;
    int portrait; /* 'portrait': a character's picture, larger, never fired */
    ast_pos portrait_pos;
    int broken; /* a clause had an error (reported): what it lacks is not reported again */
    struct ast_art_shape *next;
} ast_art_shape;

/* One portrait of a character declaration (character := 'character' NAME '{'
 * { 'name' STRING | 'colour' R G B | 'portrait' EXPRESSION SHAPE } '}'): the
 * art shape drawn while the character speaks with that expression. */
typedef struct ast_portrait {
    ast_pos pos, shape_pos;
    const char *expression, *shape;
    struct ast_portrait *next;
} ast_portrait;

/* One look of a bulletml declaration (bulletml := 'bulletml' NAME '{' { rule }
 * '}', rule := 'look' [STRING] SHAPE [COLOUR]): the bullets labelled `label`
 * in NAME.xml, or every bullet no other rule names when label is NULL. */
typedef struct ast_look_rule {
    ast_pos pos, label_pos, shape_pos, colour_pos;
    const char *label; /* NULL: the file's default */
    const char *shape;
    const char *colour; /* NULL: white */
    struct ast_look_rule *next;
} ast_look_rule;

/* One line of a ship declaration (ship := 'ship' NAME '{' { item } '}'):
 *   SHIP_NUMBER  WORD expr            number: the row of SHIP_NUMBERS
 * (pattern/language/ship_number.h) SHIP_OPTION  'option' level (x, y) 'focused' (x, y)      e[0..4]
 *   SHIP_SHOT    'shot' level ['focused'] block              e[0], focused, body
 *   SHIP_BOMB    'bomb' block                                body
 *   SHIP_TYPE    'type' NAME '{' { 'name' STRING | 'about' STRING | item } '}'
 *                a shot type: name (declared), title, about, its own items
 *                (numbers, options, shots, bomb; not another type) */
typedef enum ast_ship_item_kind {
    SHIP_NUMBER,
    SHIP_OPTION,
    SHIP_SHOT,
    SHIP_BOMB,
    SHIP_TYPE,
} ast_ship_item_kind;

typedef struct ast_ship_item {
    ast_ship_item_kind kind;
    ast_pos pos;
    int number;
    int focused;
    ast_expr *e[5];
    ast_stmt *body;
    /* SHIP_TYPE: its declared name (and where), display name, line about it,
     * and its own items */
    const char *name;
    ast_pos name_pos;
    const char *title;
    const char *about;
    struct ast_ship_item *items;
    struct ast_ship_item *next;
} ast_ship_item;

/* One gift of an item declaration (item := 'item' NAME '{' { 'look' NAME |
 * 'gives' gift { gift } | 'on' 'collect' block } '}', gift := 'score' N |
 * 'power' N | 'bomb_piece' [N] | 'life_piece' [N]): what picking it up gives,
 * the number as written (checked by pattern/content/item_decl.c). */
typedef enum ast_item_gift {
    AST_GIFT_SCORE,
    AST_GIFT_POWER,
    AST_GIFT_BOMB_PIECE,
    AST_GIFT_LIFE_PIECE,
    AST_GIFT_COUNT
} ast_item_gift;

typedef struct ast_item_give {
    ast_pos pos, value_pos;
    ast_item_gift what;
    double value;
    int has_value;
    struct ast_item_give *next;
} ast_item_give;

/* A name listed by a game declaration
 * (game := 'game' NAME '{' 'stages' NAME... ['extra' NAME] '}'). */
typedef struct ast_name_list {
    const char *name;
    ast_pos pos;
    struct ast_name_list *next;
} ast_name_list;

typedef struct ast_decl {
    ast_decl_kind kind;
    ast_pos pos;
    const char *name;
    int file; /* index of the file it came from (compiler's file table) */
    ast_param *params;
    int nparams;
    ast_stmt *body;
    ast_expr *value; /* const, shared: the (first) value */
    /* shared NAME[N]: N (an array of N zeros); function NAME(...)[N]: the size
     * of the array it returns; else NULL */
    ast_expr *size;
    ast_arg *values; /* shared NAME = [a, b, ...]: the first values, else NULL */
    int nvalues;
    const char *title;       /* boss: display name */
    const char *look;        /* boss: sprite */
    const char *about;       /* ship: one line about it */
    ast_pos look_pos;        /* boss, ship: where its look is named */
    const char *option_look; /* ship: its options' look, NULL the default */
    ast_pos option_look_pos;
    /* boss: the backdrop of its spell cards, and where it is named */
    const char *spell_background;
    ast_pos spell_background_pos;
    ast_phase *phases; /* boss */
    int nphases;
    ast_ship_item *items;  /* ship */
    ast_name_list *stages; /* game */
    int nstages;
    const char *extra; /* game: its Extra stage (`extra NAME`), else NULL */
    ast_pos extra_pos;
    ast_look_rule *looks; /* bulletml */
    const char *sheet;    /* art: the PNG's path as written */
    ast_pos sheet_pos;
    ast_art_shape *shapes;      /* art */
    ast_backdrop_layer *layers; /* backdrop: its own, then the spell block's */
    /* boss, ship: the character it is (`character NAME`), and where it is named */
    const char *character;
    ast_pos character_pos;
    double colour[3]; /* character: 'colour R G B', 0..255 each, as written */
    ast_pos colour_pos;
    int has_colour;
    ast_portrait *portraits; /* character */
    ast_item_give *gives;    /* item: what it gives, in order */
    ast_stmt *collect;       /* item: its `on collect` block, else NULL */
    ast_pos collect_pos;
    /* scene (a stage-kind declaration: 'scene NAME before|after TARGET { ... }'
     * or 'scene NAME ending good|bad { ... }'): 1 before, 2 after its target, a
     * stage or a boss; 3 the good ending, 4 the bad one (0: not a scene) */
    int scene_when;
    const char *scene_target;
    ast_pos scene_target_pos;
    struct ast_decl *next;
} ast_decl;

#endif
