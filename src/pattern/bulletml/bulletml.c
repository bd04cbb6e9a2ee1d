/*
 * bulletml: loading BulletML with expat into a checked tree (bulletml.h).
 *
 * Three passes. The expat callbacks build the node array, check each element
 * against its parent's content model and compile every number as its element
 * closes. Then the labels are sorted into their namespaces and every ref is bound
 * to its definition. Last, the definitions are walked through their refs to find
 * those that reach a recursion (a ref to one never returns) and to measure the
 * stack depths the compiler must provision.
 * Each check is one libbulletml failure mode; docs/bulletml.md lists them.
 */
#include "pattern/bulletml/bulletml.h"

#include "core/file.h"
#include "core/mem.h"
#include "pattern/language/diag.h"

#include <expat.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BULLETML_MAX_DEPTH    64        /* elements nested in each other */
#define BULLETML_MAX_NODES    (1 << 20) /* elements in a document */
#define BULLETML_MAX_FILE     (64u << 20)
#define BULLETML_MAX_PARAMS   9            /* <param>s of one ref: $1 to $9 */
#define BULLETML_MAX_REF_PATH 16           /* refs one inside another: the VM call depth */
#define BULLETML_INT_LIMIT    2147483647.0 /* times, wait, term become a C int */
#define BULLETML_DIR_LIMIT    1e9          /* |direction|: libbulletml normalises in steps of 360 */

static const char *const bulletml_elem_names[] = {
#define BULLETML_ELEM_NAME(id, name, flags) name,
    BULLETML_ELEMENTS(BULLETML_ELEM_NAME)
#undef BULLETML_ELEM_NAME
};

static const unsigned bulletml_elem_flags[] = {
#define BULLETML_ELEM_FLAGS(id, name, flags) flags,
    BULLETML_ELEMENTS(BULLETML_ELEM_FLAGS)
#undef BULLETML_ELEM_FLAGS
};

static const char *const bulletml_type_names[] = {
#define BULLETML_TYPE_NAME(id, value) value,
    BULLETML_TYPES(BULLETML_TYPE_NAME)
#undef BULLETML_TYPE_NAME
};

/* ---- Content models ----------------------------------------------------------
 * For each parent: which children libbulletml uses, which it reads once, which it
 * needs, and its body (the one child the runner descends into). libbulletml checks
 * no content model: it looks children up by name and ignores the others, except
 * where its cursor walks. That is every child of an <action> and what follows a
 * <fire>'s or a <repeat>'s body, all dispatched as commands: a command runs there,
 * anything else crashes it (BULLETML.md 4.3). So curtain refuses what is not a
 * command there, and loads every other misplaced element with a warning (it never
 * runs). */

#define EM(e) (1u << BULLETML_##e)
#define BULLETML_COMMANDS                                                                     \
    (EM(ACTION) | EM(FIRE) | EM(CHANGE_DIRECTION) | EM(CHANGE_SPEED) | EM(ACCEL) | EM(WAIT) | \
     EM(VANISH) | EM(REPEAT) | EM(ACTION_REF) | EM(FIRE_REF))
/* What the cursor can run: the commands, and a bullet (or bulletRef) run as one,
 * which fires with the direction and speed of the thread's last shot. */
#define BULLETML_DISPATCHED (BULLETML_COMMANDS | EM(BULLET) | EM(BULLET_REF))

typedef struct bulletml_content {
    uint32_t used, once, required, body;
} bulletml_content;

static const bulletml_content bulletml_contents[BULLETML_ELEM_COUNT] = {
    [BULLETML_BULLETML] = {EM(BULLET) | EM(FIRE) | EM(ACTION), 0, 0, 0},
    [BULLETML_ACTION] = {BULLETML_DISPATCHED, 0, 0, 0},
    [BULLETML_FIRE] = {EM(DIRECTION) | EM(SPEED) | EM(BULLET) | EM(BULLET_REF),
                       EM(DIRECTION) | EM(SPEED), 0, EM(BULLET) | EM(BULLET_REF)},
    [BULLETML_BULLET] = {EM(DIRECTION) | EM(SPEED) | EM(ACTION) | EM(ACTION_REF),
                         EM(DIRECTION) | EM(SPEED), 0, 0},
    [BULLETML_CHANGE_DIRECTION] = {EM(DIRECTION) | EM(TERM), EM(DIRECTION) | EM(TERM),
                                   EM(DIRECTION) | EM(TERM), 0},
    [BULLETML_CHANGE_SPEED] = {EM(SPEED) | EM(TERM), EM(SPEED) | EM(TERM), EM(SPEED) | EM(TERM), 0},
    [BULLETML_ACCEL] = {EM(HORIZONTAL) | EM(VERTICAL) | EM(TERM),
                        EM(HORIZONTAL) | EM(VERTICAL) | EM(TERM), EM(TERM), 0},
    [BULLETML_REPEAT] = {EM(TIMES) | EM(ACTION) | EM(ACTION_REF), EM(TIMES), EM(TIMES),
                         EM(ACTION) | EM(ACTION_REF)},
    [BULLETML_BULLET_REF] = {EM(PARAM), 0, 0, 0},
    [BULLETML_ACTION_REF] = {EM(PARAM), 0, 0, 0},
    [BULLETML_FIRE_REF] = {EM(PARAM), 0, 0, 0},
};

/* ---- Loader state -------------------------------------------------------------- */

typedef struct bulletml_loader {
    bulletml_doc *doc;
    bulletml_diags *diags;
    const char *name;
    const char *data;
    size_t size;
    XML_Parser xml;
    int32_t node_cap;
    uint32_t op_cap, strings_cap;
    int32_t stack[BULLETML_MAX_DEPTH];
    int32_t last_child[BULLETML_MAX_DEPTH];
    int depth;
    int skip;    /* > 0 while inside an element that was refused */
    int stopped; /* expat was stopped on purpose */
    int oom;
    int text_bad; /* the open element already had an error about its text */
    int comment_after_text;
    /* The text of the open number, with the source position of each byte. */
    char text[BULLETML_EXPR_MAX_TEXT + 1];
    uint32_t text_line[BULLETML_EXPR_MAX_TEXT + 1], text_col[BULLETML_EXPR_MAX_TEXT + 1];
    size_t text_len;
    int text_overflow;
    bulletml_xop scratch[BULLETML_EXPR_MAX_TEXT];
} bulletml_loader;

/* ---- Diagnostics ---------------------------------------------------------------- */

/* Copies line `line` (1-based) of the source into out, without its line break. */
static void bulletml_source_line(const bulletml_loader *ld, uint32_t line, char *out,
                                 size_t out_size)
{
    size_t i = 0;
    for (uint32_t l = 1; l < line && i < ld->size; i++)
        if (ld->data[i] == '\n')
            l++;
    size_t n = 0;
    while (i < ld->size && ld->data[i] != '\n' && ld->data[i] != '\r' && n + 1 < out_size)
        out[n++] = ld->data[i++];
    out[n] = '\0';
}

