/*
 * ship_preview: one ship alone in a world, firing its volleys: no stage, no
 * end, nothing can hit it (WORLD_FLAG_NO_STAGE | WORLD_FLAG_INVULNERABLE). The
 * ship select screen's live preview, and `curtain view` and `curtain run` of a
 * ship file, all fly it through these functions, so they show one thing: the
 * ship's own code run by the game's ship host (ship_host.h).
 */
#ifndef CURTAIN_GAME_SHIP_PREVIEW_H
#define CURTAIN_GAME_SHIP_PREVIEW_H

#include "game/input.h"
#include "game/world.h"

/* Power levels a preview shows: 1 to SHIP_PREVIEW_LEVELS. */
#define SHIP_PREVIEW_LEVELS LIBRARY_SHIP_LEVELS

/* The index in lib->ships of the ship named name; with name NULL, of the first
 * ship declared in file (NULL: any file). Returns -1 when there is none. */
int ship_preview_find(const library *lib, const char *name, const char *file);

/* Makes w (zeroed, or freed with world_free) the preview world of lib's ship
 * number ship, flying its shot type `type` (0 the first). Returns world_init's
 * result: 0, or -1 (then w holds nothing). */
int ship_preview_init(world *w, const library *lib, uint32_t ship, uint32_t type);

/* One frame: the ship fires at power level (clamped to 1..SHIP_PREVIEW_LEVELS)
 * while held (movement, INPUT_FOCUS) is held too. Returns the shots fired. */
int ship_preview_step(world *w, input_bits held, int level);

#endif
