/*
 * bulletml diff: curtain against Debian's libbulletml, frame by frame, on every
 * BulletML file installed on the machine (or the files given): at ranks 0, 0.5
 * and 1; with $rand fixed at 0.2, at 0.8, and drawn from a seeded stream (both
 * sides draw from the same core/rng, so the order of the draws must match too);
 * with the player straight below the emitter and up to its left (other aims);
 * for 600 frames. Every frame must have the same bullets (same spawn ids) at
 * positions within 0.05 px, with the same heading, speed and accel velocity, and
 * the emitters must be there (or gone) together with the same motion: movement
 * files (parsec47's *move, Tumiki Fighters' move/) fire nothing and move only
 * their emitter.
 *
 *   test_pattern.bulletml_diff [--frames N] [--upstream] [--seed S] [--libm]
 *                              [--player X,Y]... [--random N | FILE...]
 *
 * --random N compares N random documents of the stream --seed S instead
 * (bulletml_gen.h: the shapes the corpus lacks), 240 frames each unless --frames
 * says otherwise, with the first aim only unless --player says otherwise. Each is
 * written to bulletml_diff_random.xml in the working directory; one that differs is
 * kept as bulletml_diff_random_S_I.xml.
 *
 * --seed S sets the stream's seed; each --player replaces the default aims. The
 * oracle's host computes aims and motion with core/trig.h as curtain's does, so what
 * is compared is the library; --libm gives it libm's instead, as Kenta Cho's hosts
 * and the recorded probes have (a 180-degree ramp tie may then turn the other way).
 * Both run the reference host model (bulletml_host.h, bulletml_oracle.h) in this
 * process. With no corpus installed the test fails (see the corpus test).
 */
#include "../check.h"
#include "bulletml_gen.h"
#include "bulletml_oracle.h"
#include "core/rng.h"
#include "pattern/bulletml/bulletml_corpus.h"
#include "pattern/bulletml/bulletml_host.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define DIFF_TOLERANCE        0.05 /* px, positions */
#define DIFF_MOTION_TOLERANCE 1e-6 /* relative, heading, speed and accel velocity */
#define DIFF_MAX_PLAYERS      8
#define DIFF_STREAM           (-1.0) /* a "rand value" meaning: the seeded stream */

static const double diff_ranks[] = {0.0, 0.5, 1.0};
static const double diff_rands[] = {0.2, 0.8, DIFF_STREAM};

/* The settings of the whole comparison. */
typedef struct diff_setup {
    int frames;
    int libm; /* the oracle's host on libm rather than core/trig.h */
    bulletml_dialect dialect;
    uint64_t seed;
    int players;
    double player[DIFF_MAX_PLAYERS][2];
    int quiet; /* print a file's warnings only when it does not load (random documents) */
} diff_setup;

/* One run: a file at one rank, one $rand and one aim. */
typedef struct diff_run_id {
    const char *path;
    double rank, rand_value;
    const double *player;
} diff_run_id;

typedef struct diff_totals {
    int files, runs, failed_runs;
    uint64_t bullet_frames, emitter_frames;
    uint64_t whole_turns; /* headings equal only up to a multiple of 360 */
    double worst;         /* largest position difference seen in a passing comparison */
    uint64_t documents;   /* a hash of the random documents */
} diff_totals;

static int diff_same(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return fabs(a - b) <= DIFF_TOLERANCE || a == b;
}

/* Headings, speeds and velocities: the same up to rounding (trig's few ulp). */
static int diff_same_motion(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return a == b || fabs(a - b) <= DIFF_MOTION_TOLERANCE * fmax(1.0, fabs(b));
}

/* Headings: the same direction. Under --libm a raw heading may differ by a whole turn where a
 * shortest-way ramp's target lies within rounding of the 180-degree tie (trig's
 * few ulp against libm's, say a bullet at x = -2e-10 instead of 7e-10 aiming at
 * a player straight below): the bullet flies the same way, and every later
 * resolution or ramp of LB's gives the same direction again. Counted, not failed. */
