/*
 * bench_compare: two runs, figure by figure. See bench_compare.h.
 *
 * Figures are matched by key through a copy of each run's figure pointers
 * sorted by key (binary search), so large reports compare in n log n; the
 * table itself follows the new run's order, which is the order its tables were
 * printed in.
 */
#include "bench/bench_compare.h"

#include "core/mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int compare_by_key(const void *a, const void *b)
{
    const bench_figure *fa = *(const bench_figure *const *)a, *fb = *(const bench_figure *const *)b;
    return strcmp(fa->key, fb->key);
}

/* A run's figures sorted by key, for look-ups; NULL when out of memory. */
static const bench_figure **compare_index(const bench_report *r)
{
    const bench_figure **idx = mem_alloc((size_t)(r->figure_count + 1) * sizeof *idx);
    if (!idx)
        return NULL;
    for (int i = 0; i < r->figure_count; i++)
        idx[i] = &r->figures[i];
    qsort(idx, (size_t)r->figure_count, sizeof *idx, compare_by_key);
    return idx;
}

static const bench_figure *compare_find(const bench_figure **idx, int count, const char *key)
{
    bench_figure probe;
    snprintf(probe.key, sizeof probe.key, "%s", key);
    const bench_figure *p = &probe;
    const bench_figure **hit = bsearch(&p, idx, (size_t)count, sizeof *idx, compare_by_key);
    return hit ? *hit : NULL;
}

bench_verdict bench_compare_figure(const bench_figure *old, const bench_figure *new_fig,
                                   double threshold)
{
    if (strcmp(old->unit, new_fig->unit) != 0)
        return BENCH_VERDICT_UNIT;
    if (new_fig->better == BENCH_NEUTRAL || old->better == BENCH_NEUTRAL)
        return BENCH_VERDICT_NEUTRAL;
    double d = new_fig->value - old->value;
    double scale = fabs(old->value);
    /* From zero any change is beyond the threshold. */
    if (d == 0 || (scale > 0 && fabs(d) <= threshold * scale))
        return BENCH_VERDICT_SAME;
    int up = d > 0;
    return up == (new_fig->better == BENCH_HIGHER_BETTER) ? BENCH_VERDICT_BETTER
                                                          : BENCH_VERDICT_WORSE;
}

/* A value in about four significant digits, without an exponent where one can
 * be avoided. */
static void compare_format(char *out, size_t size, double v)
{
    double a = fabs(v);
    if (a == 0 || (a >= 1e-3 && a < 1e9)) {
        int decimals = a >= 1000 ? 1 : a >= 100 ? 2 : a >= 1 ? 3 : 4;
        snprintf(out, size, "%.*f", decimals, v);
    } else {
        snprintf(out, size, "%.3e", v);
    }
}

/* "+5.2%", or "n/a" from zero. */
static void compare_change(char *out, size_t size, double old, double new_value)
{
    if (old == new_value)
        snprintf(out, size, "0.0%%");
    else if (old == 0)
        snprintf(out, size, "n/a");
    else
        snprintf(out, size, "%+.1f%%", 100.0 * (new_value - old) / fabs(old));
}

/* Prints one machine field that differs; counts it. */
static void compare_field(FILE *out, int *n, const char *field, const char *old, const char *now)
{
    if (strcmp(old, now) == 0)
        return;
    fprintf(out, "  differs: %-9s \"%s\" -> \"%s\"\n", field, old, now);
    (*n)++;
}

/* The header: both machine lines and what differs between them. */
static int compare_machines(FILE *out, const bench_report *old, const bench_report *now)
{
    char line[1200];
    bench_machine_describe(&old->machine, line, sizeof line);
    fprintf(out, "old: %s%s\n", line, old->quick ? " (--quick)" : "");
    bench_machine_describe(&now->machine, line, sizeof line);
    fprintf(out, "new: %s%s\n", line, now->quick ? " (--quick)" : "");
    int n = 0;
    char oc[16], nc[16];
    snprintf(oc, sizeof oc, "%d", old->machine.cores);
    snprintf(nc, sizeof nc, "%d", now->machine.cores);
    compare_field(out, &n, "cpu", old->machine.cpu, now->machine.cpu);
    compare_field(out, &n, "cores", oc, nc);
    compare_field(out, &n, "compiler", old->machine.compiler, now->machine.compiler);
    compare_field(out, &n, "build", old->machine.build, now->machine.build);
    compare_field(out, &n, "flags", old->machine.flags, now->machine.flags);
    compare_field(out, &n, "curtain", old->machine.version, now->machine.version);
    compare_field(out, &n, "--quick", old->quick ? "yes" : "no", now->quick ? "yes" : "no");
    if (n)
        fprintf(out, "  the runs differ in %d of the above: a change is not the code's alone%s\n",
                n, old->quick != now->quick ? "; --quick figures are not comparable" : "");
    else
        fprintf(out, "  same machine line and build flags\n");
    return n;
}

/* Per-scenario geometric mean of judged speed-ups. */
typedef struct compare_scenario {
    char name[48];
    double log_sum;
    int judged, better, worse;
} compare_scenario;

#define COMPARE_MAX_SCENARIOS 64

