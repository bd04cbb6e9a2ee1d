/*
 * ui: curtain's front end: the window, the title screen with its attract demo,
 * the menus (start, practice, replays, high scores, options), the game screen with
 * pause, continue, results, name entry and replay saving, and replay playback.
 * Everything the player sees and hears that is not the world itself.
 */
#ifndef CURTAIN_UI_UI_H
#define CURTAIN_UI_UI_H

#include "game/world.h"
#include "pattern/content/library.h"

#include <stdint.h>

typedef struct ui_config {
    const library *lib; /* the game's content */
    /* the content format-1 and format-2 replays play over (content_load_format2),
     * or NULL: they are checked against lib's */
    const library *format2_lib;
    const char *mod; /* the mod folder the content was loaded with (its music/), or NULL */
    uint64_t seed;   /* the first run's seed (later runs take fresh ones) */
    int frames;      /* quit after this many frames (0: never) */
    int scale;       /* window scale for this run (0: the options') */
    int fullscreen, integer_scale, no_vsync;
    const char *renderer;    /* an SDL render driver, or NULL */
    const char *replay_file; /* start by playing this replay back, or NULL */
    uint32_t replay_seek;    /* and go to this frame first (0: from the start) */
    int direct;              /* 1: start straight into the run `run` (then the title) */
    int autopilot;           /* the scripted player flies the runs (a demonstration) */
    int print_scripts;       /* the scripts' print lines go to the terminal */
    world_config run;
} ui_config;

/* Runs the front end until the player quits. Returns 0, or -1 if the window could
 * not be opened (the reason is printed). */
int ui_main(const ui_config *cfg);

#endif
