/*
 * bulletml_gen: random BulletML documents (bulletml_gen.h).
 */
#include "bulletml_gen.h"

#include "core/rng.h"

#include <stdarg.h>
#include <stdio.h>

#define GEN_ACTIONS 4 /* labelled actions a0..a3 that refs name */
#define GEN_DEPTH   3 /* commands nested in actions and repeats */

/* Where the commands being written run: what they may fire. */
typedef enum gen_where {
    GEN_TOP,    /* an entry point: may fire bullets with scripts */
    GEN_DEF,    /* a labelled action or fire: plain bullets */
    GEN_SCRIPT, /* a bullet's script: plain bullets, and it may vanish */
} gen_where;

typedef struct gen {
    rng r;
    char *out;
    size_t len, size;
    int overflow;
    int actions; /* labelled actions defined */
    int params;  /* $n the commands may read (0 outside definitions) */
    int in_f0;   /* writing f0: no fireRef to itself (a recursion without a wait) */
    int repeats; /* repeats around the commands being written */
} gen;

static void gen_put(gen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void gen_put(gen *g, const char *fmt, ...)
{
    if (g->overflow)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(g->out + g->len, g->size - g->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= g->size - g->len) {
        g->overflow = 1;
        return;
    }
    g->len += (size_t)n;
}

static int gen_chance(gen *g, uint32_t one_in)
{
    return rng_below(&g->r, one_in) == 0;
}

static uint32_t gen_below(gen *g, uint32_t n)
{
    return rng_below(&g->r, n);
}

/* A number: a constant in [lo, lo + span), sometimes with $rand, $rank or a param. */
static void gen_number(gen *g, int lo, int span)
{
    int k = lo + (int)gen_below(g, (uint32_t)span);
    switch (gen_below(g, 7)) {
    case 0: gen_put(g, "%d+$rand*%d", k, 1 + (int)gen_below(g, 20)); break;
    case 1: gen_put(g, "%d-$rank*%d", k, (int)gen_below(g, 10)); break;
    case 2:
        if (g->params > 0) {
            int param = 1 + (int)gen_below(g, (uint32_t)g->params);
            gen_put(g, "$%d*%d", param, 1 + (int)gen_below(g, 3));
            break;
        }
        gen_put(g, "(%d+$rank)/2", k);
        break;
    case 3: gen_put(g, "%d.5", k); break;
    default: gen_put(g, "%d", k); break;
    }
}

static const char *const gen_types[] = {"", " type=\"aim\"", " type=\"absolute\"",
                                        " type=\"relative\"", " type=\"sequence\""};

static void gen_direction(gen *g)
{
    gen_put(g, "<direction%s>", gen_types[gen_below(g, 5)]);
    gen_number(g, -30, 400);
    gen_put(g, "</direction>");
}

static void gen_speed(gen *g)
{
    static const char *const types[] = {"", " type=\"absolute\"", " type=\"relative\"",
                                        " type=\"sequence\""};
    gen_put(g, "<speed%s>", types[gen_below(g, 4)]);
    gen_number(g, -1, 4);
    gen_put(g, "</speed>");
}

/* A ref's params. One may add to the caller's, never multiply it: through a
 * recursion a product grows exponentially, and libbulletml's loop normalising a huge
 * direction into [0, 360] then takes exponential time. */
static void gen_params(gen *g)
{
    if (gen_chance(g, 10))
        gen_put(g, "<wait>%u</wait>", gen_below(g, 9)); /* not a param: never read */
    for (int n = (int)gen_below(g, 3); n > 0; n--) {
        if (g->params > 0 && gen_chance(g, 3)) {
            int param = 1 + (int)gen_below(g, (uint32_t)g->params);
            gen_put(g, "<param>$%d+%u</param>", param, gen_below(g, 10));
            continue;
        }
        int saved = g->params;
        g->params = 0;
        gen_put(g, "<param>");
        gen_number(g, 0, 30);
        gen_put(g, "</param>");
        g->params = saved;
    }
}

static void gen_wait(gen *g)
{
    gen_put(g, "<wait>");
    gen_number(g, -1, 7);
    gen_put(g, "</wait>");
}

static void gen_action_ref(gen *g)
{
    gen_put(g, "<actionRef label=\"a%u\">", gen_below(g, (uint32_t)g->actions));
    gen_params(g);
    gen_put(g, "</actionRef>");
}

static void gen_commands(gen *g, gen_where where, int depth, int count);

/* A bullet: its own direction and speed sometimes, a stray child sometimes (never
 * run), and a script when fired from an entry point. */
static void gen_bullet(gen *g, gen_where where)
{
    gen_put(g, "<bullet>");
    if (gen_chance(g, 8))
        gen_put(g, "<wait>%u</wait>", gen_below(g, 9)); /* stray: never runs */
    if (gen_chance(g, 4))
        gen_speed(g);
    if (gen_chance(g, 4))
        gen_direction(g);
    if (where == GEN_TOP && g->repeats == 0 && gen_chance(g, 3)) {
        int saved = g->params;
        for (int k = 1 + (int)gen_chance(g, 4); k > 0; k--) {
            if (gen_chance(g, 3) && g->actions > 0) {
                g->params = 0;
                gen_action_ref(g);
            } else {
                gen_put(g, "<action>");
                gen_commands(g, GEN_SCRIPT, 1, 1 + (int)gen_below(g, 4));
                gen_put(g, "</action>");
            }
        }
        g->params = saved;
    }
    gen_put(g, "</bullet>");
}

/* A fire: sometimes a command before the body (never runs), and commands after the
 * body (they run after it). */
static void gen_fire(gen *g, gen_where where, int depth)
{
    gen_put(g, "<fire>");
    if (gen_chance(g, 12))
        gen_put(g, "<vanish/>"); /* before the body: never runs */
    if (gen_chance(g, 12))
        gen_put(g, "<times>%u</times>", gen_below(g, 9)); /* not used by a fire */
    if (gen_chance(g, 2))
        gen_speed(g);
    if (gen_chance(g, 3) == 0)
        gen_direction(g);
    if (gen_chance(g, 3)) {
        gen_put(g, "<bulletRef label=\"b%u\">", gen_below(g, 2));
        gen_params(g);
        gen_put(g, "</bulletRef>");
    } else {
        gen_bullet(g, where);
    }
    if (depth < GEN_DEPTH && gen_chance(g, 5))
        gen_commands(g, where == GEN_TOP ? GEN_DEF : where, depth + 1, 1 + (int)gen_below(g, 2));
    gen_put(g, "</fire>");
}

/* A repeat of an inline action, one actionRef or two (both run every round), with
 * commands after its body sometimes. */
static void gen_repeat(gen *g, gen_where where, int depth)
{
    static const char *const times[] = {"0", "1", "2", "3", "1+$rank*2", "$rand*3", "2.5"};
    gen_put(g, "<repeat><times>%s</times>", times[gen_below(g, 7)]);
    g->repeats++;
    if (g->actions > 0 && gen_chance(g, 3)) {
        gen_action_ref(g);
        if (gen_chance(g, 2))
            gen_action_ref(g);
    } else {
        gen_put(g, "<action>");
        gen_commands(g, where, depth + 1, 1 + (int)gen_below(g, 3));
        gen_put(g, "</action>");
    }
    if (gen_chance(g, 4))
        gen_commands(g, where, depth + 1, 1);
    g->repeats--;
    gen_put(g, "</repeat>");
}

static void gen_ramp(gen *g)
{
    switch (gen_below(g, 3)) {
    case 0:
        gen_put(g, "<changeDirection>");
        gen_direction(g);
        gen_put(g, "<term>%u</term></changeDirection>", gen_below(g, 12));
        break;
    case 1:
        gen_put(g, "<changeSpeed>");
        gen_speed(g);
        gen_put(g, "<term>%u</term></changeSpeed>", gen_below(g, 12));
        break;
    default:
        gen_put(g, "<accel>");
        if (gen_chance(g, 2)) {
            const char *type = gen_types[2 + gen_below(g, 3)];
            gen_put(g, "<horizontal%s>%.1f</horizontal>", type, (double)gen_below(g, 20) * 0.1 - 1);
        }
        if (gen_chance(g, 2))
            gen_put(g, "<vertical>%.1f</vertical>", (double)gen_below(g, 20) * 0.1 - 1);
        gen_put(g, "<term>%u</term></accel>", gen_below(g, 12));
        break;
    }
}

/* A bullet run as a command: it fires with the thread's last shot's direction and
 * speed where it gives none. */
static void gen_bullet_command(gen *g)
{
    if (gen_chance(g, 3)) {
        gen_put(g, "<bulletRef label=\"b%u\"/>", gen_below(g, 2));
        return;
    }
    gen_put(g, "<bullet>");
    if (gen_chance(g, 3))
        gen_speed(g);
    if (gen_chance(g, 3))
        gen_direction(g);
    gen_put(g, "</bullet>");
}

static void gen_command(gen *g, gen_where where, int depth)
{
    uint32_t pick = gen_below(g, depth < GEN_DEPTH ? 16 : 12);
    if (pick < 5)
        gen_fire(g, where, depth);
    else if (pick < 8 && gen_chance(g, 6))
        gen_bullet_command(g);
    else if (pick < 8)
        gen_wait(g);
    else if (pick < 9)
        gen_ramp(g);
    else if (pick < 10 && where == GEN_SCRIPT && gen_chance(g, 4))
        gen_put(g, "<vanish/>");
    else if (pick < 11 && g->actions > 0)
        gen_action_ref(g);
    else if (pick < 12 && !g->in_f0)
        gen_put(g, "<fireRef label=\"f0\"/>");
    else if (pick < 12)
        gen_wait(g);
    else
        gen_repeat(g, where, depth);
}

static void gen_commands(gen *g, gen_where where, int depth, int count)
{
    for (int i = 0; i < count; i++)
        gen_command(g, where, depth);
}

size_t bulletml_gen(uint64_t seed, uint32_t index, char *out, size_t size)
{
    gen g = {0};
    rng_seed(&g.r, rng_mix64(seed ^ ((uint64_t)index << 32)));
    g.out = out;
    g.size = size;
    gen_put(&g, "<?xml version=\"1.0\"%s ?>\n", gen_chance(&g, 8) ? " encoding=\"Shift_JIS\"" : "");
    gen_put(&g, "<bulletml type=\"%s\">\n", gen_chance(&g, 6) ? "horizontal" : "vertical");
    /* Labelled definitions: actions (each starts with a wait, so a recursion
     * through them waits), a plain bullet b0, a bullet b1 with params, a fire f0. */
    int actions = 1 + (int)gen_below(&g, GEN_ACTIONS);
    g.actions = actions;
    for (int a = 0; a < actions; a++) {
        g.params = 2;
        gen_put(&g, "<action label=\"a%d\"><wait>%u</wait>", a, 1 + gen_below(&g, 4));
        gen_commands(&g, GEN_DEF, 1, 1 + (int)gen_below(&g, 4));
        gen_put(&g, "</action>\n");
    }
    g.params = 2;
    gen_put(&g, "<bullet label=\"b0\"/>\n<bullet label=\"b1\">");
    gen_speed(&g);
    gen_put(&g, "<direction type=\"sequence\">$1</direction></bullet>\n<fire label=\"f0\">");
    gen_direction(&g);
    gen_put(&g, "<bullet/>");
    g.in_f0 = 1;
    if (gen_chance(&g, 2))
        gen_commands(&g, GEN_DEF, 2, 1);
    g.in_f0 = 0;
    gen_put(&g, "</fire>\n");
    g.params = 0;
    int tops = gen_chance(&g, 20) ? 0 : 1 + (int)gen_chance(&g, 3);
    for (int t = 0; t < (tops ? tops : 1); t++) {
        gen_put(&g, "<action label=\"%s%d\">", tops ? "top" : "main", t);
        gen_commands(&g, GEN_TOP, 1, 2 + (int)gen_below(&g, 4));
        gen_put(&g, "<wait>%u</wait></action>\n", gen_below(&g, 40));
    }
    gen_put(&g, "</bulletml>\n");
    return g.overflow ? 0 : g.len;
}
