/*
 * bulletml diff: curtain against Debian's libbulletml, frame by frame, on every
 * BulletML file installed on the machine (or the files given), at ranks 0, 0.5
 * and 1 and with $rand fixed at 0.2 and at 0.8, for 600 frames. Every frame must
 * have the same bullets (same spawn ids) at positions within 0.05 px.
 *
 *   test_pattern.bulletml_diff [--frames N] [--upstream] [FILE...]
 *
 * Both run the reference host model (bulletml_host.h, bulletml_oracle.h) in this
 * process. With no corpus installed the test fails (see the corpus test).
 */
#include "../check.h"
#include "bulletml_oracle.h"
#include "pattern/bulletml_corpus.h"
#include "pattern/bulletml_host.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIFF_TOLERANCE 0.05

static const double diff_ranks[] = {0.0, 0.5, 1.0};
static const double diff_rands[] = {0.2, 0.8};

typedef struct diff_totals {
    int files, runs, failed_runs;
    uint64_t bullet_frames;
    double worst; /* largest position difference seen in a passing comparison */
} diff_totals;

static int diff_same(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return fabs(a - b) <= DIFF_TOLERANCE || a == b;
}

/* Compares one frame; prints the first difference. Returns 0 when equal. */
static int diff_frame(const char *path, double rank, double rand_value, int frame,
                      const bulletml_host *h, const bulletml_oracle *o, diff_totals *t)
{
    uint32_t n = bulletml_host_count(h);
    int m = bulletml_oracle_count(o);
    if ((int)n != m) {
        fprintf(stderr, "%s rank %g rand %g: frame %d: %u bullets, libbulletml has %d\n", path,
                rank, rand_value, frame, n, m);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id, oid;
        double x, y, ox, oy;
        bulletml_host_bullet(h, i, &id, &x, &y);
        bulletml_oracle_bullet(o, (int)i, &oid, &ox, &oy);
        if (id != oid || !diff_same(x, ox) || !diff_same(y, oy)) {
            fprintf(stderr,
                    "%s rank %g rand %g: frame %d: bullet %u at (%.9g, %.9g), libbulletml has "
                    "bullet %u at (%.9g, %.9g)\n",
                    path, rank, rand_value, frame, id, x, y, oid, ox, oy);
            return -1;
        }
        double d = fmax(fabs(x - ox), fabs(y - oy));
        if (d > t->worst)
            t->worst = d;
    }
    t->bullet_frames += n;
    return 0;
}

/* One file at one rank and $rand: returns 0 when every frame agrees. */
static int diff_run(const char *path, const bulletml_pattern *p, double rank, double rand_value,
                    int frames, diff_totals *t)
{
    bulletml_host_options ho = {0};
    ho.rank = rank;
    ho.rand_value = rand_value;
    ho.use_rand_value = 1;
    bulletml_oracle_options oo = {0};
    oo.rank = rank;
    oo.rand_value = rand_value;
    oo.use_rand_value = 1;
    char err[512];
    bulletml_host *h = bulletml_host_create(p, &ho);
    bulletml_oracle *o = bulletml_oracle_open(path, &oo, err, sizeof err);
    int rc = 0;
    if (!h || !o) {
        fprintf(stderr, "%s: %s\n", path, o ? "out of memory" : err);
        rc = -1;
    }
    for (int f = 0; rc == 0 && f < frames; f++) {
        bulletml_host_step(h);
        if (bulletml_oracle_step(o, err, sizeof err) != 0) {
            fprintf(stderr, "%s: frame %d: libbulletml: %s\n", path, f, err);
            rc = -1;
        } else {
            rc = diff_frame(path, rank, rand_value, f, h, o, t);
        }
    }
    if (h) {
        bulletml_host_stats s = bulletml_host_get_stats(h);
        if (s.refused || s.errors || s.vm.refused) {
            fprintf(stderr, "%s: %llu bullets and %llu runners refused, %llu errors %s\n", path,
                    (unsigned long long)s.refused, (unsigned long long)s.vm.refused,
                    (unsigned long long)s.errors, bulletml_host_error(h));
            rc = -1;
        }
    }
    bulletml_host_destroy(h);
    bulletml_oracle_close(o);
    return rc;
}

static void diff_file(const char *path, int frames, bulletml_dialect dialect, diff_totals *t)
{
    bulletml_diags diags;
    bulletml_pattern p;
    t->files++;
    if (bulletml_pattern_load(&p, path, dialect, &diags) != 0) {
        for (int k = 0; k < diags.kept; k++)
            fprintf(stderr, "%s\n", diags.items[k].text);
        CHECK(!"the file loads");
        return;
    }
    for (size_t r = 0; r < sizeof diff_ranks / sizeof diff_ranks[0]; r++)
        for (size_t c = 0; c < sizeof diff_rands / sizeof diff_rands[0]; c++) {
            t->runs++;
            int rc = diff_run(path, &p, diff_ranks[r], diff_rands[c], frames, t);
            CHECK_EQ_INT(rc, 0);
            t->failed_runs += rc != 0;
        }
    bulletml_pattern_unload(&p);
}

int main(int argc, char **argv)
{
    int frames = 600, first_file = argc;
    bulletml_dialect dialect = BULLETML_DIALECT_DEBIAN;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            frames = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--upstream") == 0) {
            dialect = BULLETML_DIALECT_UPSTREAM;
        } else {
            first_file = i;
            break;
        }
    }
    diff_totals t = {0};
    if (first_file < argc) {
        for (int i = first_file; i < argc; i++)
            diff_file(argv[i], frames, dialect, &t);
    } else {
        bulletml_corpus corpus;
        CHECK(bulletml_corpus_find(&corpus) == 0);
        CHECK(corpus.count > 0);
        for (int i = 0; i < corpus.count; i++)
            diff_file(corpus.paths[i], frames, dialect, &t);
        bulletml_corpus_free(&corpus);
    }
    printf("%d files, %d runs of %d frames, %d differ; %llu bullet-frames agree, worst "
           "difference %.3g px\n",
           t.files, t.runs, frames, t.failed_runs, (unsigned long long)t.bullet_frames, t.worst);
    return check_done("pattern.bulletml_diff");
}
