/*
 * options: defaults, the options file's parser and writer (see options.h).
 */
#include "game/options.h"

#include "core/file.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/strbuf.h"
#include "game/binding.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const option_info options_table[OPTION_COUNT] = {
#define OPTION_ROW(field, kind, def, min, max, step, menu, label, unit, zero, help) \
    {#field, kind, def, min, max, step, menu, label, unit, zero, help},
    OPTIONS_SETTINGS(OPTION_ROW)
#undef OPTION_ROW
};

/* Where each setting lives inside struct options. */
static const size_t options_offsets[OPTION_COUNT] = {
#define OPTION_OFFSET(field, kind, def, min, max, step, menu, label, unit, zero, help) \
    offsetof(options, field),
    OPTIONS_SETTINGS(OPTION_OFFSET)
#undef OPTION_OFFSET
};

static const char *const options_button_names[OPTIONS_CONTROL_COUNT] = {
#define OPTION_BUTTON_NAME(id, name) name,
    INPUT_BUTTONS(OPTION_BUTTON_NAME) OPTIONS_ACTIONS(OPTION_BUTTON_NAME)
#undef OPTION_BUTTON_NAME
};

/* Arrows or WASD move, Z/J shoot, Shift/L focus, X/K bomb; on a controller the d-pad
 * or left stick moves, A shoots, X or the left shoulder focuses, B bombs. */
static const uint16_t options_default_keys[OPTIONS_CONTROL_COUNT][OPTIONS_BINDINGS] = {
    [INPUT_UP] = {KEY_UP, KEY_W},
    [INPUT_DOWN] = {KEY_DOWN, KEY_S},
    [INPUT_LEFT] = {KEY_LEFT, KEY_A},
    [INPUT_RIGHT] = {KEY_RIGHT, KEY_D},
    [INPUT_SHOT] = {KEY_Z, KEY_J},
    [INPUT_FOCUS] = {KEY_LSHIFT, KEY_L},
    [INPUT_BOMB] = {KEY_X, KEY_K},
    [INPUT_SKIP] = {KEY_LCTRL, KEY_RCTRL},
    [OPTIONS_CONTROL_OF(OPTIONS_ACTION_SAVE_STATE)] = {KEY_F5, KEY_NONE},
    [OPTIONS_CONTROL_OF(OPTIONS_ACTION_LOAD_STATE)] = {KEY_F9, KEY_NONE},
};
static const uint8_t options_default_pads[OPTIONS_CONTROL_COUNT][OPTIONS_BINDINGS] = {
    [INPUT_UP] = {PAD_DPUP, PAD_LEFTY_NEG},
    [INPUT_DOWN] = {PAD_DPDOWN, PAD_LEFTY_POS},
    [INPUT_LEFT] = {PAD_DPLEFT, PAD_LEFTX_NEG},
    [INPUT_RIGHT] = {PAD_DPRIGHT, PAD_LEFTX_POS},
    [INPUT_SHOT] = {PAD_A, PAD_RIGHTSHOULDER},
    [INPUT_FOCUS] = {PAD_X, PAD_LEFTSHOULDER},
    [INPUT_BOMB] = {PAD_B, PAD_Y},
    [INPUT_SKIP] = {PAD_LEFTTRIGGER, PAD_NONE},
    [OPTIONS_CONTROL_OF(OPTIONS_ACTION_SAVE_STATE)] = {PAD_BACK, PAD_NONE},
    [OPTIONS_CONTROL_OF(OPTIONS_ACTION_LOAD_STATE)] = {PAD_RIGHTSTICK, PAD_NONE},
};

void options_defaults(options *o)
{
    memset(o, 0, sizeof *o);
    for (int id = 0; id < OPTION_COUNT; id++)
        options_set(o, (option_id)id, options_table[id].def);
    memcpy(o->keys, options_default_keys, sizeof o->keys);
    memcpy(o->pads, options_default_pads, sizeof o->pads);
}

const option_info *options_info(option_id id)
{
    return id < OPTION_COUNT ? &options_table[id] : NULL;
}

