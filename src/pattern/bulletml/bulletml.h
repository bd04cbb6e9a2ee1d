/*
 * bulletml: BulletML documents, loaded with expat into a checked tree.
 *
 * BulletML is the XML format of the classic shoot-'em-up pattern corpus, and
 * Debian's libbulletml 0.0.6-7 is the implementation curtain agrees with
 * (docs/bulletml.md). Loading does everything libbulletml's parser does (the
 * first element must be <bulletml>; DOCTYPE, comments and CRLF are fine; text is
 * trimmed; a document is horizontal when any root attribute is "horizontal";
 * duplicate labels: the last one wins; three label namespaces; every <action>
 * whose label starts with "top" is an entry point) and, where libbulletml would
 * crash, hang or quietly misbehave at run time, it reports
 * `file:line:col: message` instead and refuses the document: malformed XML,
 * unknown elements, non-commands where libbulletml's cursor walks (an <action>,
 * after a <fire>'s or a <repeat>'s body), misplaced labels, invalid types,
 * undefined references, missing or empty numbers, expressions libbulletml cannot
 * parse, non-finite or out-of-range constants. Elements libbulletml never looks at
 * load with a warning; recursive references load (they never return).
 *
 * The tree is an array of nodes in document order, linked by index; numbers are
 * postfix programs (bulletml_expr.h). A loaded document is read-only; the
 * compiler turns it into pattern VM code.
 */
#ifndef CURTAIN_PATTERN_BULLETML_H
#define CURTAIN_PATTERN_BULLETML_H

#include "pattern/bulletml/bulletml_expr.h"

#include <stddef.h>
#include <stdint.h>

/* Element flags. */
#define BULLETML_F_COMMAND 0x01u /* runs as a command inside an <action> */
#define BULLETML_F_NUMBER  0x02u /* its text is an expression */
#define BULLETML_F_LABEL   0x04u /* may carry label= */
#define BULLETML_F_REF     0x08u /* needs label= naming a definition */
#define BULLETML_F_TYPED   0x10u /* its type= changes what it means */

/*                 id                xml name         flags */
#define BULLETML_ELEMENTS(X)                                                           \
    X(BULLETML, "bulletml", 0)                                                         \
    X(ACTION, "action", BULLETML_F_COMMAND | BULLETML_F_LABEL)                         \
    X(FIRE, "fire", BULLETML_F_COMMAND | BULLETML_F_LABEL)                             \
    X(BULLET, "bullet", BULLETML_F_LABEL)                                              \
    X(CHANGE_DIRECTION, "changeDirection", BULLETML_F_COMMAND)                         \
    X(CHANGE_SPEED, "changeSpeed", BULLETML_F_COMMAND)                                 \
    X(ACCEL, "accel", BULLETML_F_COMMAND)                                              \
    X(WAIT, "wait", BULLETML_F_COMMAND | BULLETML_F_NUMBER)                            \
    X(VANISH, "vanish", BULLETML_F_COMMAND)                                            \
    X(REPEAT, "repeat", BULLETML_F_COMMAND)                                            \
    X(BULLET_REF, "bulletRef", BULLETML_F_LABEL | BULLETML_F_REF)                      \
    X(ACTION_REF, "actionRef", BULLETML_F_COMMAND | BULLETML_F_LABEL | BULLETML_F_REF) \
    X(FIRE_REF, "fireRef", BULLETML_F_COMMAND | BULLETML_F_LABEL | BULLETML_F_REF)     \
    X(DIRECTION, "direction", BULLETML_F_NUMBER | BULLETML_F_TYPED)                    \
    X(SPEED, "speed", BULLETML_F_NUMBER | BULLETML_F_TYPED)                            \
    X(HORIZONTAL, "horizontal", BULLETML_F_NUMBER | BULLETML_F_TYPED)                  \
    X(VERTICAL, "vertical", BULLETML_F_NUMBER | BULLETML_F_TYPED)                      \
    X(TERM, "term", BULLETML_F_NUMBER)                                                 \
    X(TIMES, "times", BULLETML_F_NUMBER)                                               \
    X(PARAM, "param", BULLETML_F_NUMBER)

typedef enum bulletml_elem {
#define BULLETML_ELEM_ENUM(id, name, flags) BULLETML_##id,
    BULLETML_ELEMENTS(BULLETML_ELEM_ENUM)
#undef BULLETML_ELEM_ENUM
    BULLETML_ELEM_COUNT
} bulletml_elem;

