/*
 * bench: the tables, figures and JSON reports of every `curtain bench` scenario,
 * and the comparison of two reports (see bench.h).
 */
#include "bench/bench.h"

#include "core/file.h"
#include "core/mem.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef CURTAIN_BUILD_FLAGS
#define CURTAIN_BUILD_FLAGS ""
#endif
#ifndef CURTAIN_BUILD_TYPE
#define CURTAIN_BUILD_TYPE ""
#endif

void bench_init(bench *b, FILE *out, int quick)
{
    *b = (bench){.out = out, .quick = quick};
}

void bench_free(bench *b)
{
    mem_free(b->figures);
    b->figures = NULL;
    b->figure_count = b->figure_cap = 0;
}

/* The CPU's model name from /proc/cpuinfo, or "unknown CPU". */
static void bench_cpu_name(char *out, size_t size)
{
    snprintf(out, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon) {
            colon++;
            while (*colon == ' ' || *colon == '\t')
                colon++;
            colon[strcspn(colon, "\n")] = '\0';
            snprintf(out, size, "%s", colon);
            break;
        }
    }
    fclose(f);
}

static void bench_compiler(char *out, size_t size)
{
#if defined(__clang__)
    snprintf(out, size, "clang %s", __clang_version__);
#elif defined(__GNUC__)
    snprintf(out, size, "gcc %s", __VERSION__);
#else
    snprintf(out, size, "unknown compiler");
#endif
}

void bench_machine_detect(bench_machine *m)
{
    *m = (bench_machine){0};
    snprintf(m->version, sizeof m->version, "%s", CURTAIN_VERSION);
    bench_cpu_name(m->cpu, sizeof m->cpu);
    m->cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
    bench_compiler(m->compiler, sizeof m->compiler);
    snprintf(m->build, sizeof m->build, "%s", CURTAIN_BUILD_TYPE);
    snprintf(m->flags, sizeof m->flags, "%s", CURTAIN_BUILD_FLAGS);
}

void bench_machine_describe(const bench_machine *m, char *out, size_t size)
{
    snprintf(out, size, "curtain %s | %s | %d cores | %s | %s build, flags:%s", m->version, m->cpu,
             m->cores, m->compiler, m->build, m->flags);
}

void bench_print_header(bench *b)
{
    bench_machine m;
    char line[1200];
    bench_machine_detect(&m);
    bench_machine_describe(&m, line, sizeof line);
    fprintf(b->out, "%s\n", line);
}

void bench_begin_scenario(bench *b, const char *name, const char *description)
{
    b->scenario = name;
    fprintf(b->out, "\n== %s: %s\n", name, description);
}

/* Copies text into a key part: letters, digits, '.', '-' and '_' kept, the rest '_'. */
static void bench_key_part(char *out, size_t size, const char *text)
{
    size_t n = 0;
    for (; *text && n + 1 < size; text++) {
        unsigned char c = (unsigned char)*text;
        out[n++] = (char)(isalnum(c) || c == '.' || c == '-' || c == '_' ? tolower(c) : '_');
    }
    out[n] = '\0';
}

const bench_figure *bench_figure_find(const bench *b, const char *key)
{
    for (int i = 0; i < b->figure_count; i++)
        if (strcmp(b->figures[i].key, key) == 0)
            return &b->figures[i];
    return NULL;
}

void bench_record(bench *b, const char *key, double value, const char *unit, bench_better better)
{
    if (!isfinite(value))
        return;
    if (b->figure_count == b->figure_cap) {
        int cap = b->figure_cap ? b->figure_cap * 2 : 64;
        bench_figure *grown = mem_realloc(b->figures, (size_t)cap * sizeof *grown);
        if (!grown) {
            b->failed = 1;
            return;
        }
        b->figures = grown;
        b->figure_cap = cap;
    }
    bench_figure *f = &b->figures[b->figure_count++];
    snprintf(f->key, sizeof f->key, "%s", key);
    snprintf(f->unit, sizeof f->unit, "%s", unit ? unit : "");
    f->value = value;
    f->better = better;
}

void bench_table_begin(bench_table *t, bench *b, const char *id, const char *title,
                       const bench_column *columns, int column_count, int label_width)
{
    *t = (bench_table){.b = b, .columns = columns, .column_count = column_count};
    t->label_width = label_width > 0 ? label_width : 24;
    bench_key_part(t->id, sizeof t->id, id);
    fprintf(b->out, "\n%s\n%-*s", title, t->label_width, "");
    for (int i = 0; i < column_count; i++) {
        char head[64];
        snprintf(head, sizeof head, "%s%s%s%s", columns[i].title, columns[i].unit[0] ? " (" : "",
                 columns[i].unit, columns[i].unit[0] ? ")" : "");
        fprintf(b->out, " %14s", head);
    }
    fputc('\n', b->out);
}

/* Ends the row in progress, padding missing cells. */
static void bench_table_finish_row(bench_table *t)
{
    if (!t->row[0])
        return;
    for (; t->cell < t->column_count; t->cell++)
        fprintf(t->b->out, " %14s", "");
    fputc('\n', t->b->out);
    t->row[0] = '\0';
}

void bench_table_row(bench_table *t, const char *label)
{
    bench_table_finish_row(t);
    snprintf(t->row, sizeof t->row, "%s", label);
    t->cell = 0;
    fprintf(t->b->out, "%-*s", t->label_width, label);
}

