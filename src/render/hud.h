/*
 * hud: the side panel and the boss bar: score, high score, lives, bombs, power,
 * graze; during a boss its name, health, phase timer and spell card; the frame
 * rate in a corner.
 *
 * The values come from a plain struct that the game fills each frame; the HUD
 * only draws them.
 */
#ifndef CURTAIN_RENDER_HUD_H
#define CURTAIN_RENDER_HUD_H

#include "render/atlas_texture.h"

#include <SDL.h>
#include <stdint.h>

/* Lives and bombs beyond this many icons are shown as a number. */
#define HUD_MAX_ICONS 8

typedef struct hud_state {
    uint64_t score, high_score;
    int lives, bombs; /* stock left */
    /* Pieces toward the next spare and bomb, shown as "2/5" beside the label
     * where the whole (the pieces one takes) is not 0: a game whose items
     * give pieces of that kind. */
    int life_pieces, life_pieces_whole;
    int bomb_pieces, bomb_pieces_whole;
    int power;     /* hundredths: 125 shows "1.25" */
    int power_max; /* hundredths; 0 hides the "/ max" part */
    uint64_t graze;
    /* The boss part is shown while boss_active is set. */
    int boss_active;
    const char *boss_name;  /* NULL: no name */
    float boss_health;      /* of the current phase, 0..1 */
    int boss_phases_left;   /* phases after this one, as pips under the health bar */
    float boss_timer;       /* seconds left in the phase */
    const char *spell_name; /* NULL or "": not a spell card */
    /* A spell card's running bonus (what capturing it pays now: it falls as its
     * time runs, game/boss.h), or that it failed (a hit or a bomb); a survival
     * card is marked beside its timer, which takes the survival colour. */
    uint64_t spell_bonus;
    int spell_failed;
    int spell_survival;
} hud_state;

/* The side panel's background and frame around the field (no values). */
void hud_draw_frame(SDL_Renderer *r, const atlas_texture *at);
/* The values of h: the side panel, and the boss bar over the field. */
void hud_draw(SDL_Renderer *r, const atlas_texture *at, const hud_state *h);
/* "59.9 fps" at the bottom of the side panel, inside the screen's margins. */
void hud_draw_fps(SDL_Renderer *r, const atlas_texture *at, float fps);

#endif