static int diff_same_heading(double a, double b, diff_totals *t)
{
    if (diff_same_motion(a, b))
        return 1;
    if (!isfinite(a) || !isfinite(b))
        return 0;
    double turns = nearbyint((a - b) / 360.0);
    if (turns == 0.0 || !diff_same_motion(a - 360.0 * turns, b))
        return 0;
    t->whole_turns++;
    return 1;
}

/* Prints which run and frame a difference is in. */
static void diff_where(const diff_run_id *r, int frame)
{
    fprintf(stderr, "%s rank %g rand ", r->path, r->rank);
    if (r->rand_value == DIFF_STREAM)
        fprintf(stderr, "stream");
    else
        fprintf(stderr, "%g", r->rand_value);
    fprintf(stderr, " player (%g, %g): frame %d: ", r->player[0], r->player[1], frame);
}

/* Compares two objects' motion; prints the first difference. Returns 0 when equal. */
static int diff_body(const diff_run_id *r, int frame, const char *what, uint32_t id,
                     const bulletml_host_body *a, const bulletml_oracle_body *b, diff_totals *t)
{
    if (!diff_same(a->x, b->x) || !diff_same(a->y, b->y) || !diff_same_heading(a->dir, b->dir, t) ||
        !diff_same_motion(a->spd, b->spd) || !diff_same_motion(a->vx, b->vx) ||
        !diff_same_motion(a->vy, b->vy)) {
        diff_where(r, frame);
        fprintf(stderr,
                "%s %u: curtain (%.9g, %.9g) heading %.9g speed %.9g accel (%.9g, %.9g), "
                "libbulletml (%.9g, %.9g) heading %.9g speed %.9g accel (%.9g, %.9g)\n",
                what, id, a->x, a->y, a->dir, a->spd, a->vx, a->vy, b->x, b->y, b->dir, b->spd,
                b->vx, b->vy);
        return -1;
    }
    double d = fmax(fabs(a->x - b->x), fabs(a->y - b->y));
    if (d > t->worst)
        t->worst = d;
    return 0;
}

/* Compares one frame: the emitters, then the bullets. Returns 0 when equal. */
static int diff_frame(const diff_run_id *r, int frame, const bulletml_host *h,
                      const bulletml_oracle *o, diff_totals *t)
{
    bulletml_host_body a;
    bulletml_oracle_body b;
    int ha = bulletml_host_emitter(h, 0, &a), oa = bulletml_oracle_emitter(o, 0, &b);
    if (ha != oa) {
        diff_where(r, frame);
        fprintf(stderr, "the emitter is %s in curtain, %s in libbulletml\n", ha ? "there" : "gone",
                oa ? "there" : "gone");
        return -1;
    }
    if (ha && diff_body(r, frame, "emitter", 0, &a, &b, t) != 0)
        return -1;
    t->emitter_frames += (uint64_t)ha;
    uint32_t n = bulletml_host_count(h);
    int m = bulletml_oracle_count(o);
    if ((int)n != m) {
        diff_where(r, frame);
        fprintf(stderr, "%u bullets, libbulletml has %d\n", n, m);
        return -1;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id, oid;
        double x, y, ox, oy;
        bulletml_host_bullet(h, i, &id, &x, &y);
        bulletml_oracle_bullet(o, (int)i, &oid, &ox, &oy);
        if (id != oid) {
            diff_where(r, frame);
            fprintf(stderr, "bullet %u where libbulletml has bullet %u\n", id, oid);
            return -1;
        }
        bulletml_host_bullet_body(h, i, &a);
        bulletml_oracle_bullet_body(o, (int)i, &b);
        if (diff_body(r, frame, "bullet", id, &a, &b, t) != 0)
            return -1;
    }
    t->bullet_frames += n;
    return 0;
}

