/*
 * player: the ship the player flies: movement, focus, its shots, bombs, lives,
 * power, and what happens when it is hit.
 *
 * What it flies by (speeds, hitbox and graze radii, volleys, options, bomb) is
 * its ship, a `ship` declaration of the pattern files (library_ship); the rules
 * every ship shares (lives, bombs, power, the deathbomb window) are here.
 *
 * The ship's position is its hitbox centre: a bullet kills only by touching the
 * ship's hitbox circle there, the small bright dot shown while focused. Grazing
 * is a bullet touching the wider graze circle.
 *
 * States: ALIVE (flying; invulnerable while `invuln` or a bomb runs), HIT (just
 * touched a bullet: for PLAYER_DEATHBOMB_FRAMES a bomb still saves it), DEAD
 * (exploded; it comes back from the bottom edge after PLAYER_DEAD_FRAMES, with
 * PLAYER_RESPAWN_INVULN frames of invulnerability). The world decides when a hit
 * happens and what a death costs; this module keeps the state straight.
 */
#ifndef CURTAIN_GAME_PLAYER_H
#define CURTAIN_GAME_PLAYER_H

#include "core/hash.h"
#include "game/input.h"
#include "pattern/content/library.h"

#include <stdint.h>

/* The ship stays this far inside the field edges. */
#define PLAYER_EDGE_MARGIN 12.0f

#define PLAYER_START_LIVES      2 /* spare ships at the start and after a continue */
#define PLAYER_START_BOMBS      3 /* bombs at the start and after every death */
#define PLAYER_MAX_LIVES        8
#define PLAYER_MAX_BOMBS        8
#define PLAYER_POWER_START      100 /* hundredths: 1.00 */
#define PLAYER_POWER_MAX        400 /* 4.00 */
#define PLAYER_POWER_LOST       50  /* a death costs 0.50 */
#define PLAYER_DEATHBOMB_FRAMES 8   /* frames after the hit's where a bomb saves the ship */
#define PLAYER_DEAD_FRAMES      48
#define PLAYER_RESPAWN_FRAMES   30 /* flying back in from the bottom */
#define PLAYER_RESPAWN_INVULN   180
/* Pieces (a mod's items give them: `gives bomb_piece`, `life_piece`): this many
 * make a bomb, or a spare ship. While the bombs (or spares) are at their most,
 * pieces stop one short of a whole: the next piece after one is used makes it. */
#define PLAYER_BOMB_PIECES      3
#define PLAYER_LIFE_PIECES      5

typedef enum player_state {
    PLAYER_ALIVE,
    PLAYER_HIT,
    PLAYER_DEAD,
} player_state;

typedef struct player {
    const library_ship *ship; /* what it flies by: content, not state */
    float x, y;               /* hitbox centre */
    float px, py;             /* where it was before this frame's move */
    int focused;
    int state;      /* enum player_state */
    int32_t timer;  /* frames left in HIT or DEAD; the fly-in while respawning */
    int32_t invuln; /* frames of invulnerability left */
    int32_t bomb;   /* frames of the running bomb left (0: none) */
    float bomb_x, bomb_y;
    int lives; /* spare ships */
    int bombs;
    int power; /* hundredths, PLAYER_POWER_START..PLAYER_POWER_MAX */
    /* pieces toward the next bomb and spare ship (0 to PLAYER_BOMB_PIECES - 1,
     * PLAYER_LIFE_PIECES - 1); kept through deaths and continues */
    int bomb_pieces, life_pieces;
    int32_t shot_cooldown;
    uint32_t volleys; /* volleys fired: alternates the side streams' offsets */
} player;

/* A fresh ship for a new run, near the bottom centre of the field. */
void player_init(player *p, const library_ship *ship);
/* Moves the ship by one frame of input, clamped to the field, and runs its timers
 * (a dead ship comes back). */
void player_step(player *p, input_bits in);

/* Whether the ship can be hit now. */
int player_vulnerable(const player *p);
/* Whether it is on the field and flying (shooting, collecting, grazing). */
int player_flying(const player *p);
/* The shot's level, 1 to 4: whole power units (one more stream and option each). */
int player_power_level(const player *p);
/* Whether a bomb can start now (one left, none running, alive or just hit). */
int player_can_bomb(const player *p);
/* Starts a bomb (a ship just hit is saved). */
void player_bomb(player *p);
/* The ship touched a bullet: its deathbomb window opens. */
void player_hit(player *p);
/* The window closed: the ship explodes, a spare is used, power drops. Returns 1
 * when no spare was left (game over). */
int player_die(player *p);
/* Adds pieces of bombs and of spare ships: each whole set makes one while
 * there is room (PLAYER_MAX_BOMBS, PLAYER_MAX_LIVES). Returns how many bombs
 * were made into *bombs and spares into *lives. */
void player_add_pieces(player *p, int bomb_pieces, int life_pieces, int *bombs, int *lives);
/* Back in the game after a continue: spares and bombs as at the start. */
void player_continue(player *p);

/* The ship's numbers, as floats (LIBRARY_SHIP_SPEED...). */
float player_number(const player *p, library_ship_number n);
/* Whether a volley leaves now (the shot button held, the cooldown over, the ship
 * flying); if so the cooldown restarts and the volley is counted. The world then
 * runs the ship's volley for the focus and power level (game/ship_host.h). */
int player_shoot(player *p, input_bits in);

/* Its state into a state hash; the pieces only while it holds any, so a run
 * without them (every run before pieces) hashes as it did. */
void player_hash(const player *p, hasher *hs);

#endif