/* Records "name:line:col: severity: message", the source line and a caret. */
static void bulletml_report(bulletml_loader *ld, bulletml_severity severity, uint32_t line,
                            uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void bulletml_report(bulletml_loader *ld, bulletml_severity severity, uint32_t line,
                            uint32_t col, const char *fmt, ...)
{
    bulletml_diags *d = ld->diags;
    if (severity == BULLETML_ERROR)
        d->errors++;
    else
        d->warnings++;
    if (d->kept >= BULLETML_DIAG_KEEP)
        return;
    bulletml_diag *item = &d->items[d->kept++];
    item->severity = severity;
    item->line = line;
    item->col = col;
    char message[256], source[120], quote[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    memcpy(item->message, message, sizeof item->message);
    bulletml_source_line(ld, line, source, sizeof source);
    diag_quote_line(quote, sizeof quote, source, strlen(source), col);
    size_t q = strlen(quote);
    if (q > 0 && quote[q - 1] == '\n') /* the item ends at its caret */
        quote[q - 1] = '\0';
    char full[1024];
    int n = snprintf(full, sizeof full, "%s:%u:%u: %s%s\n%s", ld->name, line, col,
                     severity == BULLETML_ERROR ? "" : "warning: ", message, quote);
    size_t len = n < 0 ? 0 : (size_t)n;
    if (len >= sizeof item->text)
        len = sizeof item->text - 1; /* a very long file name: keep what fits */
    memcpy(item->text, full, len);
    item->text[len] = '\0';
}

#define bulletml_error(ld, line, col, ...) \
    bulletml_report(ld, BULLETML_ERROR, line, col, __VA_ARGS__)
#define bulletml_warning(ld, line, col, ...) \
    bulletml_report(ld, BULLETML_WARNING, line, col, __VA_ARGS__)

/* Stops expat: the document cannot be read further. */
static void bulletml_stop(bulletml_loader *ld)
{
    if (!ld->stopped)
        XML_StopParser(ld->xml, XML_FALSE);
    ld->stopped = 1;
}

static void bulletml_out_of_memory(bulletml_loader *ld)
{
    ld->oom = 1;
    bulletml_stop(ld);
}

/* The position expat is at, 1-based. */
static void bulletml_where(const bulletml_loader *ld, uint32_t *line, uint32_t *col)
{
    *line = (uint32_t)XML_GetCurrentLineNumber(ld->xml);
    *col = (uint32_t)XML_GetCurrentColumnNumber(ld->xml) + 1;
}

/* ---- Growing arrays (load time only) ---------------------------------------------- */

static int bulletml_grow(void **array, size_t elem_size, size_t need, size_t *cap)
{
    if (need <= *cap)
        return 0;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *p = mem_realloc(*array, n * elem_size);
    if (!p)
        return -1;
    *array = p;
    *cap = n;
    return 0;
}

static int32_t bulletml_add_string(bulletml_loader *ld, const char *s)
{
    size_t n = strlen(s) + 1, cap = ld->strings_cap;
    bulletml_doc *doc = ld->doc;
    if (doc->strings_size + n > UINT32_MAX / 2 ||
        bulletml_grow((void **)&doc->strings, 1, doc->strings_size + n, &cap) != 0) {
        bulletml_out_of_memory(ld);
        return BULLETML_NONE;
    }
    ld->strings_cap = (uint32_t)cap;
    int32_t at = (int32_t)doc->strings_size;
    memcpy(doc->strings + at, s, n);
    doc->strings_size += (uint32_t)n;
    return at;
}

/* ---- Elements ----------------------------------------------------------------------- */

static int bulletml_find_elem(const char *name)
{
    for (int e = 0; e < BULLETML_ELEM_COUNT; e++)
        if (strcmp(name, bulletml_elem_names[e]) == 0)
            return e;
    return -1;
}

/* Appends a node under the open element. */
static int32_t bulletml_new_node(bulletml_loader *ld, bulletml_elem elem, uint32_t line,
                                 uint32_t col)
{
    bulletml_doc *doc = ld->doc;
    size_t cap = (size_t)ld->node_cap;
    if (doc->node_count >= BULLETML_MAX_NODES) {
        bulletml_error(ld, line, col, "more than %d elements", BULLETML_MAX_NODES);
        bulletml_stop(ld);
        return BULLETML_NONE;
    }
    if (bulletml_grow((void **)&doc->nodes, sizeof *doc->nodes, (size_t)doc->node_count + 1,
                      &cap) != 0) {
        bulletml_out_of_memory(ld);
        return BULLETML_NONE;
    }
    ld->node_cap = (int32_t)cap;
    int32_t id = doc->node_count++;
    bulletml_node *n = &doc->nodes[id];
    memset(n, 0, sizeof *n);
    n->elem = (uint8_t)elem;
    n->depth = (uint16_t)ld->depth;
    n->parent = ld->depth > 0 ? ld->stack[ld->depth - 1] : BULLETML_NONE;
    n->first_child = n->next_sibling = BULLETML_NONE;
    n->label = n->target = BULLETML_NONE;
    n->line = line;
    n->col = col;
    if (n->parent != BULLETML_NONE) {
        int32_t last = ld->last_child[ld->depth - 1];
        if (last == BULLETML_NONE)
            doc->nodes[n->parent].first_child = id;
        else
            doc->nodes[last].next_sibling = id;
        ld->last_child[ld->depth - 1] = id;
    }
    return id;
}

/* The root's attributes: horizontal when any value is "horizontal" (as in
 * libbulletml); its type, if given, must be one the DTD knows. */
static void bulletml_root_attributes(bulletml_loader *ld, const char **attr, uint32_t line,
                                     uint32_t col)
{
    for (int i = 0; attr[i]; i += 2) {
        if (strcmp(attr[i + 1], "horizontal") == 0)
            ld->doc->horizontal = 1;
        if (strcmp(attr[i], "type") == 0 && strcmp(attr[i + 1], "vertical") != 0 &&
            strcmp(attr[i + 1], "horizontal") != 0 && strcmp(attr[i + 1], "none") != 0)
            bulletml_error(ld, line, col,
                           "invalid type '%s' on <bulletml> (vertical, horizontal or none)",
                           attr[i + 1]);
    }
}

static int bulletml_find_type(const char *value)
{
    for (int t = 1; t < BULLETML_TYPE_COUNT; t++)
        if (strcmp(value, bulletml_type_names[t]) == 0)
            return t;
    return -1;
}

/* type= and label= of an element below the root; other attributes are ignored,
 * as libbulletml ignores them, with a warning. */
static void bulletml_attributes(bulletml_loader *ld, int32_t id, const char **attr)
{
    bulletml_node *n = &ld->doc->nodes[id];
    unsigned flags = bulletml_elem_flags[n->elem];
    const char *ename = bulletml_elem_names[n->elem];
    for (int i = 0; attr[i]; i += 2) {
        const char *key = attr[i], *value = attr[i + 1];
        if (strcmp(key, "type") == 0) {
            int t = bulletml_find_type(value);
            if (t < 0)
                bulletml_error(ld, n->line, n->col,
                               "invalid type '%s' on <%s> (aim, absolute, relative or sequence)",
                               value, ename);
            else if (!(flags & BULLETML_F_TYPED))
                bulletml_warning(ld, n->line, n->col, "type has no effect on <%s>", ename);
            else if (t == BULLETML_TYPE_AIM && n->elem != BULLETML_DIRECTION)
                bulletml_warning(ld, n->line, n->col,
                                 "type 'aim' on <%s> means absolute in libbulletml", ename);
            if (t > 0)
                n->type = (uint8_t)t;
        } else if (strcmp(key, "label") == 0) {
            if (!(flags & BULLETML_F_LABEL)) {
                bulletml_error(ld, n->line, n->col,
                               "<%s> cannot have a label (only action, bullet, fire and the "
                               "three refs can)",
                               ename);
                continue;
            }
            /* The pointer may move when the strings grow: index, then write. */
            int32_t at = bulletml_add_string(ld, value);
            ld->doc->nodes[id].label = at;
        } else {
            bulletml_warning(ld, n->line, n->col, "attribute '%s' on <%s> is ignored", key, ename);
        }
    }
    n = &ld->doc->nodes[id];
    if ((flags & BULLETML_F_REF) && n->label == BULLETML_NONE && !ld->oom)
        bulletml_error(ld, n->line, n->col, "<%s> needs a label naming what it refers to", ename);
}

/* Is elem allowed under the open element? Reports why not. */
static int bulletml_allowed_here(bulletml_loader *ld, int elem, const char *name, uint32_t line,
                                 uint32_t col)
{
    if (ld->depth == 0) {
        if (elem == BULLETML_BULLETML)
            return 1;
        bulletml_error(ld, line, col, "the first element must be <bulletml>, not <%s>", name);
        bulletml_stop(ld);
        return 0;
    }
    const bulletml_node *parent = &ld->doc->nodes[ld->stack[ld->depth - 1]];
    const char *pname = bulletml_elem_names[parent->elem];
    if (elem < 0) {
        bulletml_error(ld, line, col, "unknown element <%s> in <%s>", name, pname);
        return 0;
    }
    if (bulletml_elem_flags[parent->elem] & BULLETML_F_NUMBER) {
        bulletml_error(ld, line, col,
                       "<%s> holds a number, not elements such as <%s> (libbulletml crashes on "
                       "it)",
                       pname, name);
        return 0;
    }
    if (elem == BULLETML_BULLETML) {
        bulletml_error(ld, line, col, "<bulletml> is not allowed in <%s>", pname);
        return 0;
    }
    if (parent->elem == BULLETML_ACTION && !(BULLETML_DISPATCHED & (1u << elem))) {
        bulletml_error(ld, line, col,
                       "<%s> is not allowed in <action>: libbulletml runs every child of an "
                       "<action> as a command, and <%s> is not one: it crashes (SIGSEGV)",
                       name, name);
        return 0;
    }
    return 1; /* used, or never run (bulletml_close_content warns) */
}

static void XMLCALL bulletml_on_start(void *user, const XML_Char *name, const XML_Char **attr)
{
    bulletml_loader *ld = user;
    uint32_t line, col;
    bulletml_where(ld, &line, &col);
    if (ld->skip > 0 || ld->stopped) {
        ld->skip++;
        return;
    }
    if (ld->depth >= BULLETML_MAX_DEPTH) {
        bulletml_error(ld, line, col, "elements nested more than %d deep", BULLETML_MAX_DEPTH);
        bulletml_stop(ld);
        return;
    }
    int elem = bulletml_find_elem(name);
    if (!bulletml_allowed_here(ld, elem, name, line, col)) {
        ld->skip = 1;
        return;
    }
    int32_t id = bulletml_new_node(ld, (bulletml_elem)elem, line, col);
    if (id == BULLETML_NONE)
        return;
    if (elem == BULLETML_BULLETML)
        bulletml_root_attributes(ld, attr, line, col);
    else
        bulletml_attributes(ld, id, attr);
    ld->stack[ld->depth] = id;
    ld->last_child[ld->depth] = BULLETML_NONE;
    ld->depth++;
    ld->text_len = 0;
    ld->text_overflow = 0;
    ld->text_bad = 0;
    ld->comment_after_text = 0;
}

/* ---- Text ------------------------------------------------------------------------------ */

static int bulletml_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int32_t bulletml_open(const bulletml_loader *ld)
{
    return ld->depth > 0 ? ld->stack[ld->depth - 1] : BULLETML_NONE;
}

/* Text of the open element: kept with positions for a number, refused elsewhere
 * (libbulletml stops reading an element's children at its first text). */
static void XMLCALL bulletml_on_text(void *user, const XML_Char *s, int len)
{
    bulletml_loader *ld = user;
    int32_t open = bulletml_open(ld);
    if (ld->skip > 0 || ld->stopped || open == BULLETML_NONE)
        return;
    uint32_t line, col;
    bulletml_where(ld, &line, &col);
    XML_Index at = XML_GetCurrentByteIndex(ld->xml);
    if (at >= 0 && (size_t)at < ld->size && ld->data[at] == '&') {
        bulletml_error(ld, line, col,
                       "entity and character references are not supported (libbulletml "
                       "reads them literally)");
        return;
    }
    const bulletml_node *n = &ld->doc->nodes[open];
    int number = (bulletml_elem_flags[n->elem] & BULLETML_F_NUMBER) != 0;
    for (int i = 0; i < len; i++, col++) {
        char c = s[i];
        if (!bulletml_is_space(c) && !ld->text_bad) {
            if (!number && n->elem != BULLETML_VANISH) {
                bulletml_error(ld, line, col,
                               "text is not allowed in <%s>: libbulletml would ignore the "
                               "rest of its content",
                               bulletml_elem_names[n->elem]);
                ld->text_bad = 1;
            } else if (number && ld->comment_after_text) {
                bulletml_error(ld, line, col, "a comment splits the number in <%s>",
                               bulletml_elem_names[n->elem]);
                ld->text_bad = 1;
            }
        }
        if (number) {
            if (ld->text_len < BULLETML_EXPR_MAX_TEXT) {
                ld->text[ld->text_len] = c;
                ld->text_line[ld->text_len] = line;
                ld->text_col[ld->text_len] = col;
                ld->text_len++;
            } else {
                ld->text_overflow = 1;
            }
        }
        if (c == '\n') {
            line++;
            col = 0;
        }
    }
}

static void XMLCALL bulletml_on_comment(void *user, const XML_Char *data)
{
    bulletml_loader *ld = user;
    (void)data;
    for (size_t i = 0; i < ld->text_len; i++)
        if (!bulletml_is_space(ld->text[i]))
            ld->comment_after_text = 1;
}

/* ---- Closing an element: numbers and content models ------------------------------------ */

/* Range checks on a constant number, per element: each bound is where libbulletml
 * stops behaving (an int conversion that wraps, a normalising loop that never ends). */
static void bulletml_check_constant(bulletml_loader *ld, const bulletml_node *n, double v)
{
    const char *name = bulletml_elem_names[n->elem];
    switch (n->elem) {
    case BULLETML_TIMES:
    case BULLETML_WAIT:
    case BULLETML_TERM:
        if (fabs(v) > BULLETML_INT_LIMIT)
            bulletml_error(ld, n->line, n->col,
                           "<%s> %.17g is out of range: libbulletml converts it to a 32-bit "
                           "int",
                           name, v);
        else if (n->elem == BULLETML_TIMES && v < 1.0)
            bulletml_warning(ld, n->line, n->col,
                             "<times> %g is below 1: libbulletml runs the body once anyway", v);
        break;
    case BULLETML_DIRECTION:
        if (fabs(v) > BULLETML_DIR_LIMIT)
            bulletml_error(ld, n->line, n->col,
                           "<direction> %.17g is out of range (at most %g degrees either way)", v,
                           BULLETML_DIR_LIMIT);
        break;
    default: break;
    }
}

/* Compiles the text of a closing number element into the document's program. */
static void bulletml_close_number(bulletml_loader *ld, int32_t id)
{
    bulletml_node *n = &ld->doc->nodes[id];
    const char *name = bulletml_elem_names[n->elem];
    if (ld->text_bad)
        return;
    if (ld->text_overflow) {
        bulletml_error(ld, n->line, n->col, "<%s> is longer than %d characters", name,
                       BULLETML_EXPR_MAX_TEXT);
        return;
    }
    bulletml_expr_result r;
    bulletml_expr_parse(ld->text, ld->text_len, ld->scratch, BULLETML_EXPR_MAX_TEXT, &r);
    if (!r.ok) {
        size_t last = ld->text_len;
        while (last > 0 && bulletml_is_space(ld->text[last - 1]))
            last--;
        if (last == 0)
            bulletml_error(ld, n->line, n->col,
                           "<%s> is empty: libbulletml crashes when it evaluates it", name);
        else if (r.error_at < last)
            bulletml_error(ld, ld->text_line[r.error_at], ld->text_col[r.error_at], "%s",
                           r.message);
        else
            bulletml_error(ld, ld->text_line[last - 1], ld->text_col[last - 1] + 1, "in <%s>: %s",
                           name, r.message);
        return;
    }
    size_t cap = ld->op_cap;
    bulletml_doc *doc = ld->doc;
    if (bulletml_grow((void **)&doc->ops, sizeof *doc->ops, doc->op_count + r.count, &cap) != 0) {
        bulletml_out_of_memory(ld);
        return;
    }
    ld->op_cap = (uint32_t)cap;
    memcpy(doc->ops + doc->op_count, ld->scratch, r.count * sizeof *doc->ops);
    n->expr_first = doc->op_count;
    n->expr_count = r.count;
    doc->op_count += r.count;
    if (r.is_const)
        bulletml_check_constant(ld, n, r.value);
}

/* A child after the body of a <fire> or a <repeat>: libbulletml's cursor dispatches
 * it as a command (BULLETML.md 4.3). Commands run; anything else lands on an empty
 * slot of its dispatch table and crashes it. */
static void bulletml_check_after_body(bulletml_loader *ld, const bulletml_node *n,
                                      const bulletml_node *body, const bulletml_node *child)
{
    const char *name = bulletml_elem_names[n->elem], *bname = bulletml_elem_names[body->elem];
    const char *cname = bulletml_elem_names[child->elem];
    if (BULLETML_DISPATCHED & (1u << child->elem))
        return; /* runs as a command, every time (a repeat: every round) */
    bulletml_error(ld, child->line, child->col,
                   "<%s> after the <%s> of a <%s>: libbulletml runs what follows the <%s> as "
                   "commands, and <%s> is not one: it crashes (SIGSEGV); move it before the "
                   "<%s>",
                   cname, bname, name, bname, cname, bname);
}

/* A child libbulletml never looks at: one it does not use in that parent, or one
 * before the body of a <fire> or a <repeat> other than what it reads there. */
static void bulletml_check_unused(bulletml_loader *ld, const bulletml_node *n, int32_t body,
                                  const bulletml_node *child)
{
    const char *name = bulletml_elem_names[n->elem], *cname = bulletml_elem_names[child->elem];
    uint32_t runs_after = bulletml_contents[n->elem].body | BULLETML_DISPATCHED;
    if (body != BULLETML_NONE && (runs_after & (1u << child->elem))) {
        const char *bname = bulletml_elem_names[ld->doc->nodes[body].elem];
        bulletml_warning(ld, child->line, child->col,
                         "<%s> before the <%s> of a <%s> never runs: libbulletml starts at the "
                         "<%s>",
                         cname, bname, name, bname);
    } else {
        bulletml_warning(ld, child->line, child->col,
                         "<%s> in a <%s> never runs: libbulletml ignores it there", cname, name);
    }
}

/* Whether the element closing now (the top of the stack) lies where libbulletml
 * never looks: it, or one of its ancestors, is a child its parent does not use
 * (a <fire> directly in a <bullet>). Its own content is then not required
 * (libbulletml loads such a <fire> without a bullet and never runs it); its
 * numbers are still checked, as libbulletml parses them when it loads. */
static int bulletml_closing_ignored(const bulletml_loader *ld)
{
    for (uint32_t k = ld->depth; k >= 2; k--) {
        const bulletml_node *child = &ld->doc->nodes[ld->stack[k - 1]];
        const bulletml_node *parent = &ld->doc->nodes[ld->stack[k - 2]];
        if (!(bulletml_contents[parent->elem].used & (1u << child->elem)))
            return 1;
    }
    return 0;
}

/* Checks the children of a closing element against its content model. */
static void bulletml_close_content(bulletml_loader *ld, int32_t id)
{
    const bulletml_doc *doc = ld->doc;
    const bulletml_node *n = &doc->nodes[id];
    const bulletml_content *cm = &bulletml_contents[n->elem];
    const char *name = bulletml_elem_names[n->elem];
    uint32_t seen = 0;
    int32_t body = bulletml_node_body(doc, id);
    int after = 0, params = 0;
    for (int32_t c = n->first_child; c != BULLETML_NONE; c = doc->nodes[c].next_sibling) {
        const bulletml_node *child = &doc->nodes[c];
        uint32_t bit = 1u << child->elem;
        const char *cname = bulletml_elem_names[child->elem];
        if (after) {
            bulletml_check_after_body(ld, n, &doc->nodes[body], child);
            seen |= bit;
            continue;
        }
        if (c == body) {
            after = 1;
        } else if (!(cm->used & bit) ||
                   (body != BULLETML_NONE && (cm->body & bit))) { /* a second body kind */
            bulletml_check_unused(ld, n, body, child);
            continue;
        }
        if ((cm->once & bit) && (seen & bit))
            bulletml_warning(ld, child->line, child->col,
                             "a second <%s> in <%s> never runs: libbulletml uses the first", cname,
                             name);
        if (child->elem == BULLETML_PARAM && ++params == BULLETML_MAX_PARAMS + 1)
            bulletml_error(ld, child->line, child->col,
                           "more than %d <param>: only $1 to $9 can be read", BULLETML_MAX_PARAMS);
        seen |= bit;
    }
    if (bulletml_closing_ignored(ld))
        return; /* never run: what it lacks is no error (its parent's warning says so) */
    uint32_t missing = cm->required & ~seen;
    for (int e = 0; missing && e < BULLETML_ELEM_COUNT; e++)
        if (missing & (1u << e))
            bulletml_error(ld, n->line, n->col, "<%s> needs a <%s>", name, bulletml_elem_names[e]);
    if (cm->body && body == BULLETML_NONE)
        bulletml_error(ld, n->line, n->col, "<%s> needs %s", name,
                       n->elem == BULLETML_FIRE ? "a <bullet> or a <bulletRef>"
                                                : "an <action> or an <actionRef> to repeat");
}

static void XMLCALL bulletml_on_end(void *user, const XML_Char *name)
{
    bulletml_loader *ld = user;
    (void)name;
    if (ld->skip > 0) {
        ld->skip--;
        return;
    }
    if (ld->stopped || ld->depth == 0)
        return;
    int32_t id = ld->stack[ld->depth - 1];
    if (bulletml_elem_flags[ld->doc->nodes[id].elem] & BULLETML_F_NUMBER)
        bulletml_close_number(ld, id);
    else
        bulletml_close_content(ld, id);
    ld->depth--;
    ld->text_len = 0;
    ld->text_bad = 0;
    ld->comment_after_text = 0;
}

/* ---- What expat may see but curtain refuses ------------------------------------------ */

static void XMLCALL bulletml_on_doctype(void *user, const XML_Char *doctype, const XML_Char *sysid,
                                        const XML_Char *pubid, int has_internal_subset)
{
    bulletml_loader *ld = user;
    (void)doctype, (void)sysid, (void)pubid;
    if (has_internal_subset) {
        uint32_t line, col;
        bulletml_where(ld, &line, &col);
        bulletml_error(ld, line, col, "a DOCTYPE with declarations inside [...] is not supported");
        bulletml_stop(ld);
    }
}

static void XMLCALL bulletml_on_cdata(void *user)
{
    bulletml_loader *ld = user;
    uint32_t line, col;
    bulletml_where(ld, &line, &col);
    bulletml_error(ld, line, col, "CDATA sections are not supported");
    ld->text_bad = 1;
}

static void XMLCALL bulletml_on_pi(void *user, const XML_Char *target, const XML_Char *data)
{
    bulletml_loader *ld = user;
    (void)data;
    uint32_t line, col;
    bulletml_where(ld, &line, &col);
    bulletml_error(ld, line, col, "processing instruction <?%s ...?> is not supported", target);
}

static void XMLCALL bulletml_on_skipped_entity(void *user, const XML_Char *entity, int is_param)
{
    bulletml_loader *ld = user;
    (void)is_param;
    uint32_t line, col;
    bulletml_where(ld, &line, &col);
    bulletml_error(ld, line, col, "unknown entity '&%s;': entities are not supported", entity);
}

/* An encoding expat does not know (Shift_JIS, EUC-JP...): libbulletml's TinyXML never
 * decodes, it compares bytes, so read it byte by byte. ASCII is itself and every
 * other byte a character of its own (U+0080 + byte - 0x80), which keeps labels equal
 * exactly when their bytes are; BulletML's meaning lies in ASCII alone. */
static int XMLCALL bulletml_on_unknown_encoding(void *user, const XML_Char *name,
                                                XML_Encoding *info)
{
    bulletml_loader *ld = user;
    for (int b = 0; b < 256; b++)
        info->map[b] = b;
    info->data = NULL;
    info->convert = NULL;
    info->release = NULL;
    uint32_t line = 1, col = 1; /* at encoding= in the declaration, on the first line */
    for (size_t i = 0; i + 8 <= ld->size && ld->data[i] != '\n'; i++)
        if (memcmp(ld->data + i, "encoding", 8) == 0) {
            col = (uint32_t)i + 1;
            break;
        }
    bulletml_warning(ld, line, col,
                     "encoding '%s' is read byte by byte, as libbulletml reads every file: "
                     "only ASCII means anything in BulletML",
                     name);
    return XML_STATUS_OK;
}

/* ---- Labels and references ------------------------------------------------------------- */

typedef struct bulletml_def {
    const char *label;
    int32_t space;
    int32_t node;
} bulletml_def;

static int bulletml_space_of(bulletml_elem elem)
{
    switch (elem) {
    case BULLETML_BULLET:
    case BULLETML_BULLET_REF: return BULLETML_SPACE_BULLET;
    case BULLETML_ACTION:
    case BULLETML_ACTION_REF: return BULLETML_SPACE_ACTION;
    case BULLETML_FIRE:
    case BULLETML_FIRE_REF: return BULLETML_SPACE_FIRE;
    default: return -1;
    }
}

static int bulletml_def_compare(const void *a, const void *b)
{
    const bulletml_def *x = a, *y = b;
    if (x->space != y->space)
        return x->space < y->space ? -1 : 1;
    int c = strcmp(x->label, y->label);
    if (c != 0)
        return c;
    return x->node < y->node ? -1 : x->node > y->node;
}

/* The last definition of label in a namespace (defs sorted), or BULLETML_NONE. */
static int32_t bulletml_lookup(const bulletml_def *defs, int32_t count, int space,
                               const char *label)
{
    int32_t lo = 0, hi = count; /* first index not below (space, label, +inf) */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        int c = defs[mid].space != space ? (defs[mid].space < space ? -1 : 1)
                                         : strcmp(defs[mid].label, label);
        if (c <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && defs[lo - 1].space == space && strcmp(defs[lo - 1].label, label) == 0)
        return defs[lo - 1].node;
    return BULLETML_NONE;
}

static int bulletml_is_top(const bulletml_doc *doc, const bulletml_node *n)
{
    return n->elem == BULLETML_ACTION && n->label != BULLETML_NONE &&
           strncmp(doc->strings + n->label, "top", 3) == 0;
}

static const char *const bulletml_space_elem[] = {"bullet", "action", "fire"};

/* Binds one ref to its definition, refusing the cases libbulletml mishandles. */
static void bulletml_bind_ref(bulletml_loader *ld, const bulletml_def *defs, int32_t count,
                              int32_t id)
{
    bulletml_doc *doc = ld->doc;
    bulletml_node *n = &doc->nodes[id];
    if (n->label == BULLETML_NONE)
        return; /* already reported */
    const char *label = doc->strings + n->label, *ename = bulletml_elem_names[n->elem];
    int space = bulletml_space_of((bulletml_elem)n->elem);
    int32_t t = bulletml_lookup(defs, count, space, label);
    if (t == BULLETML_NONE) {
        for (int s = 0; s < BULLETML_SPACE_COUNT; s++)
            if (s != space && bulletml_lookup(defs, count, s, label) != BULLETML_NONE) {
                bulletml_error(ld, n->line, n->col,
                               "%s '%s' names no <%s>; '%s' is a <%s> (libbulletml fails when "
                               "the ref runs)",
                               ename, label, bulletml_space_elem[space], label,
                               bulletml_space_elem[s]);
                return;
            }
        bulletml_error(ld, n->line, n->col,
                       "%s '%s' names no <%s> (libbulletml fails when the ref runs)", ename, label,
                       bulletml_space_elem[space]);
        return;
    }
    const bulletml_node *target = &doc->nodes[t];
    if (target->depth != 1) {
        bulletml_error(ld, n->line, n->col,
                       "%s '%s' names the <%s> at line %u, which is nested inside another "
                       "element: libbulletml does not return from such a ref correctly; define "
                       "it directly in <bulletml>",
                       ename, label, bulletml_space_elem[space], target->line);
        return;
    }
    n->target = t; /* an entry point is checked once recursions are known */
}

/* Whether libbulletml may run a ref where it sits: in an <action>, a <fire> or a
 * <repeat> (the body, or a command after it), or as a <bullet>'s actionRef. A ref
 * anywhere else is never looked at, so its label need not name anything. */
static int bulletml_ref_may_run(const bulletml_doc *doc, int32_t id)
{
    const bulletml_node *n = &doc->nodes[id];
    if (!(bulletml_elem_flags[n->elem] & BULLETML_F_REF) || n->parent == BULLETML_NONE)
        return 0;
    switch (doc->nodes[n->parent].elem) {
    case BULLETML_ACTION:
    case BULLETML_FIRE:
    case BULLETML_REPEAT: return 1;
    case BULLETML_BULLET: return n->elem == BULLETML_ACTION_REF;
    default: return 0;
    }
}

/* Sorts the definitions, warns about duplicates and binds every ref that may run. */
static int bulletml_link(bulletml_loader *ld)
{
    bulletml_doc *doc = ld->doc;
    bulletml_def *defs = mem_calloc((size_t)doc->node_count, sizeof *defs);
    if (!defs)
        return -1;
    int32_t count = 0;
    for (int32_t i = 0; i < doc->node_count; i++) {
        const bulletml_node *n = &doc->nodes[i];
        if (n->label == BULLETML_NONE || (bulletml_elem_flags[n->elem] & BULLETML_F_REF))
            continue;
        defs[count++] =
            (bulletml_def){doc->strings + n->label, bulletml_space_of((bulletml_elem)n->elem), i};
    }
    qsort(defs, (size_t)count, sizeof *defs, bulletml_def_compare);
    for (int32_t i = 0; i + 1 < count; i++)
        if (defs[i].space == defs[i + 1].space && strcmp(defs[i].label, defs[i + 1].label) == 0) {
            const bulletml_node *a = &doc->nodes[defs[i].node];
            const bulletml_node *b = &doc->nodes[defs[i + 1].node];
            bulletml_warning(ld, a->line, a->col,
                             "<%s label=\"%s\"> is defined again at line %u; the last "
                             "definition wins",
                             bulletml_space_elem[defs[i].space], defs[i].label, b->line);
        }
    for (int32_t i = 0; i < doc->node_count; i++)
        if (bulletml_ref_may_run(doc, i))
            bulletml_bind_ref(ld, defs, count, i);
    mem_free(defs);
    return 0;
}

/* Entry points: every top* action, in document order. One nested in an <action> or
 * a <repeat> would also run as part of its parent, where libbulletml (which
 * detaches it from its parent to make a thread of it) ends the parent early. */
static int bulletml_find_tops(bulletml_loader *ld)
{
    bulletml_doc *doc = ld->doc;
    int32_t count = 0;
    for (int32_t i = 0; i < doc->node_count; i++)
        count += bulletml_is_top(doc, &doc->nodes[i]);
    doc->tops = mem_calloc((size_t)(count ? count : 1), sizeof *doc->tops);
    if (!doc->tops)
        return -1;
    for (int32_t i = 0; i < doc->node_count; i++) {
        const bulletml_node *n = &doc->nodes[i];
        if (!bulletml_is_top(doc, n))
            continue;
        doc->tops[doc->top_count++] = i;
        int parent = doc->nodes[n->parent].elem;
        if (parent == BULLETML_ACTION || parent == BULLETML_REPEAT)
            bulletml_error(ld, n->line, n->col,
                           "the entry point '%s' is inside <%s>: libbulletml runs it as its own "
                           "script and ends the enclosing one early; move it out or rename it",
                           doc->strings + n->label, bulletml_elem_names[parent]);
    }
    if (count == 0)
        bulletml_warning(ld, 1, 1,
                         "no <action> label starts with 'top': this document runs nothing");
    return 0;
}

/* ---- Walking through references --------------------------------------------------------
 * The stack a script needs: refs followed one inside another, and repeats nested
 * across them. Bullets start their own scripts, so a walk stops at a <bullet>'s
 * actions (they are measured as roots of their own).
 *
 * BulletML has no conditions: every command of an action runs, a repeat at least
 * once. So a ref whose definition reaches a recursion (a -> b -> a) never returns:
 * libbulletml follows it for as long as the object lives, its stack growing one
 * entry per level (for ever, when waits separate the levels; in one frame, a hang,
 * when none does). Such a definition is "endless": the compiler calls it with GOTO,
 * which reuses the caller's frame, so curtain runs it as long as libbulletml does
 * in a bounded stack, and a recursion without a wait meets the VM's instruction
 * budget (a positioned run-time error in the frame it starts). */

#define BULLETML_MAX_REF_CHAIN 128 /* definitions on one path of refs: the walks' C stack */

typedef struct bulletml_walk {
    int8_t *state; /* per definition: 0 unseen, 1 on the current path, 2 measured */
    int32_t *refs, *repeats;
    int depth; /* returning refs on the current path */
    int chain; /* definitions on the current path */
    int failed;
} bulletml_walk;

static void bulletml_walk_def(bulletml_loader *ld, bulletml_walk *w, int32_t def, int32_t from);

/* The first child the runner walks to, the others being its next siblings: a
 * <fire>'s or a <repeat>'s body (what comes before it never runs), an <action>'s
 * first child; none in any other element (it reads what it uses by name). */
static int32_t bulletml_first_run(const bulletml_doc *doc, int32_t id)
{
    if (doc->nodes[id].elem == BULLETML_ACTION)
        return doc->nodes[id].first_child;
    return bulletml_node_body(doc, id);
}

/* Enters a definition on the current path, unless the path is already as long as
 * the walks allow (an absurd document: a size error). */
static int bulletml_chain_enter(bulletml_loader *ld, bulletml_walk *w, const bulletml_node *ref)
{
    if (w->chain >= BULLETML_MAX_REF_CHAIN) {
        bulletml_error(ld, ref->line, ref->col, "references chained more than %d deep",
                       BULLETML_MAX_REF_CHAIN);
        w->failed = 1;
        return -1;
    }
    w->chain++;
    return 0;
}

static int bulletml_endless_def(bulletml_loader *ld, bulletml_walk *w, int32_t def, int32_t from);

/* Whether running node (within one script) reaches a recursion. */
static int bulletml_endless_node(bulletml_loader *ld, bulletml_walk *w, int32_t id)
{
    const bulletml_doc *doc = ld->doc;
    const bulletml_node *n = &doc->nodes[id];
    if (w->failed || n->elem == BULLETML_BULLET)
        return 0;
    if (n->target != BULLETML_NONE)
        return bulletml_endless_def(ld, w, n->target, id);
    int endless = 0;
    for (int32_t c = bulletml_first_run(doc, id); c != BULLETML_NONE;
         c = doc->nodes[c].next_sibling)
        endless |= bulletml_endless_node(ld, w, c);
    return endless;
}

/* Whether a definition reaches a recursion: meeting one on the current path is one. */
static int bulletml_endless_def(bulletml_loader *ld, bulletml_walk *w, int32_t def, int32_t from)
{
    bulletml_doc *doc = ld->doc;
    if (w->state[def] == 1)
        return 1;
    if (w->state[def] == 2 || w->failed || bulletml_chain_enter(ld, w, &doc->nodes[from]) != 0)
        return doc->endless[def];
    w->state[def] = 1;
    int endless = 0;
    if (doc->nodes[def].elem != BULLETML_BULLET)
        for (int32_t c = bulletml_first_run(doc, def); c != BULLETML_NONE;
             c = doc->nodes[c].next_sibling)
            endless |= bulletml_endless_node(ld, w, c);
    w->chain--;
    w->state[def] = 2;
    doc->endless[def] = (uint8_t)endless;
    return endless;
}

/* Maximum refs and repeats below node (inclusive), within one script. */
static void bulletml_walk_node(bulletml_loader *ld, bulletml_walk *w, int32_t id, int32_t *refs,
                               int32_t *repeats)
{
    const bulletml_doc *doc = ld->doc;
    const bulletml_node *n = &doc->nodes[id];
    *refs = 0;
    *repeats = 0;
    if (w->failed || n->elem == BULLETML_BULLET)
        return; /* a bullet's actions are a script of their own */
    if (n->target != BULLETML_NONE) {
        bulletml_walk_def(ld, w, n->target, id);
        *refs = !doc->endless[n->target] + w->refs[n->target];
        *repeats = w->repeats[n->target];
        return;
    }
    for (int32_t c = bulletml_first_run(doc, id); c != BULLETML_NONE;
         c = doc->nodes[c].next_sibling) {
        int32_t r, p;
        bulletml_walk_node(ld, w, c, &r, &p);
        if (r > *refs)
            *refs = r;
        if (p > *repeats)
            *repeats = p;
    }
    if (n->elem == BULLETML_REPEAT)
        (*repeats)++;
}

/* Measures a top-level definition once, reached from the ref `from`. A definition
 * met again on its own path is a recursion (endless: it adds no call depth, and
 * what it measures so far stands). A referenced bullet runs only its direction and
 * speed in the calling script. */
static void bulletml_walk_def(bulletml_loader *ld, bulletml_walk *w, int32_t def, int32_t from)
{
    const bulletml_doc *doc = ld->doc;
    const bulletml_node *n = &doc->nodes[def], *ref = &doc->nodes[from];
    int returns = !doc->endless[def];
    if (w->failed || w->state[def] != 0)
        return;
    if (returns && w->depth >= BULLETML_MAX_REF_PATH) {
        bulletml_error(ld, ref->line, ref->col, "references nested more than %d deep",
                       BULLETML_MAX_REF_PATH);
        w->failed = 1;
        return;
    }
    if (bulletml_chain_enter(ld, w, ref) != 0)
        return;
    w->state[def] = 1;
    w->depth += returns;
    int32_t refs = 0, repeats = 0;
    for (int32_t c = n->elem != BULLETML_BULLET ? bulletml_first_run(doc, def) : BULLETML_NONE;
         c != BULLETML_NONE; c = doc->nodes[c].next_sibling) {
        int32_t r, p;
        bulletml_walk_node(ld, w, c, &r, &p);
        if (r > refs)
            refs = r;
        if (p > repeats)
            repeats = p;
    }
    w->depth -= returns;
    w->chain--;
    w->state[def] = 2;
    w->refs[def] = refs;
    w->repeats[def] = repeats;
}

/* Inside an endless definition the walk may have stopped at a recursion before
 * seeing all it reaches; but such code runs only in the frame its runner's script
 * started in (it is entered by GOTO, never by a call), so the deepest it gets is one
 * returning ref plus that ref's depth, for some returning ref of the document. */
static int32_t bulletml_endless_depth(const bulletml_doc *doc, const bulletml_walk *w)
{
    int32_t deepest = 0;
    for (int32_t i = 0; i < doc->node_count; i++) {
        int32_t t = doc->nodes[i].target;
        if (t != BULLETML_NONE && !doc->endless[t] && 1 + w->refs[t] > deepest)
            deepest = 1 + w->refs[t];
    }
    return deepest;
}

/* A ref to an entry point: libbulletml detached the entry point from the document
 * to make a thread of it, so a return from it ends the calling script early (Q20).
 * One that never returns (the entry point reaches a recursion: `top` ends with
 * actionRef `top`) runs as it should. Returns -1 when one was refused. */
static int bulletml_check_top_refs(bulletml_loader *ld)
{
    const bulletml_doc *doc = ld->doc;
    int refused = 0;
    for (int32_t i = 0; i < doc->node_count; i++) {
        const bulletml_node *n = &doc->nodes[i];
        if (n->target == BULLETML_NONE || !bulletml_is_top(doc, &doc->nodes[n->target]) ||
            doc->endless[n->target])
            continue;
        bulletml_error(ld, n->line, n->col,
                       "actionRef '%s' names an entry point (a label starting with 'top'): "
                       "libbulletml ends the calling script early when it returns from it",
                       doc->strings + n->label);
        refused = 1;
    }
    return refused ? -1 : 0;
}

/* Finds the endless definitions, then measures every script: each entry point and
 * each bullet's actions; then every other top-level definition. */
static int bulletml_measure(bulletml_loader *ld)
{
    bulletml_doc *doc = ld->doc;
    bulletml_walk w;
    memset(&w, 0, sizeof w);
    size_t n = (size_t)doc->node_count;
    w.state = mem_calloc(n, sizeof *w.state);
    w.refs = mem_calloc(n, sizeof *w.refs);
    w.repeats = mem_calloc(n, sizeof *w.repeats);
    doc->endless = mem_calloc(n, sizeof *doc->endless);
    if (!w.state || !w.refs || !w.repeats || !doc->endless) {
        mem_free(w.state), mem_free(w.refs), mem_free(w.repeats);
        return -1;
    }
    int any_endless = 0;
    for (int32_t i = 0; i < doc->node_count && !w.failed; i++)
        if (doc->nodes[i].depth == 1)
            any_endless |= bulletml_endless_def(ld, &w, i, i);
    if (!w.failed && bulletml_check_top_refs(ld) != 0) {
        mem_free(w.state), mem_free(w.refs), mem_free(w.repeats);
        return 0; /* reported */
    }
    memset(w.state, 0, n * sizeof *w.state);
    for (int32_t i = 0; i < doc->node_count && !w.failed; i++) {
        const bulletml_node *node = &doc->nodes[i];
        int root =
            bulletml_is_top(doc, node) ||
            ((node->elem == BULLETML_ACTION || node->elem == BULLETML_ACTION_REF) &&
             node->parent != BULLETML_NONE && doc->nodes[node->parent].elem == BULLETML_BULLET);
        if (!root)
            continue;
        int32_t refs, repeats;
        bulletml_walk_node(ld, &w, i, &refs, &repeats);
        if (refs > doc->max_ref_depth)
            doc->max_ref_depth = refs;
        if (repeats > doc->max_repeat_depth)
            doc->max_repeat_depth = repeats;
    }
    for (int32_t i = 0; i < doc->node_count && !w.failed; i++)
        if (doc->nodes[i].depth == 1)
            bulletml_walk_def(ld, &w, i, i);
    if (any_endless && !w.failed) {
        int32_t deepest = bulletml_endless_depth(doc, &w);
        if (deepest > doc->max_ref_depth)
            doc->max_ref_depth = deepest;
    }
    mem_free(w.state), mem_free(w.refs), mem_free(w.repeats);
    return 0;
}

/* ---- Loading ------------------------------------------------------------------------------ */

/* expat's reason, and for an end tag that closes the wrong element (an element
 * left open, as after a cut-and-paste) which element is still open and where. */
static void bulletml_report_xml_error(bulletml_loader *ld)
{
    enum XML_Error code = XML_GetErrorCode(ld->xml);
    if (code == XML_ERROR_ABORTED || code == XML_ERROR_NONE)
        return;
    uint32_t line = (uint32_t)XML_GetCurrentLineNumber(ld->xml);
    uint32_t col = (uint32_t)XML_GetCurrentColumnNumber(ld->xml) + 1;
    int32_t open = bulletml_open(ld);
    if (code == XML_ERROR_TAG_MISMATCH && ld->skip == 0 && open != BULLETML_NONE) {
        const bulletml_node *n = &ld->doc->nodes[open];
        bulletml_error(ld, line, col, "malformed XML: %s: <%s> from %u:%u is still open",
                       XML_ErrorString(code), bulletml_elem_names[n->elem], (unsigned)n->line,
                       (unsigned)n->col);
        return;
    }
    bulletml_error(ld, line, col, "malformed XML: %s", XML_ErrorString(code));
}

static int bulletml_parse_xml(bulletml_loader *ld)
{
    static const XML_Memory_Handling_Suite suite = {mem_alloc, mem_realloc, mem_free};
    ld->xml = XML_ParserCreate_MM(NULL, &suite, NULL);
    if (!ld->xml)
        return -1;
    XML_SetUserData(ld->xml, ld);
    XML_SetElementHandler(ld->xml, bulletml_on_start, bulletml_on_end);
    XML_SetCharacterDataHandler(ld->xml, bulletml_on_text);
    XML_SetCommentHandler(ld->xml, bulletml_on_comment);
    XML_SetStartDoctypeDeclHandler(ld->xml, bulletml_on_doctype);
    XML_SetStartCdataSectionHandler(ld->xml, bulletml_on_cdata);
    XML_SetProcessingInstructionHandler(ld->xml, bulletml_on_pi);
    XML_SetSkippedEntityHandler(ld->xml, bulletml_on_skipped_entity);
    XML_SetUnknownEncodingHandler(ld->xml, bulletml_on_unknown_encoding, ld);
    if (ld->size >= 3 && memcmp(ld->data, "\xef\xbb\xbf", 3) == 0)
        bulletml_warning(ld, 1, 1,
                         "a UTF-8 byte-order mark: libbulletml refuses such a file (\"The '<' "
                         "symbol that starts a tag was not found\"); curtain reads it");
    if (XML_Parse(ld->xml, ld->data, (int)ld->size, XML_TRUE) == XML_STATUS_ERROR && !ld->oom)
        bulletml_report_xml_error(ld);
    XML_ParserFree(ld->xml);
    ld->xml = NULL;
    return ld->oom ? -1 : 0;
}

void bulletml_unload(bulletml_doc *doc)
{
    if (!doc)
        return;
    mem_free(doc->path);
    mem_free(doc->nodes);
    mem_free(doc->ops);
    mem_free(doc->strings);
    mem_free(doc->tops);
    mem_free(doc->endless);
    mem_free(doc);
}

/* Records an allocation failure (no source position to show). */
static void bulletml_report_oom(bulletml_diags *diags, const char *name)
{
    diags->errors++;
    if (diags->kept < BULLETML_DIAG_KEEP) {
        bulletml_diag *item = &diags->items[diags->kept++];
        item->severity = BULLETML_ERROR;
        item->line = item->col = 0;
        snprintf(item->text, sizeof item->text, "%s: out of memory", name);
        snprintf(item->message, sizeof item->message, "out of memory");
    }
}

bulletml_doc *bulletml_load_buffer(const char *name, const char *data, size_t size,
                                   bulletml_diags *diags)
{
    bulletml_diags local;
    if (!diags)
        diags = &local;
    memset(diags, 0, sizeof *diags);
    bulletml_loader *ld = mem_calloc(1, sizeof *ld);
    bulletml_doc *doc = mem_calloc(1, sizeof *doc);
    if (!ld || !doc || !(doc->path = mem_strdup(name))) {
        mem_free(ld);
        bulletml_unload(doc);
        bulletml_report_oom(diags, name);
        return NULL;
    }
    ld->doc = doc;
    ld->diags = diags;
    ld->name = name;
    ld->data = data;
    ld->size = size;
    int failed = 0;
    if (size > BULLETML_MAX_FILE) {
        bulletml_error(ld, 1, 1, "file larger than %u MiB", BULLETML_MAX_FILE >> 20);
    } else if (bulletml_parse_xml(ld) != 0) {
        failed = 1;
    } else if (diags->errors == 0 && doc->node_count > 0) {
        failed = bulletml_link(ld) != 0 || bulletml_find_tops(ld) != 0 ||
                 (diags->errors == 0 && bulletml_measure(ld) != 0);
    } else if (diags->errors == 0) {
        bulletml_error(ld, 1, 1, "no <bulletml> element");
    }
    if (failed)
        bulletml_report_oom(diags, name);
    mem_free(ld);
    if (diags->errors > 0) {
        bulletml_unload(doc);
        return NULL;
    }
    return doc;
}

bulletml_doc *bulletml_load_file(const char *path, bulletml_diags *diags)
{
    char err[256];
    size_t size = 0;
    char *data = file_read_limit(path, FILE_LIMIT_BULLETML, &size, err, sizeof err);
    if (!data) {
        bulletml_diags local;
        if (!diags)
            diags = &local;
        memset(diags, 0, sizeof *diags);
        diags->errors = 1;
        diags->kept = 1;
        diags->items[0].severity = BULLETML_ERROR;
        const char *reason = file_error_reason(err, path);
        snprintf(diags->items[0].text, sizeof diags->items[0].text, "%s: %s", path, reason);
        snprintf(diags->items[0].message, sizeof diags->items[0].message, "%s", reason);
        return NULL;
    }
    bulletml_doc *doc = bulletml_load_buffer(path, data, size, diags);
    mem_free(data);
    return doc;
}

const char *bulletml_elem_name(bulletml_elem elem)
{
    return (unsigned)elem < BULLETML_ELEM_COUNT ? bulletml_elem_names[elem] : "?";
}

const char *bulletml_type_name(bulletml_type type)
{
    return (unsigned)type < BULLETML_TYPE_COUNT ? bulletml_type_names[type] : "?";
}

const char *bulletml_node_label(const bulletml_doc *doc, int32_t node)
{
    int32_t at = doc->nodes[node].label;
    return at == BULLETML_NONE ? NULL : doc->strings + at;
}

int32_t bulletml_node_child(const bulletml_doc *doc, int32_t node, bulletml_elem elem)
{
    for (int32_t c = doc->nodes[node].first_child; c != BULLETML_NONE;
         c = doc->nodes[c].next_sibling)
        if (doc->nodes[c].elem == elem)
            return c;
    return BULLETML_NONE;
}

int32_t bulletml_node_body(const bulletml_doc *doc, int32_t node)
{
    int32_t body = BULLETML_NONE;
    switch (doc->nodes[node].elem) {
    case BULLETML_FIRE:
        body = bulletml_node_child(doc, node, BULLETML_BULLET);
        return body != BULLETML_NONE ? body : bulletml_node_child(doc, node, BULLETML_BULLET_REF);
    case BULLETML_REPEAT:
        body = bulletml_node_child(doc, node, BULLETML_ACTION);
        return body != BULLETML_NONE ? body : bulletml_node_child(doc, node, BULLETML_ACTION_REF);
    default: return BULLETML_NONE;
    }
}
