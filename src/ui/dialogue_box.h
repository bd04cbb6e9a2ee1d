/*
 * dialogue_box: a dialogue scene (pattern/content/dialogue.h) drawn over the field as
 * Touhou and Taisei draw theirs: the speakers' portraits at the field's sides
 * (the player's character on the left, the other on the right; the one not
 * speaking dimmed and set back), a box across the bottom of the field with the
 * speaker's name in their colour and the line revealed at the player's text
 * speed. The game (ui/world_view) and `curtain view` (app/view_draw) draw the
 * same scene with it. Drawing only: the scene is read, never changed; nothing
 * is allocated.
 */
#ifndef CURTAIN_UI_DIALOGUE_BOX_H
#define CURTAIN_UI_DIALOGUE_BOX_H

#include "pattern/content/dialogue.h"
#include "pattern/content/library.h"
#include "render/atlas_texture.h"

#include <SDL.h>
#include <stdint.h>

/* The height portraits are drawn at (px on the 640x480 screen): a 256x384
 * portrait is drawn at 0.78 of its size. */
#define DIALOGUE_BOX_PORTRAIT_H 300

/* Draws d's scene over the field whose top-left is (field_x, field_y), at frame
 * `frame` of its host, revealing text_speed letters a second (0: at once).
 * Nothing when no scene is up. lib gives the characters and portraits. */
void dialogue_box_draw(SDL_Renderer *r, const atlas_texture *at, const dialogue *d,
                       const library *lib, int field_x, int field_y, int32_t frame, int text_speed);

#endif
