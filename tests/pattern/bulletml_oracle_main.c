/*
 * bulletml_oracle: runs a BulletML file with Debian's libbulletml under curtain's
 * reference host model and prints the trace `curtain run FILE.xml --reference`
 * prints, or, with --bench, times the run.
 *
 *   bulletml_oracle FILE.xml [--frames N] [--rank R] [--rand C | --seed S]
 *   bulletml_oracle FILE.xml --bench [--frames N] [--copies N] [--cull PX] ...
 *
 * The trace is a header line `frame,id,x,y`, then one line per live bullet per
 * frame (frames from 0, ids in spawn order). --bench prints one line:
 * `bullet_frames B seconds S` (B = bullets alive after each frame, summed).
 */
#include "bulletml_oracle.h"
#include "core/clock.h"
#include "core/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct oracle_args {
    const char *path;
    bulletml_oracle_options options;
    uint64_t seed;
    int frames;
    int bench;
} oracle_args;

static int oracle_usage(const char *message)
{
    fprintf(stderr,
            "bulletml_oracle: %s\n"
            "usage: bulletml_oracle FILE.xml [--frames N] [--rank R] [--rand C | --seed S]\n"
            "                       [--bench] [--copies N] [--cull PX]\n",
            message);
    return 2;
}

/* Reads a number option; returns 0, or -1 if it is not a whole finite number. */
static int oracle_number(const char *text, double *out)
{
    char *end;
    *out = strtod(text, &end);
    return (end == text || *end != '\0' || *out != *out) ? -1 : 0;
}

static int oracle_parse_args(int argc, char **argv, oracle_args *a)
{
    memset(a, 0, sizeof *a);
    a->frames = 600;
    a->options.copies = 1;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        double v = 0;
        if (strcmp(opt, "--bench") == 0) {
            a->bench = 1;
            continue;
        }
        if (opt[0] != '-') {
            if (a->path)
                return -1;
            a->path = opt;
            continue;
        }
        if (i + 1 >= argc || oracle_number(argv[i + 1], &v) != 0)
            return -1;
        i++;
        if (strcmp(opt, "--frames") == 0 && v >= 0)
            a->frames = (int)v;
        else if (strcmp(opt, "--rank") == 0)
            a->options.rank = v;
        else if (strcmp(opt, "--rand") == 0) {
            a->options.rand_value = v;
            a->options.use_rand_value = 1;
        } else if (strcmp(opt, "--seed") == 0 && v >= 0)
            a->seed = (uint64_t)v;
        else if (strcmp(opt, "--copies") == 0 && v >= 1)
            a->options.copies = (int)v;
        else if (strcmp(opt, "--cull") == 0 && v >= 0)
            a->options.cull = (int)v;
        else
            return -1;
    }
    return a->path ? 0 : -1;
}

/* $rand without --rand: the logic generator of core/rng, seeded with --seed. */
static double oracle_rand(void *user)
{
    return rng_double(user);
}

int main(int argc, char **argv)
{
    oracle_args a;
    char err[512];
    if (oracle_parse_args(argc, argv, &a) != 0)
        return oracle_usage("bad arguments");
    rng random;
    rng_seed(&random, a.seed);
    a.options.rand = oracle_rand;
    a.options.rand_user = &random;
    bulletml_oracle *o = bulletml_oracle_open(a.path, &a.options, err, sizeof err);
    if (!o) {
        fprintf(stderr, "%s: libbulletml: %s\n", a.path, err);
        return 1;
    }
    if (!a.bench)
        printf("frame,id,x,y\n");
    uint64_t bullet_frames = 0, start = clock_now_ns();
    int status = 0;
    for (int f = 0; f < a.frames; f++) {
        if (bulletml_oracle_step(o, err, sizeof err) != 0) {
            fprintf(stderr, "%s: frame %d: libbulletml: %s\n", a.path, f, err);
            status = 1;
            break;
        }
        int n = bulletml_oracle_count(o);
        bullet_frames += (uint64_t)n;
        for (int i = 0; !a.bench && i < n; i++) {
            uint32_t id;
            double x, y;
            bulletml_oracle_bullet(o, i, &id, &x, &y);
            printf("%d,%u,%.17g,%.17g\n", f, id, x, y);
        }
    }
    double seconds = (double)(clock_now_ns() - start) * 1e-9;
    if (a.bench)
        printf("bullet_frames %llu seconds %.6f\n", (unsigned long long)bullet_frames, seconds);
    bulletml_oracle_close(o);
    return status;
}