void bench_table_value(bench_table *t, double value)
{
    if (t->cell >= t->column_count)
        return;
    const bench_column *c = &t->columns[t->cell++];
    if (isnan(value)) {
        fprintf(t->b->out, " %14s", "-");
        return;
    }
    fprintf(t->b->out, " %14.*f", c->decimals, value);
    char key[160], row[48], col[48];
    bench_key_part(row, sizeof row, t->row);
    bench_key_part(col, sizeof col, c->title);
    snprintf(key, sizeof key, "%s/%s/%s/%s", t->b->scenario ? t->b->scenario : "bench", t->id, row,
             col);
    bench_record(t->b, key, value, c->unit, c->better);
}

void bench_table_text(bench_table *t, const char *text)
{
    if (t->cell >= t->column_count)
        return;
    t->cell++;
    fprintf(t->b->out, " %14s", text);
}

void bench_table_end(bench_table *t)
{
    bench_table_finish_row(t);
    fflush(t->b->out);
}

void bench_note(bench *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("  ", b->out);
    vfprintf(b->out, fmt, ap);
    fputc('\n', b->out);
    va_end(ap);
}

/* Appends text to a growing buffer; on failure sets *ok to 0. */
static void __attribute__((format(printf, 5, 6)))
bench_append(char **buf, size_t *len, size_t *cap, int *ok, const char *fmt, ...)
{
    if (!*ok)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(*buf ? *buf + *len : NULL, *buf ? *cap - *len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            *ok = 0;
            return;
        }
        if (*buf && *len + (size_t)n < *cap) {
            *len += (size_t)n;
            return;
        }
        size_t want = (*cap ? *cap * 2 : 4096) + (size_t)n;
        char *grown = mem_realloc(*buf, want);
        if (!grown) {
            *ok = 0;
            return;
        }
        *buf = grown;
        *cap = want;
    }
}

/* Appends s as a JSON string literal. */
static void bench_append_string(char **buf, size_t *len, size_t *cap, int *ok, const char *s)
{
    bench_append(buf, len, cap, ok, "\"");
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            bench_append(buf, len, cap, ok, "\\%c", c);
        else if (c < 0x20)
            bench_append(buf, len, cap, ok, "\\u%04x", c);
        else
            bench_append(buf, len, cap, ok, "%c", c);
    }
    bench_append(buf, len, cap, ok, "\"");
}

int bench_write_json(const bench *b, const char *path, char *err, size_t err_size)
{
    static const char *const better_names[] = {"lower", "higher", "neutral"};
    bench_machine m;
    bench_machine_detect(&m);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int ok = 1;
    bench_append(&buf, &len, &cap, &ok, "{\n  \"schema\": \"curtain-bench/1\",\n  \"curtain\": ");
    bench_append_string(&buf, &len, &cap, &ok, m.version);
    bench_append(&buf, &len, &cap, &ok, ",\n  \"machine\": {\"cpu\": ");
    bench_append_string(&buf, &len, &cap, &ok, m.cpu);
    bench_append(&buf, &len, &cap, &ok, ", \"cores\": %d, \"compiler\": ", m.cores);
    bench_append_string(&buf, &len, &cap, &ok, m.compiler);
    bench_append(&buf, &len, &cap, &ok, ", \"build\": ");
    bench_append_string(&buf, &len, &cap, &ok, m.build);
    bench_append(&buf, &len, &cap, &ok, ", \"flags\": ");
    bench_append_string(&buf, &len, &cap, &ok, m.flags);
    bench_append(&buf, &len, &cap, &ok, "},\n  \"quick\": %s,\n  \"figures\": [",
                 b->quick ? "true" : "false");
    for (int i = 0; i < b->figure_count; i++) {
        const bench_figure *f = &b->figures[i];
        bench_append(&buf, &len, &cap, &ok, "%s\n    {\"key\": ", i ? "," : "");
        bench_append_string(&buf, &len, &cap, &ok, f->key);
        bench_append(&buf, &len, &cap, &ok, ", \"value\": %.9g, \"unit\": ", f->value);
        bench_append_string(&buf, &len, &cap, &ok, f->unit);
        bench_append(&buf, &len, &cap, &ok, ", \"better\": \"%s\"}", better_names[f->better]);
    }
    bench_append(&buf, &len, &cap, &ok, "\n  ]\n}\n");
    if (!ok) {
        mem_free(buf);
        snprintf(err, err_size, "%s: out of memory while writing", path);
        return -1;
    }
    int rc = file_write_atomic(path, buf, len, err, err_size);
    mem_free(buf);
    return rc;
}

static int bench_compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

bench_stats bench_summarize(double *samples, int count)
{
    bench_stats s = {NAN, NAN, NAN, NAN, NAN};
    if (count <= 0)
        return s;
    qsort(samples, (size_t)count, sizeof *samples, bench_compare_doubles);
    double sum = 0;
    for (int i = 0; i < count; i++)
        sum += samples[i];
    s.min = samples[0];
    s.max = samples[count - 1];
    s.p50 = samples[(count - 1) / 2];
    s.p99 = samples[(int)((double)(count - 1) * 0.99)];
    s.mean = sum / count;
    return s;
}

/* Where bench_consume puts what it is given: a volatile store the compiler
 * must keep (at file scope, so that no compiler takes it for an unused local). */
static volatile uint64_t bench_sink;

void bench_consume(uint64_t value)
{
    bench_sink += value;
}