/* The oracle's $rand stream: the same generator the host draws from. */
static double diff_stream(void *user)
{
    return rng_double(user);
}

/* One file at one rank, $rand and aim: returns 0 when every frame agrees. */
static int diff_run(const diff_run_id *r, const bulletml_pattern *p, const diff_setup *s,
                    diff_totals *t)
{
    rng stream;
    rng_seed(&stream, s->seed);
    bulletml_host_options ho = {0};
    ho.rank = r->rank;
    ho.seed = s->seed;
    ho.place_player = 1;
    ho.player_x = r->player[0];
    ho.player_y = r->player[1];
    bulletml_oracle_options oo = {0};
    oo.rank = r->rank;
    oo.rand = diff_stream;
    oo.rand_user = &stream;
    oo.trig = !s->libm;
    oo.place_player = 1;
    oo.player_x = r->player[0];
    oo.player_y = r->player[1];
    if (r->rand_value != DIFF_STREAM) {
        ho.rand_value = oo.rand_value = r->rand_value;
        ho.use_rand_value = oo.use_rand_value = 1;
    }
    char err[512];
    bulletml_host *h = bulletml_host_create(p, &ho);
    bulletml_oracle *o = bulletml_oracle_open(r->path, &oo, err, sizeof err);
    int rc = 0;
    if (!h || !o) {
        fprintf(stderr, "%s: %s\n", r->path, o ? "out of memory" : err);
        rc = -1;
    }
    for (int f = 0; rc == 0 && f < s->frames; f++) {
        bulletml_host_step(h);
        if (bulletml_oracle_step(o, err, sizeof err) != 0) {
            fprintf(stderr, "%s: frame %d: libbulletml: %s\n", r->path, f, err);
            rc = -1;
        } else {
            rc = diff_frame(r, f, h, o, t);
        }
    }
    if (h) {
        bulletml_host_stats st = bulletml_host_get_stats(h);
        if (st.refused || st.errors || st.vm.refused) {
            fprintf(stderr, "%s: %llu bullets and %llu runners refused, %llu errors %s\n", r->path,
                    (unsigned long long)st.refused, (unsigned long long)st.vm.refused,
                    (unsigned long long)st.errors, bulletml_host_error(h));
            rc = -1;
        }
    }
    bulletml_host_destroy(h);
    bulletml_oracle_close(o);
    return rc;
}

/* Every run of one file. Loading must give no error (warnings are printed). */
static void diff_file(const char *path, const diff_setup *s, diff_totals *t)
{
    bulletml_diags diags;
    bulletml_pattern p;
    t->files++;
    int loaded = bulletml_pattern_load(&p, path, s->dialect, &diags);
    for (int k = 0; k < diags.kept && (loaded != 0 || !s->quiet); k++)
        fprintf(stderr, "%s\n", diags.items[k].text);
    if (loaded != 0) {
        CHECK(!"the file loads");
        return;
    }
    for (int a = 0; a < s->players; a++)
        for (size_t k = 0; k < sizeof diff_ranks / sizeof diff_ranks[0]; k++)
            for (size_t c = 0; c < sizeof diff_rands / sizeof diff_rands[0]; c++) {
                diff_run_id r = {path, diff_ranks[k], diff_rands[c], s->player[a]};
                t->runs++;
                int rc = diff_run(&r, &p, s, t);
                CHECK_EQ_INT(rc, 0);
                t->failed_runs += rc != 0;
            }
    bulletml_pattern_unload(&p);
}

