/*
 * bulletml_host: the reference host, on which curtain runs a BulletML pattern
 * exactly as libbulletml's reference hosts do (`curtain run FILE.xml --reference`,
 * the differential tests, `curtain bench bulletml`).
 *
 * The model (docs/bulletml.md): each emitter starts at (0, 0) with heading 0 and
 * speed 0; the player sits at (0, 200); y points down; speed 1 is one pixel per
 * frame; the default speed is 1; nothing is culled. Each frame every object that
 * existed at its start runs its script and then moves by (sin d * v + vx,
 * -cos d * v + vy). Objects created during a frame first run and move on the next
 * one; they are listed in that frame at their spawn point. Bullet ids are the
 * spawn serial from 1; emitters are not listed. All of it in double precision,
 * with the VM's exact ramps (applied the way libbulletml applies them).
 *
 * Objects live in a fixed array sized at creation, scripts in the VM's fixed
 * pool: a full array refuses bullets, a full pool their scripts, and both are
 * counted (a run that refused any is not a faithful run).
 */
#ifndef CURTAIN_PATTERN_BULLETML_HOST_H
#define CURTAIN_PATTERN_BULLETML_HOST_H

#include "pattern/bulletml/bulletml_compile.h"
#include "pattern/vm/vm.h"

#include <stdint.h>

typedef struct bulletml_host_options {
    double rank;       /* $rank */
    double rand_value; /* every $rand returns this when use_rand_value is set */
    int use_rand_value;
    uint64_t seed; /* otherwise $rand draws rng_double from a logic rng seeded so */
    int copies;    /* emitters running the pattern at once (at least 1) */
    /* 0: never drop anything (the reference model). Otherwise bullets farther
     * than this from the origin on either axis are dropped, and their slots
     * reused (the benchmark's field). */
    double cull;
    uint32_t capacity;    /* objects, emitters included (0: 1 << 16) */
    uint32_t runners;     /* scripts running at once: the VM's pool (0: 1 << 14) */
    uint32_t budget;      /* VM instructions per script per frame (0: 1 << 24; LB has no limit) */
    uint32_t stack_slots; /* VM value slots per script (0: what the pattern needs) */
    int place_player;     /* nonzero: the player sits at (player_x, player_y), not (0, 200) */
    double player_x, player_y;
} bulletml_host_options;

/* An object's motion as the reference host keeps it: position, heading (degrees,
 * as the script last set it), speed and the extra velocity of <accel>. */
typedef struct bulletml_host_body {
    double x, y, dir, spd, vx, vy;
} bulletml_host_body;

typedef struct bulletml_host_stats {
    uint64_t spawned, refused, culled, vanished;
    uint64_t bullet_frames; /* bullets alive after each frame, summed */
    uint64_t errors;        /* VM run-time errors */
    vm_stats vm;
} bulletml_host_stats;

typedef struct bulletml_host bulletml_host;

/* Sets up the emitters of pattern (which must outlive the host). NULL when out of
 * memory. */
bulletml_host *bulletml_host_create(const bulletml_pattern *pattern,
                                    const bulletml_host_options *options);
void bulletml_host_destroy(bulletml_host *h);
/* Starts over with another pattern (or the same): every object and script gone,
 * the emitters set up again, the statistics zeroed, the random stream reseeded.
 * Nothing is allocated. The pattern must fit the host's stack_slots. */
void bulletml_host_restart(bulletml_host *h, const bulletml_pattern *pattern);

/* Runs one frame: scripts, then motion. Returns the frame number it ran. */
int32_t bulletml_host_step(bulletml_host *h);

/* The bullets alive after the last step, in spawn order while nothing is culled. */
uint32_t bulletml_host_count(const bulletml_host *h);
/* The id (spawn serial) and position of the i-th of them (i < bulletml_host_count). */
void bulletml_host_bullet(const bulletml_host *h, uint32_t i, uint32_t *id, double *x, double *y);
/* The whole motion of the i-th of them (the differential tests compare it all). */
void bulletml_host_bullet_body(const bulletml_host *h, uint32_t i, bulletml_host_body *out);
/* Emitter c (c < copies): 1 with its motion while it is there, 0 once it vanished. */
int bulletml_host_emitter(const bulletml_host *h, int c, bulletml_host_body *out);

bulletml_host_stats bulletml_host_get_stats(const bulletml_host *h);
/* The first VM run-time error, "file:line:col: message", or "" if none. */
const char *bulletml_host_error(const bulletml_host *h);

#endif
