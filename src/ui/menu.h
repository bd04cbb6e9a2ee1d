/*
 * menu: a vertical list of choices, the widget every menu screen is made of: a
 * title, rows with a label and an optional value on the right (options), rows
 * that cannot be chosen (dimmed, skipped by the cursor), scrolling when there
 * are more rows than fit.
 */
#ifndef CURTAIN_UI_MENU_H
#define CURTAIN_UI_MENU_H

#include "render/atlas_texture.h"

#include <SDL.h>
#include <stdint.h>

#define MENU_MAX_ITEMS 128 /* the practice menu of a game of six stages and an Extra */
#define MENU_LABEL_MAX 72
#define MENU_VALUE_MAX 40

typedef struct menu {
    char title[MENU_LABEL_MAX];
    char labels[MENU_MAX_ITEMS][MENU_LABEL_MAX];
    char values[MENU_MAX_ITEMS][MENU_VALUE_MAX];
    uint8_t disabled[MENU_MAX_ITEMS];
    int count;
    int cursor;
    int first;       /* the first row shown */
    int see_through; /* a lighter box: what is behind it shows (the title's demo) */
} menu;

/* Empties the menu (keeps the cursor where it was, within the new rows later). */
void menu_clear(menu *m, const char *title);
/* Adds a row; returns its index (-1 when full). */
int menu_add(menu *m, const char *label, const char *value, int disabled);
/* Sets a row's value text. */
void menu_set_value(menu *m, int row, const char *value);
/* Moves the cursor by delta rows, skipping disabled ones and wrapping around.
 * Returns 1 if it moved. */
int menu_move(menu *m, int delta);
/* Puts the cursor on a row (or the nearest that can be chosen). */
void menu_select(menu *m, int row);

/* Draws the menu in area: title, rows at the given text scale, the cursor's band
 * pulsing with tick. */
void menu_draw(menu *m, SDL_Renderer *r, const atlas_texture *at, SDL_Rect area, int scale,
               uint64_t tick);

#endif