static compare_scenario *compare_scenario_of(compare_scenario *s, int *count, const char *key)
{
    char name[48];
    size_t n = strcspn(key, "/");
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), key);
    for (int i = 0; i < *count; i++)
        if (strcmp(s[i].name, name) == 0)
            return &s[i];
    if (*count == COMPARE_MAX_SCENARIOS)
        return NULL;
    compare_scenario *c = &s[(*count)++];
    *c = (compare_scenario){0};
    snprintf(c->name, sizeof c->name, "%s", name);
    return c;
}

static void compare_count(bench_compare_totals *t, compare_scenario *sc, const bench_figure *o,
                          const bench_figure *n, bench_verdict v)
{
    t->both++;
    t->better += v == BENCH_VERDICT_BETTER;
    t->worse += v == BENCH_VERDICT_WORSE;
    t->same += v == BENCH_VERDICT_SAME;
    t->neutral += v == BENCH_VERDICT_NEUTRAL;
    t->unit_changed += v == BENCH_VERDICT_UNIT;
    if (!sc || v == BENCH_VERDICT_NEUTRAL || v == BENCH_VERDICT_UNIT || o->value <= 0 ||
        n->value <= 0)
        return;
    double speedup = n->better == BENCH_HIGHER_BETTER ? n->value / o->value : o->value / n->value;
    sc->log_sum += log(speedup);
    sc->judged++;
    sc->better += v == BENCH_VERDICT_BETTER;
    sc->worse += v == BENCH_VERDICT_WORSE;
}

/* The figure table, in the new run's order. */
static void compare_table(FILE *out, const bench_report *old, const bench_figure **old_idx,
                          const bench_report *now, double threshold, bench_compare_totals *t,
                          compare_scenario *sc, int *sc_count)
{
    static const char *const verdicts[] = {"~", "better", "worse", "", "unit changed"};
    int width = 6;
    for (int i = 0; i < now->figure_count; i++) {
        int len = (int)strlen(now->figures[i].key);
        width = len > width ? len : width;
    }
    width = width > 72 ? 72 : width;
    fprintf(out, "\n%-*s %12s %12s %12s %9s\n", width, "figure", "unit", "old", "new", "change");
    for (int i = 0; i < now->figure_count; i++) {
        const bench_figure *n = &now->figures[i];
        const bench_figure *o = compare_find(old_idx, old->figure_count, n->key);
        if (!o)
            continue;
        bench_verdict v = bench_compare_figure(o, n, threshold);
        compare_count(t, compare_scenario_of(sc, sc_count, n->key), o, n, v);
        char ov[32], nv[32], ch[32];
        compare_format(ov, sizeof ov, o->value);
        compare_format(nv, sizeof nv, n->value);
        compare_change(ch, sizeof ch, o->value, n->value);
        const char *verdict = verdicts[v];
        if (v == BENCH_VERDICT_NEUTRAL && o->value != n->value)
            verdict = "changed";
        fprintf(out, "%-*s %12s %12s %12s %9s  %s\n", width, n->key, n->unit, ov, nv, ch, verdict);
    }
}

/* Keys of `from` that `other` lacks, listed under a heading. */
static int compare_only(FILE *out, const bench_report *from, const bench_figure **other_idx,
                        int other_count, const char *heading, int print)
{
    int n = 0;
    for (int i = 0; i < from->figure_count; i++) {
        if (compare_find(other_idx, other_count, from->figures[i].key))
            continue;
        if (print) {
            if (n == 0)
                fprintf(out, "\nonly in %s:\n", heading);
            fprintf(out, "  %s\n", from->figures[i].key);
        }
        n++;
    }
    return n;
}

int bench_compare_print(FILE *out, const bench_report *old, const bench_report *now,
                        double threshold, bench_compare_totals *totals)
{
    const bench_figure **old_idx = compare_index(old);
    const bench_figure **new_idx = compare_index(now);
    compare_scenario *sc = mem_calloc(COMPARE_MAX_SCENARIOS, sizeof *sc);
    if (!old_idx || !new_idx || !sc) {
        mem_free(old_idx);
        mem_free(new_idx);
        mem_free(sc);
        return -1;
    }
    bench_compare_totals t = {0};
    int sc_count = 0;
    fprintf(out, "\n== compare: %s (new) against %s (old); \"~\": within %.0f%%\n", now->name,
            old->name, threshold * 100);
    t.machine_differs = compare_machines(out, old, now);
    compare_table(out, old, old_idx, now, threshold, &t, sc, &sc_count);
    if (sc_count)
        fprintf(out, "\nper scenario, geometric mean of new/old speed (above 1: better):\n");
    for (int i = 0; i < sc_count; i++)
        if (sc[i].judged)
            fprintf(out, "  %-12s %6.3fx  (%d figures: %d better, %d worse)\n", sc[i].name,
                    exp(sc[i].log_sum / sc[i].judged), sc[i].judged, sc[i].better, sc[i].worse);
    t.only_old = compare_only(out, old, new_idx, now->figure_count, old->name, 1);
    t.only_new = compare_only(out, now, old_idx, old->figure_count, now->name, 1);
    fprintf(out,
            "\n%d figures in both: %d better, %d worse, %d within %.0f%%, %d neutral, %d with "
            "another unit; %d only in %s, %d only in %s\n",
            t.both, t.better, t.worse, t.same, threshold * 100, t.neutral, t.unit_changed,
            t.only_old, old->name, t.only_new, now->name);
    mem_free(old_idx);
    mem_free(new_idx);
    mem_free(sc);
    if (totals)
        *totals = t;
    return 0;
}
