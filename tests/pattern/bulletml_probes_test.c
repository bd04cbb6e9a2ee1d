/*
 * bulletml probes: curtain's reference host gives, for every probe file, the
 * trace Debian's libbulletml gave for it (NAME.trace, recorded by
 * bulletml_probes.sh); positions within 1e-6 px, the same bullets every frame.
 * Then what the traces cannot show: the upstream dialect, the host's refusals
 * and culling, and no allocation once a run has warmed up.
 *
 *   test_pattern.bulletml_probes PROBE_DIR [REFUSAL_DIR]
 *
 * With REFUSAL_DIR: each file there is refused with the error its "curtain:" line
 * names (bulletml_probes.sh refused checks what libbulletml does with it).
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "core/trig.h"
#include "pattern/bulletml/bulletml_host.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PROBE_TOLERANCE 1e-6

typedef struct probe_options {
    int frames;
    bulletml_host_options host;
} probe_options;

/* Reads "probe: frames=N rank=R rand=C seed=S" from the file's text. */
static int probe_read_options(const char *text, probe_options *po)
{
    memset(po, 0, sizeof *po);
    po->frames = 600;
    const char *p = strstr(text, "probe:");
    if (!p)
        return -1;
    p += 6;
    for (;;) {
        while (*p == ' ')
            p++;
        char key[16];
        double v;
        int used = 0;
        if (sscanf(p, "%15[a-z]=%lf%n", key, &v, &used) != 2)
            return 0;
        p += used;
        if (strcmp(key, "frames") == 0)
            po->frames = (int)v;
        else if (strcmp(key, "rank") == 0)
            po->host.rank = v;
        else if (strcmp(key, "rand") == 0) {
            po->host.rand_value = v;
            po->host.use_rand_value = 1;
        } else if (strcmp(key, "seed") == 0)
            po->host.seed = (uint64_t)v;
        else
            return -1;
    }
}

/* Parses the next "frame,id,x,y" row of a trace; returns 0 at the end. */
static int probe_next_row(const char **cursor, int *frame, uint32_t *id, double *x, double *y)
{
    const char *p = *cursor;
    while (*p && !(*p >= '0' && *p <= '9')) {
        const char *nl = strchr(p, '\n'); /* skip the header */
        p = nl ? nl + 1 : p + strlen(p);
    }
    if (!*p)
        return 0;
    char *end;
    *frame = (int)strtol(p, &end, 10);
    *id = (uint32_t)strtoul(end + 1, &end, 10);
    *x = strtod(end + 1, &end);
    *y = strtod(end + 1, &end);
    *cursor = end;
    return 1;
}

static int probe_same(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return a == b || fabs(a - b) <= PROBE_TOLERANCE;
}

/* Runs one probe and compares it with its trace. */
static void probe_check(const char *xml)
{
    char trace_path[4096], err[256];
    snprintf(trace_path, sizeof trace_path, "%.*s.trace", (int)(strlen(xml) - 4), xml);
    char *source = file_read_all(xml, NULL, err, sizeof err);
    char *trace = file_read_all(trace_path, NULL, err, sizeof err);
    probe_options po;
    bulletml_pattern p;
    bulletml_diags diags;
    CHECK(source && trace);
    if (!source || !trace || probe_read_options(source, &po) != 0 ||
        bulletml_pattern_load(&p, xml, BULLETML_DIALECT_DEBIAN, &diags) != 0) {
        fprintf(stderr, "%s: cannot run the probe (%s)\n", xml,
                diags.kept ? diags.items[0].text : err);
        CHECK(!"the probe runs");
        mem_free(source), mem_free(trace);
        return;
    }
    bulletml_host *h = bulletml_host_create(&p, &po.host);
    const char *cursor = trace;
    int ok = 1;
    for (int f = 0; ok && f < po.frames; f++) {
        bulletml_host_step(h);
        for (uint32_t i = 0; ok && i < bulletml_host_count(h); i++) {
            int tf;
            uint32_t id, tid;
            double x, y, tx, ty;
            bulletml_host_bullet(h, i, &id, &x, &y);
            if (!probe_next_row(&cursor, &tf, &tid, &tx, &ty) || tf != f || tid != id ||
                !probe_same(x, tx) || !probe_same(y, ty)) {
                fprintf(stderr,
                        "%s: frame %d: bullet %u at (%.17g, %.17g); libbulletml: frame %d bullet "
                        "%u at (%.17g, %.17g)\n",
                        xml, f, id, x, y, tf, tid, tx, ty);
                ok = 0;
            }
        }
    }
    int tf;
    uint32_t tid;
    double tx, ty;
    if (ok && probe_next_row(&cursor, &tf, &tid, &tx, &ty)) {
        fprintf(stderr, "%s: libbulletml has bullet %u in frame %d, curtain does not\n", xml, tid,
                tf);
        ok = 0;
    }
    CHECK(ok);
    bulletml_host_stats s = bulletml_host_get_stats(h);
    CHECK_EQ_INT(s.refused + s.vm.refused + s.errors, 0);
    bulletml_host_destroy(h);
    bulletml_pattern_unload(&p);
    mem_free(source);
    mem_free(trace);
}