int options_get(const options *o, option_id id)
{
    if (id >= OPTION_COUNT)
        return 0;
    return *(const int *)((const char *)o + options_offsets[id]);
}

void options_set(options *o, option_id id, int value)
{
    if (id >= OPTION_COUNT)
        return;
    const option_info *in = &options_table[id];
    value = value < in->min ? in->min : value > in->max ? in->max : value;
    if (in->kind == OPTION_SPEED) /* the nearest of 100, 75, 50 */
        value = value > 87 ? 100 : value > 62 ? 75 : 50;
    *(int *)((char *)o + options_offsets[id]) = value;
}

void options_step(options *o, option_id id, int dir, int top)
{
    if (id >= OPTION_COUNT || options_table[id].step == 0)
        return;
    const option_info *in = &options_table[id];
    int v = options_get(o, id);
    if (!(in->menu & OPTION_MENU_ROUND)) {
        options_set(o, id, v + in->step * dir);
        return;
    }
    /* The values min, min + step, ... top as places 0, 1, ...; a negative step
     * numbers them from top down. */
    if (top < in->min || top > in->max)
        top = in->max;
    int size = in->step > 0 ? in->step : -in->step;
    int n = (top - in->min) / size + 1;
    int place = in->step > 0 ? (v - in->min) / size : (top - v) / size;
    place = ((place + dir) % n + n) % n;
    options_set(o, id, in->step > 0 ? in->min + place * size : top - place * size);
}

const char *options_button_name(input_button button)
{
    return (int)button < OPTIONS_CONTROL_COUNT ? options_button_names[button] : "?";
}

/* ---- reporting ---- */

/* Counts a problem, logs it, and keeps its text if there is room. */
__attribute__((format(printf, 5, 6))) static void
options_problem(options_report *r, const char *path, int line, int col, const char *fmt, ...)
{
    char message[512], text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(text, sizeof text, "%.400s:%d:%d: %s", path, line, col, message);
    else
        snprintf(text, sizeof text, "%.400s: %s", path, message);
    log_warn("%s", text);
    if (!r)
        return;
    if (r->count < OPTIONS_REPORT_LINES) {
        size_t n = strnlen(text, OPTIONS_REPORT_WIDTH - 1);
        memcpy(r->lines[r->count], text, n);
        r->lines[r->count++][n] = '\0';
    }
    r->problems++;
}

/* ---- parsing ---- */

/* One line being parsed: its text (not NUL-terminated) and where it is. */
typedef struct options_line {
    const char *path;
    int number;
    const char *start; /* first byte of the line, for columns */
    options_report *report;
    int problems;
} options_line;

/* Reports a problem at byte at of the line. */
#define OPTIONS_LINE_PROBLEM(ln, at, ...)                                                      \
    do {                                                                                       \
        options_problem((ln)->report, (ln)->path, (ln)->number, (int)((at) - (ln)->start) + 1, \
                        __VA_ARGS__);                                                          \
        (ln)->problems++;                                                                      \
    } while (0)

static int options_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* Trims spaces from both ends of [*b, *e). */
static void options_trim(const char **b, const char **e)
{
    while (*b < *e && options_is_space(**b))
        (*b)++;
    while (*e > *b && options_is_space((*e)[-1]))
        (*e)--;
}

/* Copies [b, e) into out as a C string; 0 if it did not fit. */
static int options_copy(char *out, size_t size, const char *b, const char *e)
{
    size_t n = (size_t)(e - b);
    if (n >= size)
        return 0;
    memcpy(out, b, n);
    out[n] = '\0';
    return 1;
}

/* Parses a whole decimal number; 0 if value is not one. */
static int options_parse_int(const char *value, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (!*value || *end || errno)
        return 0;
    *out = v;
    return 1;
}

static int options_parse_bool(const char *value, int *out)
{
    static const char *const yes[] = {"yes", "on", "true", "1"};
    static const char *const no[] = {"no", "off", "false", "0"};
    for (int i = 0; i < 4; i++) {
        if (strcasecmp(value, yes[i]) == 0)
            return *out = 1, 1;
        if (strcasecmp(value, no[i]) == 0)
            return *out = 0, 1;
    }
    return 0;
}

