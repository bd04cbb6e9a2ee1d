/*
 * dialogue_box: a dialogue scene over the field. See dialogue_box.h.
 */
#include "ui/dialogue_box.h"

#include "render/atlas.h"
#include "sim/playfield.h"
#include "ui/panel.h"

#include <string.h>

#define DB_BOX_H      96 /* the box across the bottom of the field */
#define DB_MARGIN     10
#define DB_TEXT_SCALE 2
#define DB_ENTER      16 /* frames a portrait takes to slide in */

/* The character of an index, or NULL. */
static const character_info *db_character(const library *lib, int32_t k)
{
    return library_character_at(lib, k);
}

/* One side's portrait: the art frame of its expression, scaled to
 * DIALOGUE_BOX_PORTRAIT_H, standing on the box; lit when speaking, else
 * dimmed and set back; sliding in from its edge as the scene begins. */
static void db_portrait(SDL_Renderer *r, const atlas_texture *at, const dialogue *d,
                        const library *lib, int side, SDL_Rect field, int32_t frame)
{
    const character_info *c = db_character(lib, d->shown[side]);
    int shape = character_portrait_at(c, d->shown_expr[side]);
    if (shape < 0)
        return;
    int fr = atlas_bullet_frame((bullet_shape)shape, 0, 0);
    SDL_Texture *tex = atlas_texture_of(at, fr); /* the portrait page (render/atlas.h) */
    if (!tex)
        return;
    SDL_Rect src = atlas_texture_rect(fr);
    float scale = (float)DIALOGUE_BOX_PORTRAIT_H / (float)(src.h > 0 ? src.h : 1);
    if (scale > 1.0f)
        scale = 1.0f; /* a small portrait is not blown up */
    float w = (float)src.w * scale, h = (float)src.h * scale;
    int speaking = d->side == side;
    int32_t age = frame - d->scene_at;
    float enter = age >= DB_ENTER ? 1.0f : (float)(age < 0 ? 0 : age) / DB_ENTER;
    float slide = (1.0f - enter) * (1.0f - enter) * 80.0f;
    float x = side == DIALOGUE_LEFT ? (float)field.x - 18 - slide
                                    : (float)(field.x + field.w) + 18 - w + slide;
    float y = (float)(field.y + field.h - DB_BOX_H) + 36 - h + (speaking ? -6.0f : 10.0f);
    SDL_FRect dst = {x, y, w, h};
    Uint8 lit = speaking ? 255 : 120;
    SDL_SetTextureColorMod(tex, lit, lit, (Uint8)(speaking ? 255 : 150));
    SDL_SetTextureAlphaMod(tex, (Uint8)(255.0f * enter));
    SDL_RenderCopyF(r, tex, &src, &dst);
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, 255);
}

/* The box, its border in the speaker's colour, the name plate on the
 * speaker's side and the line so far; a blinking mark once it is all shown. */
static void db_box(SDL_Renderer *r, const atlas_texture *at, const dialogue *d, const library *lib,
                   SDL_Rect field, int32_t frame, int text_speed)
{
    const character_info *c = d->side == DIALOGUE_NARRATION ? NULL : db_character(lib, d->speaker);
    SDL_Color edge =
        c ? (SDL_Color){c->rgb[0], c->rgb[1], c->rgb[2], 255} : (SDL_Color){170, 180, 230, 255};
    SDL_Rect box = {field.x + DB_MARGIN, field.y + field.h - DB_BOX_H - 6, field.w - 2 * DB_MARGIN,
                    DB_BOX_H};
    panel_fill(r, box, (SDL_Color){10, 8, 26, 215});
    panel_outline(r, box, edge);
    panel_outline(r, (SDL_Rect){box.x + 2, box.y + 2, box.w - 4, box.h - 4},
                  (SDL_Color){edge.r / 3, edge.g / 3, edge.b / 3, 255});
    if (c) {
        int tw = panel_text_width(ATLAS_FONT_SMALL, DB_TEXT_SCALE, c->title) + 20;
        SDL_Rect plate = {d->side == DIALOGUE_LEFT ? box.x + 8 : box.x + box.w - 8 - tw, box.y - 24,
                          tw, 26};
        panel_fill(r, plate, (SDL_Color){10, 8, 26, 230});
        panel_outline(r, plate, edge);
        panel_text(r, at, ATLAS_FONT_SMALL, DB_TEXT_SCALE, plate.x + 10, plate.y + 4, TEXT_LEFT,
                   edge, c->title);
    }
    char wrapped[2 * DIALOGUE_TEXT_MAX];
    panel_wrap(wrapped, sizeof wrapped, ATLAS_FONT_SMALL, DB_TEXT_SCALE, box.w - 28, d->text);
    int shown = dialogue_revealed(d, frame, text_speed);
    int all = shown >= (int)strlen(d->text);
    if (shown < (int)strlen(wrapped))
        wrapped[shown] = 0;
    SDL_Color ink = c ? (SDL_Color){250, 246, 255, 255} : (SDL_Color){200, 214, 255, 255};
    panel_text(r, at, ATLAS_FONT_SMALL, DB_TEXT_SCALE, box.x + 15, box.y + 15, TEXT_LEFT,
               (SDL_Color){0, 0, 0, 200}, wrapped);
    panel_text(r, at, ATLAS_FONT_SMALL, DB_TEXT_SCALE, box.x + 14, box.y + 14, TEXT_LEFT, ink,
               wrapped);
    if (all && (frame / 20) % 2 == 0)
        panel_text(r, at, ATLAS_FONT_SMALL, DB_TEXT_SCALE, box.x + box.w - 12, box.y + box.h - 24,
                   TEXT_RIGHT, edge, "v");
}

void dialogue_box_draw(SDL_Renderer *r, const atlas_texture *at, const dialogue *d,
                       const library *lib, int field_x, int field_y, int32_t frame, int text_speed)
{
    if (!dialogue_active(d))
        return;
    SDL_Rect field = {field_x, field_y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    SDL_RenderSetClipRect(r, &field);
    /* the one not speaking first, behind */
    for (int k = 0; k < 2; k++) {
        int side = k == 0 ? (d->side == DIALOGUE_LEFT ? DIALOGUE_RIGHT : DIALOGUE_LEFT)
                          : (d->side == DIALOGUE_LEFT ? DIALOGUE_LEFT : DIALOGUE_RIGHT);
        if (k == 1 && d->side == DIALOGUE_NARRATION)
            side = DIALOGUE_RIGHT;
        db_portrait(r, at, d, lib, side, field, frame);
    }
    db_box(r, at, d, lib, field, frame, text_speed);
    SDL_RenderSetClipRect(r, NULL);
}
