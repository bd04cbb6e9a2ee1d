#include "render/field_view.h"

#include "platform/window.h"
#include "sim/playfield.h"

#include <math.h>

static void field_star_respawn(field_view *fv, field_star *s, int anywhere)
{
    s->x = rng_range(&fv->visual, 0.0f, PLAYFIELD_W);
    s->y = anywhere ? rng_range(&fv->visual, 0.0f, PLAYFIELD_H) : -2.0f;
    s->speed = rng_range(&fv->visual, 0.3f, 2.2f);
    s->shade = (Uint8)(60.0f + s->speed * 70.0f);
}

void field_view_init(field_view *fv, uint64_t seed)
{
    rng_seed(&fv->visual, seed);
    for (int i = 0; i < FIELD_VIEW_STARS; i++)
        field_star_respawn(fv, &fv->stars[i], 1);
}

void field_view_update(field_view *fv)
{
    for (int i = 0; i < FIELD_VIEW_STARS; i++) {
        field_star *s = &fv->stars[i];
        s->y += s->speed;
        if (s->y > PLAYFIELD_H)
            field_star_respawn(fv, s, 0);
    }
}

/* A vertical gradient filling the field: deep blue at the top to violet below. */
static void field_view_draw_backdrop(SDL_Renderer *r)
{
    const float x0 = FIELD_VIEW_X, y0 = FIELD_VIEW_Y;
    const float x1 = x0 + PLAYFIELD_W, y1 = y0 + PLAYFIELD_H;
    SDL_Vertex v[4] = {
        {{x0, y0}, {10, 12, 40, 255}, {0, 0}},
        {{x1, y0}, {10, 12, 40, 255}, {0, 0}},
        {{x1, y1}, {34, 14, 52, 255}, {0, 0}},
        {{x0, y1}, {34, 14, 52, 255}, {0, 0}},
    };
    static const int quad[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(r, NULL, v, 4, quad, 6);
}

static void field_view_draw_stars(const field_view *fv, SDL_Renderer *r)
{
    for (int i = 0; i < FIELD_VIEW_STARS; i++) {
        const field_star *s = &fv->stars[i];
        SDL_SetRenderDrawColor(r, s->shade, s->shade,
                               (Uint8)(s->shade + 40 > 255 ? 255 : s->shade + 40), 255);
        SDL_FRect dot = {FIELD_VIEW_X + s->x, FIELD_VIEW_Y + s->y, s->speed > 1.6f ? 2.0f : 1.0f,
                         s->speed > 1.6f ? 2.0f : 1.0f};
        SDL_RenderFillRectF(r, &dot);
    }
}

/* Fills a circle as a triangle fan. */
static void field_view_fill_circle(SDL_Renderer *r, float cx, float cy, float radius,
                                   SDL_Color color)
{
    enum {
        SEGMENTS = 16
    };
    SDL_Vertex v[SEGMENTS + 1];
    int idx[SEGMENTS * 3];
    v[0] = (SDL_Vertex){{cx, cy}, color, {0, 0}};
    for (int i = 0; i < SEGMENTS; i++) {
        float a = (float)i * (6.2831853f / SEGMENTS);
        v[i + 1] = (SDL_Vertex){{cx + cosf(a) * radius, cy + sinf(a) * radius}, color, {0, 0}};
        idx[i * 3] = 0;
        idx[i * 3 + 1] = i + 1;
        idx[i * 3 + 2] = (i + 1) % SEGMENTS + 1;
    }
    SDL_RenderGeometry(r, NULL, v, SEGMENTS + 1, idx, SEGMENTS * 3);
}

/* The ship: a swept arrowhead with a lit canopy; focus shows the true hitbox. */
static void field_view_draw_player(SDL_Renderer *r, const player *p)
{
    float x = FIELD_VIEW_X + p->x, y = FIELD_VIEW_Y + p->y;
    SDL_Color hull = {120, 200, 255, 255}, edge = {40, 80, 190, 255}, core = {255, 255, 255, 255};
    SDL_Vertex v[6] = {
        {{x, y - 14}, core, {0, 0}},      {{x - 11, y + 10}, edge, {0, 0}},
        {{x - 3, y + 5}, hull, {0, 0}},   {{x + 3, y + 5}, hull, {0, 0}},
        {{x + 11, y + 10}, edge, {0, 0}}, {{x, y + 2}, hull, {0, 0}},
    };
    static const int tris[12] = {0, 1, 2, 0, 2, 5, 0, 5, 3, 0, 3, 4};
    SDL_RenderGeometry(r, NULL, v, 6, tris, 12);
    field_view_fill_circle(r, x, y + 11, 2.5f, (SDL_Color){255, 170, 60, 255});
    if (p->focused) {
        field_view_fill_circle(r, x, y, PLAYER_HITBOX_RADIUS + 1.5f, (SDL_Color){255, 40, 60, 255});
        field_view_fill_circle(r, x, y, PLAYER_HITBOX_RADIUS, (SDL_Color){255, 255, 255, 255});
    }
}

/* The frame around the field, and the side panel to its right. */
static void field_view_draw_frame(SDL_Renderer *r)
{
    SDL_SetRenderDrawColor(r, 18, 20, 34, 255);
    const int panel_x = FIELD_VIEW_X + (int)PLAYFIELD_W + 16;
    SDL_Rect panel = {panel_x, FIELD_VIEW_Y, LOGICAL_W - panel_x - 16, (int)PLAYFIELD_H};
    SDL_RenderFillRect(r, &panel);
    SDL_SetRenderDrawColor(r, 110, 120, 170, 255);
    SDL_Rect border = {FIELD_VIEW_X - 2, FIELD_VIEW_Y - 2, (int)PLAYFIELD_W + 4,
                       (int)PLAYFIELD_H + 4};
    SDL_RenderDrawRect(r, &border);
    SDL_RenderDrawRect(r, &panel);
}

void field_view_draw(const field_view *fv, SDL_Renderer *r, const world *w)
{
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    field_view_draw_frame(r);
    field_view_draw_backdrop(r);
    field_view_draw_stars(fv, r);
    field_view_draw_player(r, &w->player);
}
