/*
 * score: reading the score text (see score.h).
 *
 * Two steps. Reading turns each channel's text into a list of commands with
 * their positions (the brackets matched); performing walks each list as a
 * player would, unrolling the repeats, into notes. Lengths that use the default
 * (`l`) are worked out while performing, since a repeat may change it.
 */
#include "audio/score.h"

#include "audio/instrument.h"
#include "core/file.h"
#include "core/mem.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef enum score_op {
    SCORE_OP_NOTE,       /* value: semitones above C; ticks, quarters: its length */
    SCORE_OP_REST,       /* ticks, quarters: its length */
    SCORE_OP_OCTAVE,     /* value: the octave */
    SCORE_OP_UP,         /* > */
    SCORE_OP_DOWN,       /* < */
    SCORE_OP_LENGTH,     /* ticks: the default length */
    SCORE_OP_VOLUME,     /* value */
    SCORE_OP_GATE,       /* value */
    SCORE_OP_TRANSPOSE,  /* value */
    SCORE_OP_INSTRUMENT, /* value: an instrument_id */
    SCORE_OP_OPEN,       /* [ ; jump: its ] */
    SCORE_OP_BREAK,      /* | ; jump: its ] */
    SCORE_OP_CLOSE,      /* ] ; value: passes; jump: its [ */
    SCORE_OP_LOOP,       /* L */
} score_op;

/* One command of a channel. A length is ticks plus quarters of the default
 * length (4: the default, 6: the default dotted, 0: none). */
typedef struct score_cmd {
    uint8_t op, channel;
    int32_t value, ticks, quarters, jump;
    uint32_t line, col;
} score_cmd;

/* The reader's state: the text, where it is, and what it has read. */
typedef struct score_reader {
    const char *file, *p, *end;
    uint32_t line, col;
    score_sheet *s;
    score_cmd *cmds;
    int count;
    int open[SCORE_CHANNELS][SCORE_NEST_MAX]; /* each channel's unclosed [ */
    int depth[SCORE_CHANNELS];
    char *err;
    size_t err_size;
    int failed;
} score_reader;

