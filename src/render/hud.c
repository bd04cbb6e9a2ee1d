/*
 * hud: panel layout and drawing. Everything is placed on the 640x480 logical
 * screen: the field on the left (render/field_view.h), the panel on the right.
 */
#include "render/hud.h"

#include "platform/window.h"
#include "render/atlas.h"
#include "render/field_view.h"
#include "render/text.h"
#include "sim/playfield.h"

#include <inttypes.h>
#include <stdio.h>

#define FIELD_R (FIELD_VIEW_X + (int)PLAYFIELD_W)
#define FIELD_B (FIELD_VIEW_Y + (int)PLAYFIELD_H)
#define PANEL_X (FIELD_R + 16)
#define PANEL_R (LOGICAL_W - 16)
#define LABEL_X (PANEL_X + 8)
#define VALUE_R (PANEL_R - 8)

static const SDL_Color label_color = {150, 172, 236, 255};
static const SDL_Color value_color = {255, 255, 255, 255};

/* A filled rectangle, blended when the colour is translucent. */
static void hud_fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

/* A one-pixel rectangle outline. */
static void hud_outline(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(r, &rect);
}

/* Frame k of a named sprite centred at (cx, cy), unscaled. */
static void hud_sprite(SDL_Renderer *r, const atlas_texture *at, atlas_sprite sprite, int k, int cx,
                       int cy)
{
    SDL_Rect src = atlas_texture_rect(atlas_sprite_frame(sprite, k));
    SDL_Rect dst = {cx - src.w / 2, cy - src.h / 2, src.w, src.h};
    SDL_SetTextureBlendMode(at->texture, SDL_BLENDMODE_BLEND);
    SDL_RenderCopy(r, at->texture, &src, &dst);
}

void hud_draw_frame(SDL_Renderer *r, const atlas_texture *at)
{
    /* The patterned background everywhere; the field covers its part. */
    SDL_Rect tile = atlas_texture_rect(atlas_sprite_frame(ATLAS_SPRITE_PANEL_TILE, 0));
    SDL_SetTextureBlendMode(at->texture, SDL_BLENDMODE_NONE);
    for (int y = 0; y < LOGICAL_H; y += tile.h) {
        for (int x = 0; x < LOGICAL_W; x += tile.w) {
            if (x >= FIELD_VIEW_X && x + tile.w <= FIELD_R && y >= FIELD_VIEW_Y &&
                y + tile.h <= FIELD_B)
                continue;
            SDL_Rect dst = {x, y, tile.w, tile.h};
            SDL_RenderCopy(r, at->texture, &tile, &dst);
        }
    }
    SDL_SetTextureBlendMode(at->texture, SDL_BLENDMODE_BLEND);
    SDL_Rect field = {FIELD_VIEW_X, FIELD_VIEW_Y, (int)PLAYFIELD_W, (int)PLAYFIELD_H};
    hud_outline(r, (SDL_Rect){field.x - 1, field.y - 1, field.w + 2, field.h + 2},
                (SDL_Color){140, 150, 210, 255});
    hud_outline(r, (SDL_Rect){field.x - 3, field.y - 3, field.w + 6, field.h + 6},
                (SDL_Color){6, 6, 16, 255});
    hud_outline(r, (SDL_Rect){field.x - 2, field.y - 2, field.w + 4, field.h + 4},
                (SDL_Color){60, 66, 120, 255});
    /* The stats box and the title under it. */
    SDL_Rect box = {PANEL_X, FIELD_VIEW_Y + 8, PANEL_R - PANEL_X, 140};
    hud_fill(r, box, (SDL_Color){6, 8, 20, 170});
    hud_outline(r, box, (SDL_Color){70, 80, 140, 255});
    text_draw(r, at, ATLAS_FONT_TITLE, (PANEL_X + PANEL_R) / 2, FIELD_B - 70, TEXT_CENTER,
              (SDL_Color){255, 255, 255, 255}, "curtain");
    text_draw(r, at, ATLAS_FONT_SMALL, (PANEL_X + PANEL_R) / 2, FIELD_B - 26, TEXT_CENTER,
              (SDL_Color){140, 150, 200, 255}, "a bullet curtain");
}

/* A row of stock icons, or the icon and a count when there are too many. */
static void hud_icons(SDL_Renderer *r, const atlas_texture *at, atlas_sprite icon, int count, int y)
{
    if (count < 0)
        count = 0;
    int x = VALUE_R - 6;
    if (count > HUD_MAX_ICONS) {
        int w =
            text_drawf(r, at, ATLAS_FONT_SMALL, VALUE_R, y, TEXT_RIGHT, value_color, "x%d", count);
        hud_sprite(r, at, icon, 0, VALUE_R - w - 8, y + 3);
        return;
    }
    for (int i = HUD_MAX_ICONS - 1; i >= 0; i--, x -= 12) {
        if (i < count)
            hud_sprite(r, at, icon, 0, x, y + 3);
    }
}