static int probe_compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A refusal (tests/pattern/bulletml_refusals/): curtain refuses it, with an error
 * that holds the text of its "curtain:" line. bulletml_probes.sh refused checks
 * that libbulletml crashes on it, hangs or fails, as its "refusal:" line says. */
static void probe_refusal(const char *xml)
{
    char err[256], want[256] = "";
    char *source = file_read_all(xml, NULL, err, sizeof err);
    const char *at = source ? strstr(source, "curtain: ") : NULL;
    if (at) {
        at += strlen("curtain: ");
        size_t n = strcspn(at, "\r\n");
        if (n > 4 && strncmp(at + n - 4, " -->", 4) == 0)
            n -= 4;
        snprintf(want, sizeof want, "%.*s", (int)n, at);
    }
    CHECK(want[0] != '\0');
    bulletml_pattern p;
    bulletml_diags diags;
    int loaded = bulletml_pattern_load(&p, xml, BULLETML_DIALECT_DEBIAN, &diags);
    int found = 0;
    for (int k = 0; k < diags.kept; k++)
        found |= diags.items[k].severity == BULLETML_ERROR && strstr(diags.items[k].text, want);
    if (loaded == 0 || !found)
        fprintf(stderr, "%s: curtain does not refuse it with '%s'\n", xml, want);
    CHECK(loaded != 0 && found);
    if (loaded == 0)
        bulletml_pattern_unload(&p);
    mem_free(source);
}

static int probe_all(const char *dir, void (*check)(const char *xml))
{
    DIR *d = opendir(dir);
    char *names[256];
    int count = 0;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL && count < 256) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".xml") == 0) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            names[count++] = mem_strdup(path);
        }
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)count, sizeof *names, probe_compare_names);
    for (int i = 0; i < count; i++) {
        check(names[i]);
        mem_free(names[i]);
    }
    return count;
}

/* Runs a probe for frames frames; returns the host (frames already run). */
static bulletml_host *probe_host(const char *dir, const char *name, bulletml_dialect dialect,
                                 bulletml_pattern *p, const bulletml_host_options *o, int frames)
{
    char path[4096];
    bulletml_diags diags;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (bulletml_pattern_load(p, path, dialect, &diags) != 0)
        return NULL;
    bulletml_host *h = bulletml_host_create(p, o);
    for (int f = 0; h && f < frames; f++)
        bulletml_host_step(h);
    return h;
}

/* The upstream rule: changeDirection records nothing, so the sequence fire after
 * "changeDirection absolute 50" adds to the previous fire's 100: 101, not 51. */
static void test_dialects(const char *dir)
{
    static const struct {
        bulletml_dialect dialect;
        double degrees;
    } cases[] = {{BULLETML_DIALECT_DEBIAN, 51}, {BULLETML_DIALECT_UPSTREAM, 101}};
    for (int k = 0; k < 2; k++) {
        bulletml_pattern p;
        bulletml_host_options o = {0};
        bulletml_host *h = probe_host(dir, "changedir_prev.xml", cases[k].dialect, &p, &o, 2);
        CHECK(h != NULL);
        if (!h)
            continue;
        uint32_t id;
        double x, y;
        bulletml_host_bullet(h, 1, &id, &x, &y); /* the second bullet, one frame on */
        CHECK_EQ_INT(id, 2);
        CHECK_NEAR(x, sin(cases[k].degrees * TRIG_PI / 180.0), 1e-9);
        CHECK_NEAR(y, -cos(cases[k].degrees * TRIG_PI / 180.0), 1e-9);
        bulletml_host_destroy(h);
        bulletml_pattern_unload(&p);
    }
    CHECK_EQ_INT(bulletml_dialect_find("upstream"), BULLETML_DIALECT_UPSTREAM);
    CHECK_EQ_INT(bulletml_dialect_find("debian"), BULLETML_DIALECT_DEBIAN);
    CHECK_EQ_INT(bulletml_dialect_find("noiz2sa"), -1);
}

