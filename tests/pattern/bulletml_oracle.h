/*
 * bulletml_oracle: Debian's libbulletml (the reference implementation) driven by
 * curtain's reference host model, behind a C interface.
 *
 * The host model is the one `curtain run FILE.xml --reference` implements (see
 * docs/bulletml.md): each emitter starts at (0, 0) with heading 0 and speed 0, the
 * player sits at (0, 200), y points down, speed 1 is one pixel per frame, the
 * default speed is 1 and nothing is culled. Each frame, every object that existed at
 * the start of the frame runs its script (if it has one and is alive) and then, if
 * still alive, moves by (sin d * v + ax, -cos d * v + ay). Objects created during a
 * frame first run on the next one; they appear in that frame's list at their spawn
 * point. Bullet ids are the spawn serial, from 1; emitters are not listed.
 *
 * libbulletml keeps global state, so only one oracle may run at a time. The
 * differential test, the probe recorder and `curtain bench bulletml` (through the
 * bulletml_oracle program) use it.
 */
#ifndef CURTAIN_TESTS_BULLETML_ORACLE_H
#define CURTAIN_TESTS_BULLETML_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bulletml_oracle bulletml_oracle;

typedef struct bulletml_oracle_options {
    double rank;       /* $rank */
    double rand_value; /* every $rand returns this when use_rand_value is set */
    int use_rand_value;
    double (*rand)(void *user); /* otherwise $rand calls this */
    void *rand_user;
    int copies;       /* emitters running the same file at once (at least 1) */
    int cull;         /* bench only: drop bullets more than cull px from the origin (0 = never) */
    int place_player; /* nonzero: the player sits at (player_x, player_y), not (0, 200) */
    /* nonzero: aims and motion with core/trig.h, as curtain's reference host computes
     * them, instead of libm: the two then differ only where libbulletml and curtain do
     * (a 180-degree ramp tie follows the heading's last bit, docs/bulletml.md) */
    int trig;
    double player_x, player_y;
} bulletml_oracle_options;

/* An object's motion: position, heading as libbulletml last set it, speed, and the
 * extra velocity of <accel> (bulletml_host_body's twin). */
typedef struct bulletml_oracle_body {
    double x, y, dir, spd, vx, vy;
} bulletml_oracle_body;

/* Parses a file with libbulletml and sets up the emitters. Returns NULL with the
 * library's message in err on a parse error. */
bulletml_oracle *bulletml_oracle_open(const char *path, const bulletml_oracle_options *options,
                                      char *err, size_t err_size);
void bulletml_oracle_close(bulletml_oracle *o);

/* Runs one frame. Returns 0, or -1 with the library's run-time error in err. */
int bulletml_oracle_step(bulletml_oracle *o, char *err, size_t err_size);

/* The live bullets after the last step, in spawn order. */
int bulletml_oracle_count(const bulletml_oracle *o);
void bulletml_oracle_bullet(const bulletml_oracle *o, int i, uint32_t *id, double *x, double *y);
/* The whole motion of the i-th of them. */
void bulletml_oracle_bullet_body(const bulletml_oracle *o, int i, bulletml_oracle_body *out);
/* Emitter c (c < copies): 1 with its motion while it is there, 0 once it vanished. */
int bulletml_oracle_emitter(const bulletml_oracle *o, int c, bulletml_oracle_body *out);

#ifdef __cplusplus
}
#endif

#endif