static const char *const options_palette_names[BULLET_PALETTE_COUNT] = {
#define OPTION_PALETTE_NAME(id, name) name,
    BULLET_PALETTES(OPTION_PALETTE_NAME)
#undef OPTION_PALETTE_NAME
};

/* A bullet palette by name (any case), or -1. */
static int options_palette_from_name(const char *name)
{
    for (int p = 0; p < BULLET_PALETTE_COUNT; p++)
        if (strcasecmp(name, options_palette_names[p]) == 0)
            return p;
    return -1;
}

/* Whether v is one of OPTIONS_SPEEDS. */
static int options_speed_known(long v)
{
#define OPTION_SPEED_IS(pct) v == (pct) ||
    return OPTIONS_SPEEDS(OPTION_SPEED_IS) 0;
#undef OPTION_SPEED_IS
}

/* Sets one setting from its text value, or reports why it keeps its default. */
static void options_parse_setting(options *o, option_id id, const char *value, const char *at,
                                  options_line *ln)
{
    const option_info *in = &options_table[id];
    long v = 0;
    int b = 0;
    switch (in->kind) {
    case OPTION_BOOL:
        if (options_parse_bool(value, &b)) {
            options_set(o, id, b);
            return;
        }
        OPTIONS_LINE_PROBLEM(ln, at, "%s wants yes or no, not '%.40s'; using the default", in->name,
                             value);
        return;
    case OPTION_INT:
        if (options_parse_int(value, &v) && v >= in->min && v <= in->max) {
            options_set(o, id, (int)v);
            return;
        }
        OPTIONS_LINE_PROBLEM(ln, at, "%s wants a whole number from %d to %d, not '%.40s'; using %d",
                             in->name, in->min, in->max, value, in->def);
        return;
    case OPTION_DIFFICULTY: {
        int d = difficulty_from_name(value);
        if (d >= 0) {
            options_set(o, id, d);
            return;
        }
        OPTIONS_LINE_PROBLEM(ln, at,
                             "%s wants easy, normal, hard or lunatic, not '%.40s'; using %s",
                             in->name, value, difficulty_name(in->def));
        return;
    }
    case OPTION_PALETTE: {
        int p = options_palette_from_name(value);
        if (p >= 0) {
            options_set(o, id, p);
            return;
        }
        OPTIONS_LINE_PROBLEM(
            ln, at,
            "%s wants normal, deuteranopia, protanopia or tritanopia, not '%.40s'; "
            "using %s",
            in->name, value, options_palette_names[in->def]);
        return;
    }
    case OPTION_SPEED:
        if (options_parse_int(value, &v) && options_speed_known(v)) {
            options_set(o, id, (int)v);
            return;
        }
        OPTIONS_LINE_PROBLEM(ln, at, "%s wants 100, 75 or 50, not '%.40s'; using %d", in->name,
                             value, in->def);
        return;
    }
}

/* Parses "name1, name2" into two codes with lookup; 0 on a bad list (reported). */
static int options_parse_pair(const char *value, const char *at, options_line *ln, int is_key,
                              int out[OPTIONS_BINDINGS])
{
    out[0] = out[1] = 0;
    const char *p = value;
    for (int slot = 0;; slot++) {
        const char *comma = strchr(p, ',');
        const char *b = p, *e = comma ? comma : p + strlen(p);
        options_trim(&b, &e);
        char name[32];
        if (slot >= OPTIONS_BINDINGS) {
            OPTIONS_LINE_PROBLEM(ln, at + (b - value), "at most %d %s per button; line ignored",
                                 OPTIONS_BINDINGS, is_key ? "keys" : "controls");
            return 0;
        }
        int code = -1;
        if (options_copy(name, sizeof name, b, e))
            code = is_key ? binding_key_from_name(name) : binding_pad_from_name(name);
        if (code < 0) {
            OPTIONS_LINE_PROBLEM(ln, at + (b - value), "unknown %s '%.*s'; line ignored",
                                 is_key ? "key" : "controller control",
                                 (int)(e - b < 40 ? e - b : 40), b);
            return 0;
        }
        out[slot] = code;
        if (!comma)
            return 1;
        p = comma + 1;
    }
}