/* Compares `count` random documents of the stream s->seed (bulletml_gen.h). */
static void diff_random(int count, const diff_setup *s, diff_totals *t)
{
    static char text[1 << 16];
    const char *path = "bulletml_diff_random.xml";
    for (int i = 0; i < count; i++) {
        size_t len = bulletml_gen(s->seed, (uint32_t)i, text, sizeof text);
        CHECK(len > 0);
        FILE *f = fopen(path, "wb");
        CHECK(f != NULL);
        if (!f || len == 0) {
            if (f)
                fclose(f);
            return;
        }
        fwrite(text, 1, len, f);
        fclose(f);
        for (size_t k = 0; k < len; k++) /* FNV-1a: the same documents on every build */
            t->documents = (t->documents ^ (uint8_t)text[k]) * 0x100000001b3ull;
        int failed = t->failed_runs, checks = check_failures;
        diff_file(path, s, t);
        if (t->failed_runs != failed || check_failures != checks) {
            char keep[96];
            snprintf(keep, sizeof keep, "bulletml_diff_random_%llu_%d.xml",
                     (unsigned long long)s->seed, i);
            f = fopen(keep, "wb");
            if (f) {
                fwrite(text, 1, len, f);
                fclose(f);
            }
            fprintf(stderr, "random document %d of seed %llu differs: kept as %s\n", i,
                    (unsigned long long)s->seed, keep);
        }
    }
    remove(path);
}

/* Reads "X,Y" into the next aim; returns -1 when it is not that or there are too many. */
static int diff_add_player(diff_setup *s, const char *text)
{
    char *end;
    if (s->players >= DIFF_MAX_PLAYERS)
        return -1;
    double x = strtod(text, &end);
    if (end == text || *end != ',')
        return -1;
    const char *rest = end + 1;
    double y = strtod(rest, &end);
    if (end == rest || *end != '\0')
        return -1;
    s->player[s->players][0] = x;
    s->player[s->players][1] = y;
    s->players++;
    return 0;
}

int main(int argc, char **argv)
{
    diff_setup s = {0, 0, BULLETML_DIALECT_DEBIAN, 1, 0, {{0}}, 0};
    int first_file = argc, random = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--frames") == 0 && i + 1 < argc) {
            s.frames = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--random") == 0 && i + 1 < argc) {
            random = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--libm") == 0) {
            s.libm = 1;
        } else if (strcmp(argv[i], "--upstream") == 0) {
            s.dialect = BULLETML_DIALECT_UPSTREAM;
        } else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) {
            s.seed = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(argv[i], "--player") == 0 && i + 1 < argc) {
            if (diff_add_player(&s, argv[++i]) != 0) {
                fprintf(stderr, "bulletml_diff: --player X,Y (at most %d)\n", DIFF_MAX_PLAYERS);
                return 2;
            }
        } else {
            first_file = i;
            break;
        }
    }
    if (s.frames == 0)
        s.frames = random ? 240 : 600;
    if (s.players == 0) {
        diff_add_player(&s, "0,200"); /* straight below: the reference model's player */
        if (!random)
            diff_add_player(&s, "-130,-70"); /* up and to the left: other aims */
    }
    diff_totals t = {0};
    t.documents = 0xcbf29ce484222325ull;
    if (random > 0) {
        s.quiet = 1;
        diff_random(random, &s, &t);
    } else if (first_file < argc) {
        for (int i = first_file; i < argc; i++)
            diff_file(argv[i], &s, &t);
    } else {
        bulletml_corpus corpus;
        CHECK(bulletml_corpus_find(&corpus) == 0);
        CHECK(corpus.count > 0);
        for (int i = 0; i < corpus.count; i++)
            diff_file(corpus.paths[i], &s, &t);
        bulletml_corpus_free(&corpus);
    }
    printf("%d files, %d runs of %d frames, %d differ; %llu bullet-frames and %llu "
           "emitter-frames agree, worst position difference %.3g px, %llu headings a whole "
           "turn apart\n",
           t.files, t.runs, s.frames, t.failed_runs, (unsigned long long)t.bullet_frames,
           (unsigned long long)t.emitter_frames, t.worst, (unsigned long long)t.whole_turns);
    if (random > 0)
        printf("random documents of seed %llu: hash %016llx\n", (unsigned long long)s.seed,
               (unsigned long long)t.documents);
    return check_done("pattern.bulletml_diff");
}