/* The type= values. NONE is "not given"; what it means depends on the element. */
/*              id          xml value */
#define BULLETML_TYPES(X)   \
    X(NONE, "")             \
    X(AIM, "aim")           \
    X(ABSOLUTE, "absolute") \
    X(RELATIVE, "relative") \
    X(SEQUENCE, "sequence")

typedef enum bulletml_type {
#define BULLETML_TYPE_ENUM(id, value) BULLETML_TYPE_##id,
    BULLETML_TYPES(BULLETML_TYPE_ENUM)
#undef BULLETML_TYPE_ENUM
    BULLETML_TYPE_COUNT
} bulletml_type;

/* The three label namespaces: a ref looks only in its own. */
typedef enum bulletml_space {
    BULLETML_SPACE_BULLET,
    BULLETML_SPACE_ACTION,
    BULLETML_SPACE_FIRE,
    BULLETML_SPACE_COUNT
} bulletml_space;

#define BULLETML_NONE (-1)

/* One element. Indexes are into bulletml_doc.nodes; BULLETML_NONE when absent. */
typedef struct bulletml_node {
    uint8_t elem; /* bulletml_elem */
    uint8_t type; /* bulletml_type */
    uint16_t depth;
    int32_t parent, first_child, next_sibling;
    int32_t label;  /* offset of the label in bulletml_doc.strings, or BULLETML_NONE */
    int32_t target; /* refs: the definition the label names, once loaded */
    uint32_t expr_first, expr_count; /* numbers: the program in bulletml_doc.ops */
    uint32_t line, col;              /* 1-based position of the start tag */
} bulletml_node;

typedef struct bulletml_doc {
    char *path; /* as given, for messages */
    int horizontal;
    bulletml_node *nodes;
    int32_t node_count;
    bulletml_xop *ops;
    uint32_t op_count;
    char *strings; /* labels, NUL-terminated */
    uint32_t strings_size;
    int32_t *tops; /* the top* actions, in document order */
    /* Per node, for definitions: 1 when running it reaches a recursion, so that a
     * ref to it never returns (bulletml.c; the compiler emits GOTO). */
    uint8_t *endless;
    int32_t top_count;
    /* Static bounds for the compiler: deepest chain of refs from an entry point or
     * a bullet, and deepest nesting of repeats, each counted along any path. */
    int32_t max_ref_depth;
    int32_t max_repeat_depth;
} bulletml_doc;

/* Diagnostics of one load: the first BULLETML_DIAG_KEEP are kept as full text
 * ("file:line:col: message", or "file:line:col: warning: message", then the
 * source line and a caret, as the pattern compiler writes them), the rest only
 * counted. Line 0 means no position (a file that cannot be read, no memory). */
#define BULLETML_DIAG_KEEP 32
#define BULLETML_DIAG_TEXT 512

typedef enum bulletml_severity {
    BULLETML_ERROR,
    BULLETML_WARNING,
} bulletml_severity;

typedef struct bulletml_diag {
    bulletml_severity severity;
    uint32_t line, col;
    char message[256]; /* the message alone */
    char text[BULLETML_DIAG_TEXT];
} bulletml_diag;

typedef struct bulletml_diags {
    bulletml_diag items[BULLETML_DIAG_KEEP];
    int kept;
    int errors, warnings; /* all of them, kept or not */
} bulletml_diags;

/* Loads a file. Returns the document, or NULL when it has errors (each in diags).
 * Warnings do not stop a load. diags may be NULL. */
bulletml_doc *bulletml_load_file(const char *path, bulletml_diags *diags);
/* Loads from memory; name is used in messages. */
bulletml_doc *bulletml_load_buffer(const char *name, const char *data, size_t size,
                                   bulletml_diags *diags);
void bulletml_unload(bulletml_doc *doc);

/* The XML name of an element, and of a type ("" for NONE). */
const char *bulletml_elem_name(bulletml_elem elem);
const char *bulletml_type_name(bulletml_type type);

/* The label of a node, or NULL. */
const char *bulletml_node_label(const bulletml_doc *doc, int32_t node);
/* The first child of a node with this element, or BULLETML_NONE. */
int32_t bulletml_node_child(const bulletml_doc *doc, int32_t node, bulletml_elem elem);
/* The child libbulletml's cursor descends into (BULLETML.md 4.3): a <fire>'s first
 * <bullet>, else its first <bulletRef>; a <repeat>'s first <action>, else its first
 * <actionRef>. The children after it run as commands, every time (a repeat: every
 * round); those before it never run. BULLETML_NONE for other elements, or none. */
int32_t bulletml_node_body(const bulletml_doc *doc, int32_t node);

#endif