/* Handles key.BUTTON and pad.BUTTON lines; 0 if name is not one. */
static int options_parse_binding(options *o, const char *name, const char *value, const char *at,
                                 options_line *ln)
{
    int is_key = strncmp(name, "key.", 4) == 0;
    if (!is_key && strncmp(name, "pad.", 4) != 0)
        return 0;
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++) {
        if (strcmp(name + 4, options_button_names[b]) != 0)
            continue;
        int codes[OPTIONS_BINDINGS];
        if (!options_parse_pair(value, at, ln, is_key, codes))
            return 1; /* reported; the defaults stay */
        for (int s = 0; s < OPTIONS_BINDINGS; s++) {
            if (is_key)
                o->keys[b][s] = (uint16_t)codes[s];
            else
                o->pads[b][s] = (uint8_t)codes[s];
        }
        return 1;
    }
    return 0;
}

/* Finds the first byte that has no business in a text file (control bytes, NUL). */
static const char *options_find_garbage(const char *b, const char *e)
{
    for (const char *p = b; p < e; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f)
            return p;
    }
    return NULL;
}

/* Parses one line [b, e) of the file. seen[] marks the settings already set. */
static void options_parse_line(options *o, const char *b, const char *e, options_line *ln,
                               int seen[OPTION_COUNT])
{
    if (e <= b)
        return;
    const char *garbage = options_find_garbage(b, e);
    if (garbage) {
        OPTIONS_LINE_PROBLEM(ln, garbage, "unreadable bytes; line ignored");
        return;
    }
    const char *hash = memchr(b, '#', (size_t)(e - b));
    if (hash)
        e = hash;
    options_trim(&b, &e);
    if (b == e)
        return;
    const char *eq = memchr(b, '=', (size_t)(e - b));
    if (!eq) {
        OPTIONS_LINE_PROBLEM(ln, b, "expected 'name = value'; line ignored");
        return;
    }
    const char *nb = b, *ne = eq, *vb = eq + 1, *ve = e;
    options_trim(&nb, &ne);
    options_trim(&vb, &ve);
    char name[48], value[96];
    if (!options_copy(name, sizeof name, nb, ne) || !options_copy(value, sizeof value, vb, ve)) {
        OPTIONS_LINE_PROBLEM(ln, b, "line too long; ignored");
        return;
    }
    if (strcmp(name, "version") == 0) {
        long v = 0;
        if (!options_parse_int(value, &v) || v < 1)
            OPTIONS_LINE_PROBLEM(ln, vb, "version wants a number, not '%.40s'; line ignored",
                                 value);
        else if (v > OPTIONS_VERSION)
            OPTIONS_LINE_PROBLEM(ln, vb,
                                 "written by a newer curtain (version %ld); reading what this "
                                 "one knows",
                                 v);
        return;
    }
    for (int id = 0; id < OPTION_COUNT; id++) {
        if (strcmp(name, options_table[id].name) != 0)
            continue;
        if (seen[id]++)
            OPTIONS_LINE_PROBLEM(ln, nb, "%s is set twice; the later line wins", name);
        options_parse_setting(o, (option_id)id, value, vb, ln);
        return;
    }
    if (!options_parse_binding(o, name, value, vb, ln))
        OPTIONS_LINE_PROBLEM(ln, nb, "unknown option '%.40s'; line ignored", name);
}

/* A button left with no key and no controller control cannot be pressed: give it back
 * its default keys. */
static void options_check_reachable(options *o, const char *path, options_line *ln)
{
    for (int b = 0; b < INPUT_BUTTON_COUNT; b++) {
        int any = 0;
        for (int s = 0; s < OPTIONS_BINDINGS; s++)
            any |= o->keys[b][s] | o->pads[b][s];
        if (any)
            continue;
        memcpy(o->keys[b], options_default_keys[b], sizeof o->keys[b]);
        options_problem(ln->report, path, 0, 0, "'%s' had no key or control; default keys used",
                        options_button_names[b]);
        ln->problems++;
    }
}