/* Pieces toward the next of a stock ("2/5") after the label of row y, when
 * the game gives pieces of it (whole > 0). */
static void hud_pieces(SDL_Renderer *r, const atlas_texture *at, int pieces, int whole, int y)
{
    if (whole <= 0)
        return;
    text_drawf(r, at, ATLAS_FONT_SMALL, LABEL_X + 44, y, TEXT_LEFT,
               pieces > 0 ? value_color : label_color, "%d/%d", pieces < 0 ? 0 : pieces, whole);
}

/* A label at the left of the panel's row y. */
static void hud_row(SDL_Renderer *r, const atlas_texture *at, int y, const char *label)
{
    text_draw(r, at, ATLAS_FONT_SMALL, LABEL_X, y, TEXT_LEFT, label_color, label);
}

/* Text over the field: a dark copy one pixel down and right under it keeps it
 * readable over bright bullets and backdrop. Returns its width. */
static int hud_field_text(SDL_Renderer *r, const atlas_texture *at, int x, int y, text_align align,
                          SDL_Color c, const char *s)
{
    text_draw(r, at, ATLAS_FONT_SMALL, x + 1, y + 1, align, (SDL_Color){0, 0, 0, 220}, s);
    return text_draw(r, at, ATLAS_FONT_SMALL, x, y, align, c, s);
}

/* The phases after this one: a row of small pips, each a bar with a light top
 * edge on a dark groove, in the health bar's colour (nothing like a bullet). */
static void hud_phase_pips(SDL_Renderer *r, int x, int y, int count)
{
    if (count <= 0)
        return;
    hud_fill(r, (SDL_Rect){x - 1, y - 1, count * 9 + 1, 5}, (SDL_Color){0, 0, 0, 170});
    for (int i = 0; i < count; i++) {
        SDL_Rect pip = {x + i * 9, y, 8, 3};
        hud_fill(r, pip, (SDL_Color){236, 60, 110, 255});
        hud_fill(r, (SDL_Rect){pip.x, pip.y, pip.w, 1}, (SDL_Color){255, 200, 220, 255});
    }
}

/* The spell card's name on its band, the running bonus under it. */
static void hud_spell(SDL_Renderer *r, const atlas_texture *at, const hud_state *h, int y)
{
    int sw = text_width(ATLAS_FONT_SMALL, h->spell_name);
    SDL_Rect band = {FIELD_R - sw - 22, y, sw + 16, 13};
    hud_fill(r, band, (SDL_Color){40, 0, 40, 170});
    hud_fill(r, (SDL_Rect){band.x, band.y + band.h - 1, band.w, 1},
             (SDL_Color){255, 120, 200, 255});
    text_draw(r, at, ATLAS_FONT_SMALL, FIELD_R - 14, y + 3, TEXT_RIGHT, value_color, h->spell_name);
    char bonus[40];
    if (h->spell_failed)
        snprintf(bonus, sizeof bonus, "Bonus  Failed");
    else
        snprintf(bonus, sizeof bonus, "Bonus  %" PRIu64, h->spell_bonus);
    int bw = text_width(ATLAS_FONT_SMALL, bonus);
    hud_fill(r, (SDL_Rect){FIELD_R - bw - 18, y + 14, bw + 12, 11}, (SDL_Color){20, 0, 24, 150});
    hud_field_text(
        r, at, FIELD_R - 12, y + 15, TEXT_RIGHT,
        h->spell_failed ? (SDL_Color){150, 140, 160, 255} : (SDL_Color){255, 220, 120, 255}, bonus);
}