/* Once warmed up, frames allocate nothing; a full host refuses and counts. */
static void test_limits(const char *dir)
{
    bulletml_pattern p;
    bulletml_host_options o = {0};
    o.capacity = 40;
    bulletml_host *h = probe_host(dir, "nested_repeat.xml", BULLETML_DIALECT_DEBIAN, &p, &o, 2);
    CHECK(h != NULL);
    if (!h)
        return;
    mem_stats before = mem_get_stats();
    for (int f = 0; f < 28; f++)
        bulletml_host_step(h);
    CHECK_EQ_U64(mem_get_stats().allocs, before.allocs);
    bulletml_host_stats s = bulletml_host_get_stats(h);
    CHECK_EQ_INT(bulletml_host_count(h), 39); /* 40 slots, one for the emitter */
    CHECK(s.refused > 0);
    CHECK_EQ_U64(s.spawned, 39);
    bulletml_host_destroy(h);
    bulletml_pattern_unload(&p);
}

/* Culling drops bullets that leave the square and reuses their slots. */
static void test_cull(const char *dir)
{
    bulletml_pattern p;
    bulletml_host_options o = {0};
    o.capacity = 512;
    o.cull = 5;
    bulletml_host *h = probe_host(dir, "nested_repeat.xml", BULLETML_DIALECT_DEBIAN, &p, &o, 80);
    CHECK(h != NULL);
    if (!h)
        return;
    bulletml_host_stats s = bulletml_host_get_stats(h);
    CHECK_EQ_U64(s.refused, 0);
    CHECK(s.culled > 0);
    CHECK(s.spawned > 511); /* more bullets than slots over the run */
    for (uint32_t i = 0; i < bulletml_host_count(h); i++) {
        uint32_t id;
        double x, y;
        bulletml_host_bullet(h, i, &id, &x, &y);
        CHECK(fabs(x) <= 5 && fabs(y) <= 5);
    }
    bulletml_host_destroy(h);
    bulletml_pattern_unload(&p);
}

/* A recursion runs in a bounded stack: past warm-up, 3000 frames of recursion.xml
 * (hundreds of levels deep in libbulletml) allocate nothing and fail nothing. One
 * without a wait, which hangs libbulletml, stops at the VM's budget with an error at
 * the recursive ref, naming the frame. */
static void test_recursion(const char *dir)
{
    bulletml_pattern p;
    bulletml_host_options o = {0};
    bulletml_host *h = probe_host(dir, "recursion.xml", BULLETML_DIALECT_DEBIAN, &p, &o, 2);
    CHECK(h != NULL);
    if (!h)
        return;
    mem_stats before = mem_get_stats();
    for (int f = 0; f < 3000; f++)
        bulletml_host_step(h);
    CHECK_EQ_U64(mem_get_stats().allocs, before.allocs);
    bulletml_host_stats s = bulletml_host_get_stats(h);
    CHECK_EQ_U64(s.errors, 0);
    CHECK(s.spawned > 500);
    bulletml_host_destroy(h);
    bulletml_pattern_unload(&p);

    const char *path = "bulletml_probes_runaway.xml";
    FILE *file = fopen(path, "w");
    CHECK(file != NULL);
    if (!file)
        return;
    fputs("<bulletml>\n<action label=\"a\"><fire><bullet/></fire><actionRef label=\"b\"/>"
          "</action>\n<action label=\"b\"><actionRef label=\"a\"/></action>\n"
          "<action label=\"top\"><wait>3</wait><actionRef label=\"a\"/></action>\n"
          "</bulletml>\n",
          file);
    fclose(file);
    o.budget = 5000;
    o.capacity = 1 << 12;
    h = probe_host(".", path, BULLETML_DIALECT_DEBIAN, &p, &o, 5);
    CHECK(h != NULL);
    if (h) {
        CHECK_EQ_U64(bulletml_host_get_stats(h).errors, 1);
        CHECK_STR_CONTAINS(bulletml_host_error(h), "runaway recursion: ");
        CHECK_STR_CONTAINS(bulletml_host_error(h), " entered at frame 3 without a wait");
        CHECK(strstr(bulletml_host_error(h), "runaway.xml:2:") ||
              strstr(bulletml_host_error(h), "runaway.xml:3:"));
        bulletml_host_destroy(h);
        bulletml_pattern_unload(&p);
    }
    remove(path);
}

int main(int argc, char **argv)
{
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: test_pattern.bulletml_probes PROBE_DIR [REFUSAL_DIR]\n");
        return 2;
    }
    int count = probe_all(argv[1], probe_check);
    CHECK(count > 20);
    if (argc == 3)
        CHECK(probe_all(argv[2], probe_refusal) > 10);
    test_dialects(argv[1]);
    test_limits(argv[1]);
    test_cull(argv[1]);
    test_recursion(argv[1]);
    return check_done("pattern.bulletml_probes");
}