int options_parse(options *o, const char *text, size_t size, const char *path,
                  options_report *report)
{
    options_defaults(o);
    if (report)
        memset(report, 0, sizeof *report);
    options_line ln = {path, 0, text, report, 0};
    int seen[OPTION_COUNT] = {0};
    const char *p = text, *end = text + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        ln.number++;
        ln.start = p;
        /* A last line with no newline is what a cut file ends with: "master_volume = 1"
         * may be the start of "100", so it is not trusted. */
        if (!nl && options_find_garbage(p, e) == NULL && e > p)
            OPTIONS_LINE_PROBLEM(&ln, e,
                                 "the file ends in the middle of a line (cut short?); "
                                 "line ignored");
        else
            options_parse_line(o, p, e, &ln, seen);
        p = nl ? nl + 1 : end;
    }
    options_check_reachable(o, path, &ln);
    return ln.problems;
}

options_status options_load(options *o, const char *path, options_report *report)
{
    options_defaults(o);
    if (report)
        memset(report, 0, sizeof *report);
    if (!file_exists(path))
        return OPTIONS_MISSING;
    char err[256];
    size_t size = 0;
    char *text = file_read_limit(path, FILE_LIMIT_OPTIONS, &size, err, sizeof err);
    if (!text) {
        /* what could not be read is not known to be damaged: kept, never saved over */
        o->save_blocked = 1;
        options_problem(report, path, 0, 0,
                        "cannot be read (%s); using the defaults, not saved over it", err);
        return OPTIONS_UNREADABLE;
    }
    int problems = options_parse(o, text, size, path, report);
    mem_free(text);
    return problems ? OPTIONS_REPAIRED : OPTIONS_LOADED;
}

/* ---- writing ---- */

static void options_format_value(const options *o, option_id id, char *out, size_t size)
{
    int v = options_get(o, id);
    switch (options_table[id].kind) {
    case OPTION_BOOL: snprintf(out, size, "%s", v ? "yes" : "no"); break;
    case OPTION_INT: snprintf(out, size, "%d", v); break;
    case OPTION_DIFFICULTY: snprintf(out, size, "%s", difficulty_name(v)); break;
    case OPTION_PALETTE:
        snprintf(out, size, "%s",
                 options_palette_names[(unsigned)v < BULLET_PALETTE_COUNT ? v : 0]);
        break;
    case OPTION_SPEED: snprintf(out, size, "%d", v); break;
    }
}

int options_format(const options *o, char *out, size_t out_size)
{
    int len = 0;
    strbuf_appendf(out, out_size, &len,
                   "# curtain options. Edit while the game is closed; a wrong line falls\n"
                   "# back to its default and the game says which.\n"
                   "version = %d\n",
                   OPTIONS_VERSION);
    for (int id = 0; id < OPTION_COUNT; id++) {
        char value[32];
        options_format_value(o, (option_id)id, value, sizeof value);
        strbuf_appendf(out, out_size, &len, "\n# %s\n%s = %s\n", options_table[id].help,
                       options_table[id].name, value);
    }
    strbuf_appendf(out, out_size, &len,
                   "\n# Keys, two per button (save_state, load_state: a practice's savestates):\n"
                   "# letters, digits, F1-F12, Up, Down, Left, Right,\n"
                   "# Space, Return, Left Shift, Right Ctrl, Keypad 8, Comma, ... or none.\n");
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++) {
        const char *k0 = binding_key_name(o->keys[b][0]), *k1 = binding_key_name(o->keys[b][1]);
        strbuf_appendf(out, out_size, &len, "key.%s = %s, %s\n", options_button_names[b],
                       k0 ? k0 : "none", k1 ? k1 : "none");
    }
    strbuf_appendf(out, out_size, &len,
                   "\n# Controller, two per button: a, b, x, y, back, start, leftshoulder,\n"
                   "# rightshoulder, leftstick, rightstick, dpup, dpdown, dpleft, dpright,\n"
                   "# leftx-, leftx+, lefty-, lefty+, rightx-, ..., lefttrigger, righttrigger.\n");
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++) {
        const char *p0 = binding_pad_name(o->pads[b][0]), *p1 = binding_pad_name(o->pads[b][1]);
        strbuf_appendf(out, out_size, &len, "pad.%s = %s, %s\n", options_button_names[b],
                       p0 ? p0 : "none", p1 ? p1 : "none");
    }
    return len;
}