/* Records the first error, at line:col. Returns -1. */
static int score_fail(score_reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int score_fail(score_reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
    if (r->failed)
        return -1;
    r->failed = 1;
    int n = snprintf(r->err, r->err_size, "%s:%u:%u: ", r->file, line, col);
    if (n >= 0 && (size_t)n < r->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(r->err + n, r->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int score_peek(const score_reader *r)
{
    return r->p < r->end ? (unsigned char)*r->p : 0;
}

static void score_advance(score_reader *r)
{
    if (r->p >= r->end)
        return;
    if (*r->p == '\n') {
        r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
    r->p++;
}

/* Skips spaces, tabs, carriage returns and comments, not the end of the line. */
static void score_skip_blanks(score_reader *r)
{
    for (;;) {
        int c = score_peek(r);
        if (c == ' ' || c == '\t' || c == '\r') {
            score_advance(r);
        } else if (c == ';') {
            while (score_peek(r) && score_peek(r) != '\n')
                score_advance(r);
        } else {
            return;
        }
    }
}

static int score_is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int score_is_word(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || score_is_digit(c) || c == '_';
}

/* number := ['-' | '+'] digit { digit }, from lo to hi. what names it in errors. */
static int score_number(score_reader *r, int lo, int hi, const char *what, int32_t *out)
{
    score_skip_blanks(r);
    uint32_t line = r->line, col = r->col;
    int sign = 1;
    if (lo < 0 && (score_peek(r) == '-' || score_peek(r) == '+')) {
        sign = score_peek(r) == '-' ? -1 : 1;
        score_advance(r);
    }
    if (!score_is_digit(score_peek(r)))
        return score_fail(r, line, col, "%s needs a number", what);
    long v = 0;
    while (score_is_digit(score_peek(r))) {
        if (v < 1000000)
            v = v * 10 + (score_peek(r) - '0');
        score_advance(r);
    }
    v *= sign;
    if (v < lo || v > hi)
        return score_fail(r, line, col, "%s is from %d to %d, not %ld", what, lo, hi, v);
    *out = (int32_t)v;
    return 0;
}

/* length := [ digits ] { '.' }: adds to *ticks (a number given) or *quarters (the
 * default). A number must divide a whole note into whole ticks. */
static int score_length(score_reader *r, int32_t *ticks, int32_t *quarters)
{
    uint32_t line = r->line, col = r->col;
    int32_t base = 0;
    if (score_is_digit(score_peek(r))) {
        int32_t n;
        if (score_number(r, 1, SCORE_TICKS_WHOLE, "a length", &n) != 0)
            return -1;
        if (SCORE_TICKS_WHOLE % n != 0 || n > 96)
            return score_fail(r, line, col,
                              "a length is 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64 or 96, not %d",
                              n);
        base = SCORE_TICKS_WHOLE / n;
    }
    int32_t add = base, q = 4, qadd = 4;
    while (score_peek(r) == '.') {
        if (base ? add % 2 : qadd % 2)
            return score_fail(r, r->line, r->col, "too many dots: the length is finer than a tick");
        add /= 2;
        qadd /= 2;
        base += add;
        q += qadd;
        score_advance(r);
    }
    if (base)
        *ticks += base;
    else
        *quarters += q;
    return 0;
}

/* The semitones above C of a note letter, or -1. */
static int score_letter(int c)
{
    static const int semis[7] = {9, 11, 0, 2, 4, 5, 7}; /* a .. g */
    return c >= 'a' && c <= 'g' ? semis[c - 'a'] : -1;
}

/* accidentals := { '+' | '#' | '-' }, added to *semi. */
static void score_accidentals(score_reader *r, int32_t *semi)
{
    for (;;) {
        int c = score_peek(r);
        if (c != '+' && c != '#' && c != '-')
            return;
        *semi += c == '-' ? -1 : 1;
        score_advance(r);
    }
}

static score_cmd *score_emit(score_reader *r, int channel, score_op op, uint32_t line, uint32_t col)
{
    if (r->count >= SCORE_COMMANDS_MAX) {
        score_fail(r, line, col, "more than %d commands in the score", SCORE_COMMANDS_MAX);
        return NULL;
    }
    score_cmd *c = &r->cmds[r->count++];
    *c = (score_cmd){(uint8_t)op, (uint8_t)channel, 0, 0, 0, -1, line, col};
    return c;
}

/* note := letter accidentals length { '&' [ letter accidentals ] length } */
static int score_read_note(score_reader *r, int channel, uint32_t line, uint32_t col)
{
    int32_t semi = score_letter(score_peek(r));
    score_advance(r);
    score_accidentals(r, &semi);
    score_cmd *c = score_emit(r, channel, SCORE_OP_NOTE, line, col);
    if (!c || score_length(r, &c->ticks, &c->quarters) != 0)
        return -1;
    c->value = semi;
    while (score_skip_blanks(r), score_peek(r) == '&') {
        score_advance(r);
        score_skip_blanks(r);
        uint32_t tl = r->line, tc = r->col;
        if (score_letter(score_peek(r)) >= 0) {
            int32_t tied = score_letter(score_peek(r));
            score_advance(r);
            score_accidentals(r, &tied);
            if (tied != semi)
                return score_fail(r, tl, tc, "a tie joins notes of the same pitch");
        }
        if (!score_is_digit(score_peek(r)) && score_peek(r) != '.' && tl == r->line && tc == r->col)
            return score_fail(r, tl, tc, "'&' needs a note or a length after it");
        if (score_length(r, &c->ticks, &c->quarters) != 0)
            return -1;
    }
    return 0;
}

/* '[': opens a repeat; '|': the break of the innermost; ']' [ passes ]: closes it. */
static int score_bracket(score_reader *r, int channel, int c, uint32_t line, uint32_t col)
{
    score_advance(r);
    int *depth = &r->depth[channel];
    if (c == '[') {
        if (*depth >= SCORE_NEST_MAX)
            return score_fail(r, line, col, "repeats nest at most %d deep", SCORE_NEST_MAX);
        r->open[channel][(*depth)++] = r->count;
        return score_emit(r, channel, SCORE_OP_OPEN, line, col) ? 0 : -1;
    }
    if (*depth == 0)
        return score_fail(r, line, col, "'%c' outside a repeat '[ ]'", c);
    score_cmd *open = &r->cmds[r->open[channel][*depth - 1]];
    score_cmd *cmd = score_emit(r, channel, c == '|' ? SCORE_OP_BREAK : SCORE_OP_CLOSE, line, col);
    if (!cmd)
        return -1;
    if (c == '|') {
        if (open->value)
            return score_fail(r, line, col, "one '|' per repeat");
        open->value = r->count - 1; /* the break, patched to its ] below */
        return 0;
    }
    cmd->value = 2;
    score_skip_blanks(r);
    if (score_is_digit(score_peek(r)) &&
        score_number(r, 1, SCORE_REPEAT_MAX, "a repeat's passes", &cmd->value) != 0)
        return -1;
    int close = r->count - 1, start = r->open[channel][--*depth];
    cmd->jump = start;
    if (r->cmds[start].value)
        r->cmds[r->cmds[start].value].jump = close;
    r->cmds[start].jump = close;
    return 0;
}

/* '@' name: the instrument. */
static int score_instrument(score_reader *r, int channel, uint32_t line, uint32_t col)
{
    score_advance(r);
    const char *name = r->p;
    while (score_is_word(score_peek(r)))
        score_advance(r);
    int id = instrument_from_name(name, (size_t)(r->p - name));
    if (id < 0) {
        char list[256] = "";
        for (int i = 0; i < INSTRUMENT_COUNT; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? " " : "",
                     instrument_name((instrument_id)i));
        return score_fail(r, line, col, "no instrument '@%.*s' (there are: %s)", (int)(r->p - name),
                          name, list);
    }
    score_cmd *c = score_emit(r, channel, SCORE_OP_INSTRUMENT, line, col);
    if (!c)
        return -1;
    c->value = id;
    return 0;
}

/* One command of a channel line. */
static int score_command(score_reader *r, int channel)
{
    uint32_t line = r->line, col = r->col;
    int c = score_peek(r);
    static const struct {
        char letter;
        score_op op;
        int lo, hi;
        const char *what;
    } numbered[] = {
        {'o', SCORE_OP_OCTAVE, 0, 8, "an octave 'o'"},
        {'v', SCORE_OP_VOLUME, 0, 15, "a volume 'v'"},
        {'q', SCORE_OP_GATE, 1, 8, "a gate 'q'"},
        {'k', SCORE_OP_TRANSPOSE, -24, 24, "a transpose 'k'"},
    };
    if (score_letter(c) >= 0)
        return score_read_note(r, channel, line, col);
    for (size_t i = 0; i < sizeof numbered / sizeof numbered[0]; i++)
        if (c == numbered[i].letter) {
            score_advance(r);
            score_cmd *cmd = score_emit(r, channel, numbered[i].op, line, col);
            return cmd ? score_number(r, numbered[i].lo, numbered[i].hi, numbered[i].what,
                                      &cmd->value)
                       : -1;
        }
    score_cmd *cmd = NULL;
    switch (c) {
    case 'r':
    case 'l':
        score_advance(r);
        cmd = score_emit(r, channel, c == 'r' ? SCORE_OP_REST : SCORE_OP_LENGTH, line, col);
        if (!cmd || score_length(r, &cmd->ticks, &cmd->quarters) != 0)
            return -1;
        if (c == 'l' && cmd->quarters)
            return score_fail(r, line, col, "'l' needs a length");
        return 0;
    case '<':
    case '>':
    case 'L':
        score_advance(r);
        return score_emit(r, channel,
                          c == '<'   ? SCORE_OP_DOWN
                          : c == '>' ? SCORE_OP_UP
                                     : SCORE_OP_LOOP,
                          line, col)
                   ? 0
                   : -1;
    case '[':
    case '|':
    case ']': return score_bracket(r, channel, c, line, col);
    case '@': return score_instrument(r, channel, line, col);
    default:
        if (c >= 0x21 && c < 0x7f)
            return score_fail(r, line, col, "'%c' is not a score command", c);
        return score_fail(r, line, col, "byte 0x%02x is not a score command", c);
    }
}

/* The channel named name (len bytes), added if new; -1 after an error. */
static int score_channel(score_reader *r, const char *name, size_t len, uint32_t line, uint32_t col)
{
    score_sheet *s = r->s;
    for (int i = 0; i < s->channel_count; i++)
        if (strlen(s->channels[i]) == len && memcmp(s->channels[i], name, len) == 0)
            return i;
    if (len >= SCORE_NAME_MAX)
        return score_fail(r, line, col, "a channel's name is at most %d letters",
                          SCORE_NAME_MAX - 1);
    if (s->channel_count >= SCORE_CHANNELS)
        return score_fail(r, line, col, "at most %d channels", SCORE_CHANNELS);
    memcpy(s->channels[s->channel_count], name, len);
    s->channels[s->channel_count][len] = '\0';
    return s->channel_count++;
}

/* A header's text after `title` or `about`: "TEXT" in double quotes, on its line,
 * printable ASCII (what the front end's font draws), cut to nothing. */
static int score_text(score_reader *r, const char *what, char *out, size_t size)
{
    score_skip_blanks(r);
    uint32_t line = r->line, col = r->col;
    if (out[0])
        return score_fail(r, line, col, "'%s' is given twice", what);
    if (r->s->channel_count > 0)
        return score_fail(r, line, col, "'%s' comes before the channels", what);
    if (score_peek(r) != '"')
        return score_fail(r, line, col, "'%s' wants its text in double quotes", what);
    score_advance(r);
    size_t n = 0;
    for (int c = score_peek(r); c != '"'; c = score_peek(r)) {
        if (!c || c == '\n')
            return score_fail(r, line, col, "the text of '%s' has no closing quote on its line",
                              what);
        if (c < 0x20 || c > 0x7e)
            return score_fail(r, r->line, r->col,
                              "the text of '%s' holds printable ASCII only, not byte 0x%02x", what,
                              c);
        if (n + 1 >= size)
            return score_fail(r, r->line, r->col, "the text of '%s' is at most %zu characters",
                              what, size - 1);
        out[n++] = (char)c;
        score_advance(r);
    }
    score_advance(r);
    out[n] = '\0';
    if (n == 0)
        return score_fail(r, line, col, "the text of '%s' is empty", what);
    score_skip_blanks(r);
    if (score_peek(r) && score_peek(r) != '\n')
        return score_fail(r, r->line, r->col, "nothing follows the text of '%s' on its line", what);
    return 0;
}

/* line := [ 'tempo' number | 'title' "TEXT" | 'about' "TEXT" | name ':' { command } ] */
static int score_line(score_reader *r)
{
    score_skip_blanks(r);
    if (score_peek(r) == '\n' || !score_peek(r))
        return 0;
    uint32_t line = r->line, col = r->col;
    const char *word = r->p;
    while (score_is_word(score_peek(r)))
        score_advance(r);
    size_t len = (size_t)(r->p - word);
    if (len == 5 && memcmp(word, "tempo", 5) == 0) {
        if (r->s->channel_count > 0)
            return score_fail(r, line, col, "'tempo' comes before the channels");
        return score_number(r, 40, 300, "'tempo'", &r->s->tempo);
    }
    score_skip_blanks(r);
    if (len == 5 && memcmp(word, "title", 5) == 0 && score_peek(r) != ':')
        return score_text(r, "title", r->s->title, sizeof r->s->title);
    if (len == 5 && memcmp(word, "about", 5) == 0 && score_peek(r) != ':')
        return score_text(r, "about", r->s->about, sizeof r->s->about);
    score_skip_blanks(r);
    if (len == 0 || score_peek(r) != ':')
        return score_fail(r, line, col,
                          "a line is 'tempo N', 'title \"TEXT\"', 'about \"TEXT\"' or a "
                          "channel 'NAME: notes'");
    score_advance(r);
    int channel = score_channel(r, word, len, line, col);
    if (channel < 0)
        return -1;
    for (;;) {
        score_skip_blanks(r);
        if (score_peek(r) == '\n' || !score_peek(r))
            return 0;
        if (score_command(r, channel) != 0)
            return -1;
    }
}

/* ---- performing ---- */

/* A channel's state while it plays. */
typedef struct score_player {
    int octave, volume, gate, transpose, instrument;
    int32_t length;
    uint32_t time;
    int32_t loop; /* -1: no L yet */
    int stack[SCORE_NEST_MAX], passes[SCORE_NEST_MAX], depth;
} score_player;

typedef struct score_perform {
    score_reader *r;
    uint64_t steps;
    uint32_t max_ticks;
    uint16_t starts[SCORE_SECONDS_MAX + 1]; /* notes starting in each second */
    uint32_t capacity;
    int32_t loop; /* -1: none yet */
    const score_cmd *loop_cmd;
} score_perform;

/* The length of a note or rest at the player's default length. */
static int score_ticks(score_perform *pf, const score_player *pl, const score_cmd *c, int32_t *out)
{
    int32_t q = c->quarters * pl->length;
    if (q % 4)
        return score_fail(pf->r, c->line, c->col, "the dotted default length is finer than a tick");
    *out = c->ticks + q / 4;
    return 0;
}

static int score_add_note(score_perform *pf, const score_player *pl, const score_cmd *c,
                          int32_t ticks, int channel)
{
    score_sheet *s = pf->r->s;
    int pitch = 12 * (pl->octave + 1) + c->value + pl->transpose;
    if (pitch < 0 || pitch > 127)
        return score_fail(pf->r, c->line, c->col, "the note is out of range (MIDI %d)", pitch);
    if (pl->volume == 0)
        return 0;
    if (s->count >= SCORE_NOTES_MAX)
        return score_fail(pf->r, c->line, c->col, "more than %d notes once the repeats unroll",
                          SCORE_NOTES_MAX);
    if (s->count >= pf->capacity) {
        uint32_t cap = pf->capacity ? pf->capacity * 2 : 1024;
        score_note *n = mem_realloc(s->notes, cap * sizeof *n);
        if (!n)
            return score_fail(pf->r, c->line, c->col, "out of memory for the notes");
        s->notes = n;
        pf->capacity = cap;
    }
    int32_t sound = (int32_t)((int64_t)ticks * pl->gate / 8);
    s->notes[s->count++] = (score_note){pl->time,         (uint32_t)(sound > 0 ? sound : 1),
                                        (uint8_t)channel, (uint8_t)pl->instrument,
                                        (uint8_t)pitch,   (uint8_t)pl->volume};
    /* what the synthesizer will render for it: its layers, each with its release */
    synth_layer layers[INSTRUMENT_LAYERS];
    int n =
        instrument_note((instrument_id)pl->instrument, pitch, 0.0f,
                        (float)score_seconds(s, (uint32_t)(sound > 0 ? sound : 1)), 1.0f, layers);
    for (int i = 0; i < n; i++)
        s->work += (double)layers[i].start + (double)layers[i].length;
    if (s->work > SCORE_WORK_MAX)
        return score_fail(pf->r, c->line, c->col,
                          "more than %d seconds of synthesis in all (every layer of every note, "
                          "with its release): the track would take too long to make",
                          SCORE_WORK_MAX);
    double at = score_seconds(s, pl->time);
    int second = at < SCORE_SECONDS_MAX ? (int)at : SCORE_SECONDS_MAX;
    if (++pf->starts[second] > SCORE_DENSITY_MAX)
        return score_fail(pf->r, c->line, c->col,
                          "more than %d notes start within the second from %d s: too dense to "
                          "make in time",
                          SCORE_DENSITY_MAX, second);
    return 0;
}

/* Note and rest: the time moves on, within the longest track. */
static int score_play_length(score_perform *pf, score_player *pl, const score_cmd *c)
{
    int32_t ticks = 0;
    if (score_ticks(pf, pl, c, &ticks) != 0)
        return -1;
    if (c->op == SCORE_OP_NOTE && score_add_note(pf, pl, c, ticks, c->channel) != 0)
        return -1;
    if ((uint64_t)pl->time + (uint64_t)ticks > pf->max_ticks)
        return score_fail(pf->r, c->line, c->col, "the track is longer than %d seconds",
                          SCORE_SECONDS_MAX);
    pl->time += (uint32_t)ticks;
    return 0;
}

/* The repeat commands: returns the next command's index, or -1 after an error. */
static int score_play_repeat(score_player *pl, const score_cmd *cmds, int i)
{
    const score_cmd *c = &cmds[i];
    if (c->op == SCORE_OP_OPEN) {
        pl->stack[pl->depth] = i;
        pl->passes[pl->depth++] = cmds[c->jump].value;
        return i + 1;
    }
    if (c->op == SCORE_OP_BREAK) {
        if (pl->passes[pl->depth - 1] > 1)
            return i + 1;
        pl->depth--;
        return c->jump + 1;
    }
    if (--pl->passes[pl->depth - 1] > 0)
        return pl->stack[pl->depth - 1] + 1;
    pl->depth--;
    return i + 1;
}

/* The loop point: every channel that marks one marks it at the same time. */
static int score_play_loop(score_perform *pf, score_player *pl, const score_cmd *c)
{
    if (pl->loop >= 0 || pl->depth > 0)
        return score_fail(pf->r, c->line, c->col,
                          pl->depth ? "the loop point 'L' cannot be inside a repeat"
                                    : "a channel has one loop point 'L'");
    pl->loop = (int32_t)pl->time;
    if (pf->loop >= 0 && pf->loop != pl->loop)
        return score_fail(pf->r, c->line, c->col,
                          "this 'L' is at tick %d, but %u:%u put the loop point at tick %d",
                          pl->loop, pf->loop_cmd->line, pf->loop_cmd->col, pf->loop);
    pf->loop = pl->loop;
    pf->loop_cmd = c;
    return 0;
}

/* Plays one channel's commands into notes. */
static int score_play_channel(score_perform *pf, int channel, int from, int to)
{
    score_player pl = {4, 12, 7, 0, 0, SCORE_TICKS_WHOLE / 4, 0, -1, {0}, {0}, 0};
    const score_cmd *cmds = pf->r->cmds;
    for (int i = from; i < to;) {
        const score_cmd *c = &cmds[i];
        if (++pf->steps > SCORE_STEPS_MAX)
            return score_fail(pf->r, c->line, c->col,
                              "the repeats play more than %d commands: too many passes",
                              SCORE_STEPS_MAX);
        int next = i + 1, rc = 0;
        switch ((score_op)c->op) {
        case SCORE_OP_NOTE:
        case SCORE_OP_REST: rc = score_play_length(pf, &pl, c); break;
        case SCORE_OP_OCTAVE: pl.octave = c->value; break;
        case SCORE_OP_UP:
        case SCORE_OP_DOWN:
            pl.octave += c->op == SCORE_OP_UP ? 1 : -1;
            if (pl.octave < 0 || pl.octave > 8)
                rc = score_fail(pf->r, c->line, c->col, "the octave goes past 0 .. 8");
            break;
        case SCORE_OP_LENGTH: pl.length = c->ticks; break;
        case SCORE_OP_VOLUME: pl.volume = c->value; break;
        case SCORE_OP_GATE: pl.gate = c->value; break;
        case SCORE_OP_TRANSPOSE: pl.transpose = c->value; break;
        case SCORE_OP_INSTRUMENT: pl.instrument = c->value; break;
        case SCORE_OP_OPEN:
        case SCORE_OP_BREAK:
        case SCORE_OP_CLOSE: next = score_play_repeat(&pl, cmds, i); break;
        case SCORE_OP_LOOP: rc = score_play_loop(pf, &pl, c); break;
        }
        if (rc != 0)
            return -1;
        i = next;
    }
    pf->r->s->channel_end[channel] = pl.time;
    if (pl.time > pf->r->s->end)
        pf->r->s->end = pl.time;
    return 0;
}

/* Puts each channel's commands together, in order (the jumps follow), so that a
 * channel plays its own commands without stepping over the others': a repeat
 * around thousands of another channel's commands costs nothing more. first[ch]
 * and first[ch + 1] bound channel ch's. */
static int score_group(score_reader *r, int *first)
{
    score_cmd *sorted = mem_alloc((size_t)r->count * sizeof *sorted + 1);
    int *where = mem_alloc((size_t)r->count * sizeof *where + 1);
    if (!sorted || !where) {
        mem_free(sorted);
        mem_free(where);
        return score_fail(r, 1, 1, "out of memory for the score");
    }
    int n = 0;
    for (int ch = 0; ch < r->s->channel_count; ch++) {
        first[ch] = n;
        for (int i = 0; i < r->count; i++)
            if (r->cmds[i].channel == ch) {
                where[i] = n;
                sorted[n++] = r->cmds[i];
            }
    }
    first[r->s->channel_count] = n;
    for (int i = 0; i < n; i++)
        if (sorted[i].jump >= 0)
            sorted[i].jump = where[sorted[i].jump];
    memcpy(r->cmds, sorted, (size_t)n * sizeof *sorted);
    mem_free(sorted);
    mem_free(where);
    return 0;
}

/* Checks the brackets are closed, then plays every channel. */
static int score_perform_all(score_reader *r)
{
    for (int ch = 0; ch < r->s->channel_count; ch++)
        if (r->depth[ch] > 0) {
            const score_cmd *open = &r->cmds[r->open[ch][r->depth[ch] - 1]];
            return score_fail(r, open->line, open->col, "this '[' is never closed by ']'");
        }
    score_perform pf;
    memset(&pf, 0, sizeof pf);
    pf.r = r;
    pf.loop = -1;
    pf.max_ticks =
        (uint32_t)(SCORE_SECONDS_MAX * (double)r->s->tempo / 60.0 * (SCORE_TICKS_WHOLE / 4));
    int first[SCORE_CHANNELS + 1];
    if (score_group(r, first) != 0)
        return -1;
    for (int ch = 0; ch < r->s->channel_count; ch++)
        if (score_play_channel(&pf, ch, first[ch], first[ch + 1]) != 0)
            return -1;
    if (r->s->count == 0)
        return score_fail(r, r->line, r->col, "the score plays no note");
    r->s->loop = pf.loop > 0 ? (uint32_t)pf.loop : 0;
    if (r->s->loop >= r->s->end)
        return score_fail(r, pf.loop_cmd->line, pf.loop_cmd->col,
                          "the loop point 'L' is at the end: nothing would loop");
    return 0;
}

int score_parse(score_sheet *s, const char *file, const char *text, size_t len, char *err,
                size_t err_size)
{
    memset(s, 0, sizeof *s);
    s->tempo = 120;
    score_reader r = {file, text, text + len, 1, 1, s, NULL, 0, {{0}}, {0}, err, err_size, 0};
    if (len > SCORE_TEXT_MAX)
        return score_fail(&r, 1, 1, "the score is over %d bytes", SCORE_TEXT_MAX);
    r.cmds = mem_alloc(SCORE_COMMANDS_MAX * sizeof *r.cmds);
    if (!r.cmds)
        return score_fail(&r, 1, 1, "out of memory for the score");
    while (score_peek(&r) && score_line(&r) == 0 && score_peek(&r) == '\n')
        score_advance(&r);
    if (!r.failed && r.p < r.end) /* a NUL byte inside the text */
        score_fail(&r, r.line, r.col, "byte 0x00 is not a score command");
    if (!r.failed)
        score_perform_all(&r);
    mem_free(r.cmds);
    if (r.failed) {
        score_free(s);
        return -1;
    }
    return 0;
}

int score_load(score_sheet *s, const char *path, char *err, size_t err_size)
{
    memset(s, 0, sizeof *s);
    size_t len;
    char why[256];
    char *text = file_read_limit(path, SCORE_TEXT_MAX, &len, why, sizeof why);
    if (!text) {
        snprintf(err, err_size, "%s:1:1: %s", path, file_error_reason(why, path));
        return -1;
    }
    int rc = score_parse(s, path, text, len, err, err_size);
    mem_free(text);
    return rc;
}

void score_free(score_sheet *s)
{
    mem_free(s->notes);
    s->notes = NULL;
    s->count = 0;
}

double score_seconds(const score_sheet *s, uint32_t t)
{
    return (double)t * 60.0 / ((double)s->tempo * (SCORE_TICKS_WHOLE / 4));
}