/* The boss's bar across the top of the field. */
static void hud_draw_boss(SDL_Renderer *r, const atlas_texture *at, const hud_state *h)
{
    int x0 = FIELD_VIEW_X + 6, x1 = FIELD_R - 44, y = FIELD_VIEW_Y + 6;
    int w = h->boss_name ? text_width(ATLAS_FONT_SMALL, h->boss_name) : 0;
    int pips = h->boss_phases_left < 0 ? 0 : h->boss_phases_left > 16 ? 16 : h->boss_phases_left;
    /* The name on a dark plate: bullets pass under it. */
    if (w > 0) {
        SDL_Rect plate = {x0 - 3, y - 2, w + 6, 12};
        hud_fill(r, plate, (SDL_Color){40, 0, 40, 190});
        hud_fill(r, (SDL_Rect){plate.x + plate.w, plate.y, 1, plate.h},
                 (SDL_Color){255, 120, 200, 255});
        hud_field_text(r, at, x0, y, TEXT_LEFT, (SDL_Color){255, 190, 230, 255}, h->boss_name);
    }
    /* Health (a survival card's: its time): a dark groove, the fill, a light edge. */
    float health = h->boss_health < 0 ? 0 : h->boss_health > 1 ? 1 : h->boss_health;
    SDL_Rect groove = {x0, y + 12, x1 - x0, 4};
    hud_fill(r, (SDL_Rect){groove.x - 1, groove.y - 1, groove.w + 2, groove.h + 2},
             (SDL_Color){0, 0, 0, 160});
    SDL_Rect fill = {groove.x, groove.y, (int)(groove.w * health + 0.5f), groove.h};
    hud_fill(r, fill,
             h->spell_survival ? (SDL_Color){70, 200, 230, 255} : (SDL_Color){236, 60, 110, 255});
    hud_fill(r, (SDL_Rect){fill.x, fill.y, fill.w, 1},
             h->spell_survival ? (SDL_Color){200, 250, 255, 255} : (SDL_Color){255, 200, 220, 255});
    hud_phase_pips(r, x0, y + 19, pips);
    /* The phase timer: red in its last ten seconds; a survival card's in its own
     * colour, marked as one. */
    float t = h->boss_timer < 0 ? 0 : h->boss_timer > 999 ? 999 : h->boss_timer;
    SDL_Color tc = h->spell_survival ? (SDL_Color){110, 230, 255, 255}
                   : t < 10.0f       ? (SDL_Color){255, 90, 90, 255}
                                     : value_color;
    char timer[16];
    snprintf(timer, sizeof timer, "%05.2f", (double)t);
    hud_field_text(r, at, FIELD_R - 6, y + 8, TEXT_RIGHT, tc, timer);
    if (h->spell_survival)
        hud_field_text(r, at, FIELD_R - 6, y + 18, TEXT_RIGHT, (SDL_Color){110, 230, 255, 255},
                       "SURVIVAL");
    if (h->spell_name && h->spell_name[0])
        hud_spell(r, at, h, y + 29);
}

void hud_draw(SDL_Renderer *r, const atlas_texture *at, const hud_state *h)
{
    int y = FIELD_VIEW_Y + 18;
    hud_row(r, at, y, "HiScore");
    text_drawf(r, at, ATLAS_FONT_SMALL, VALUE_R, y, TEXT_RIGHT, value_color, "%010" PRIu64,
               h->high_score > 9999999999u ? 9999999999u : h->high_score);
    y += 16;
    hud_row(r, at, y, "Score");
    text_drawf(r, at, ATLAS_FONT_SMALL, VALUE_R, y, TEXT_RIGHT, value_color, "%010" PRIu64,
               h->score > 9999999999u ? 9999999999u : h->score);
    y += 28;
    hud_row(r, at, y, "Player");
    hud_icons(r, at, ATLAS_SPRITE_ICON_LIFE, h->lives, y);
    hud_pieces(r, at, h->life_pieces, h->life_pieces_whole, y);
    y += 16;
    hud_row(r, at, y, "Bomb");
    hud_icons(r, at, ATLAS_SPRITE_ICON_BOMB, h->bombs, y);
    hud_pieces(r, at, h->bomb_pieces, h->bomb_pieces_whole, y);
    y += 28;
    hud_row(r, at, y, "Power");
    int p = h->power < 0 ? 0 : h->power;
    if (h->power_max > 0)
        text_drawf(r, at, ATLAS_FONT_SMALL, VALUE_R, y, TEXT_RIGHT, value_color,
                   "%d.%02d / %d.%02d", p / 100, p % 100, h->power_max / 100, h->power_max % 100);
    else
        text_drawf(r, at, ATLAS_FONT_SMALL, VALUE_R, y, TEXT_RIGHT, value_color, "%d.%02d", p / 100,
                   p % 100);
    y += 16;
    hud_row(r, at, y, "Graze");
    text_drawf(r, at, ATLAS_FONT_SMALL, VALUE_R, y, TEXT_RIGHT, value_color, "%" PRIu64, h->graze);
    if (h->boss_active)
        hud_draw_boss(r, at, h);
}

/* In the side panel's column, under its logo and level with the field's
 * bottom edge: inside the screen's margins, clear of the menus' help line. */
void hud_draw_fps(SDL_Renderer *r, const atlas_texture *at, float fps)
{
    text_drawf(r, at, ATLAS_FONT_SMALL, PANEL_R, FIELD_B - 10, TEXT_RIGHT,
               (SDL_Color){200, 210, 240, 255}, "%.1f fps", fps < 0 ? 0.0 : (double)fps);
}