/* The value o gives the line named name (a setting, key.CONTROL or
 * pad.CONTROL) as options_format writes it, into out: 1, or 0 when this version
 * does not know the name (a newer version's setting, a typo: kept as it is). */
static int options_value_of(const options *o, const char *name, char *out, size_t size)
{
    for (int id = 0; id < OPTION_COUNT; id++)
        if (strcmp(name, options_table[id].name) == 0) {
            options_format_value(o, (option_id)id, out, size);
            return 1;
        }
    int is_key = strncmp(name, "key.", 4) == 0;
    if (!is_key && strncmp(name, "pad.", 4) != 0)
        return 0;
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++) {
        if (strcmp(name + 4, options_button_names[b]) != 0)
            continue;
        const char *n0 = is_key ? binding_key_name(o->keys[b][0]) : binding_pad_name(o->pads[b][0]);
        const char *n1 = is_key ? binding_key_name(o->keys[b][1]) : binding_pad_name(o->pads[b][1]);
        snprintf(out, size, "%s, %s", n0 ? n0 : "none", n1 ? n1 : "none");
        return 1;
    }
    return 0;
}

/* Whether the line [b, e) sets `name`: "name = ..." after spaces. */
static int options_line_name(const char *b, const char *e, char *name, size_t size)
{
    const char *hash = memchr(b, '#', (size_t)(e - b));
    const char *eq = memchr(b, '=', (size_t)((hash ? hash : e) - b));
    if (!eq)
        return 0;
    const char *nb = b, *ne = eq;
    options_trim(&nb, &ne);
    return nb < ne && options_copy(name, size, nb, ne);
}

int options_merge(const options *o, const char *old, size_t old_size, char *out, size_t out_size)
{
    int len = 0, any = 0;
    char name[48], value[96];
    const char *p = old, *end = old + old_size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        if (options_find_garbage(p, e)) {
            ; /* unreadable bytes (the parser ignored the line): not the player's text */
        } else if (options_line_name(p, e, name, sizeof name) && strcmp(name, "version") == 0) {
            strbuf_appendf(out, out_size, &len, "%.*s\n", (int)(e - p), p); /* a newer one's too */
            any = 1;
        } else if (options_line_name(p, e, name, sizeof name) &&
                   options_value_of(o, name, value, sizeof value)) {
            const char *hash = memchr(p, '#', (size_t)(e - p));
            strbuf_appendf(out, out_size, &len, "%s = %s%s%.*s\n", name, value, hash ? " " : "",
                           hash ? (int)(e - hash) : 0, hash ? hash : "");
        } else {
            strbuf_appendf(out, out_size, &len, "%.*s\n", (int)(e - p), p); /* as it was */
        }
        p = nl ? nl + 1 : end;
    }
    /* what the file did not have yet, as options_format writes it */
    char fresh[OPTIONS_TEXT_MAX];
    if (options_format(o, fresh, sizeof fresh) < 0)
        return -1;
    for (const char *q = fresh; *q;) {
        const char *nl = strchr(q, '\n');
        const char *e = nl ? nl : q + strlen(q);
        int missing = 0;
        if (options_line_name(q, e, name, sizeof name) && strcmp(name, "version") != 0) {
            missing = 1;
            for (const char *r = old; r < end && missing;) {
                const char *rn = memchr(r, '\n', (size_t)(end - r));
                const char *re = rn ? rn : end;
                char other[48];
                if (options_line_name(r, re, other, sizeof other) && strcmp(other, name) == 0)
                    missing = 0;
                r = rn ? rn + 1 : end;
            }
        } else if (!any && options_line_name(q, e, name, sizeof name)) {
            missing = 1; /* the version line, when the file had none */
        }
        if (missing)
            strbuf_appendf(out, out_size, &len, "%.*s\n", (int)(e - q), q);
        q = nl ? nl + 1 : e;
    }
    return len;
}

int options_save(const options *o, const char *path, char *err, size_t err_size)
{
    if (o->save_blocked) {
        snprintf(err, err_size, "%s: not saved over a file that could not be read or moved aside",
                 path);
        return -1;
    }
    /* the file as the player left it: its comments and the lines this version
     * does not know are kept, its settings' values brought up to date */
    size_t old_size = 0;
    char *old =
        file_exists(path) ? file_read_limit(path, FILE_LIMIT_OPTIONS, &old_size, NULL, 0) : NULL;
    size_t cap = old_size + 2 * OPTIONS_TEXT_MAX;
    char *text = mem_alloc(cap);
    int len = !text ? -1
              : old ? options_merge(o, old, old_size, text, cap)
                    : options_format(o, text, cap);
    mem_free(old);
    int rc = -1;
    if (!text)
        snprintf(err, err_size, "%s: out of memory saving the options", path);
    else if (len < 0)
        snprintf(err, err_size, "%s: options do not fit in %zu bytes", path, cap);
    else
        rc = file_write_atomic(path, text, (size_t)len, err, err_size);
    mem_free(text);
    return rc;
}

/* ---- rebinding ---- */

/* Binds code to slot of button in a table of bindings (none: the empty code):
 * whatever else holds code gets the slot's old binding in exchange, so no button
 * is left with less than it had. Returns the button it was taken from, -1, or
 * OPTIONS_BIND_REFUSED. */
static int options_bind(int table[OPTIONS_CONTROL_COUNT][OPTIONS_BINDINGS], int button, int slot,
                        int code, int none)
{
    int old = table[button][slot], taken_from = -1;
    if (code == none || code == old) {
        table[button][slot] = code;
        return -1;
    }
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++) {
            if (table[b][s] != code)
                continue;
            int others = 0; /* what b keeps besides this slot */
            for (int k = 0; k < OPTIONS_BINDINGS; k++)
                others += k != s && table[b][k] != none;
            if (b != button && old == none && others == 0)
                return OPTIONS_BIND_REFUSED;
            taken_from = b == button ? taken_from : b;
        }
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++)
            if (table[b][s] == code)
                table[b][s] = old;
    table[button][slot] = code;
    return taken_from;
}

/* options_bind on a button-by-slot array of `width`-byte codes (the options keep
 * keys in 16 bits and pads in 8): the codes widened to a table and back. */
static int options_bind_cells(void *cells, size_t width, input_button button, int slot, int code,
                              int none)
{
    if ((int)button < 0 || (int)button >= OPTIONS_CONTROL_COUNT || slot < 0 ||
        slot >= OPTIONS_BINDINGS)
        return -1;
    int table[OPTIONS_CONTROL_COUNT][OPTIONS_BINDINGS];
    int *flat = &table[0][0];
    enum {
        CELLS = OPTIONS_CONTROL_COUNT * OPTIONS_BINDINGS
    };
    for (int i = 0; i < CELLS; i++)
        flat[i] = width == 1 ? ((const uint8_t *)cells)[i] : ((const uint16_t *)cells)[i];
    int rc = options_bind(table, (int)button, slot, code, none);
    for (int i = 0; i < CELLS; i++) {
        if (width == 1)
            ((uint8_t *)cells)[i] = (uint8_t)flat[i];
        else
            ((uint16_t *)cells)[i] = (uint16_t)flat[i];
    }
    return rc;
}

int options_bind_key(options *o, input_button button, int slot, int key)
{
    return options_bind_cells(o->keys, sizeof o->keys[0][0], button, slot, key, KEY_NONE);
}

int options_bind_pad(options *o, input_button button, int slot, int pad)
{
    return options_bind_cells(o->pads, sizeof o->pads[0][0], button, slot, pad, PAD_NONE);
}
