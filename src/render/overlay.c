/*
 * overlay: the F3 panel, drawn over the top-left of the field.
 */
#include "render/overlay.h"

#include "render/field_view.h"
#include "render/text.h"

#include <inttypes.h>
#include <string.h>

#define OVERLAY_X    (FIELD_VIEW_X + 6)
#define OVERLAY_Y    (FIELD_VIEW_Y + 44)
#define OVERLAY_W    (OVERLAY_HISTORY + 12)
#define GRAPH_H      48
#define GRAPH_MAX_MS 50.0f /* top of the graph */
#define FRAME_BUDGET (1000.0f / 60.0f)

static const char *const phase_labels[OVERLAY_PHASE_COUNT] = {
#define OVERLAY_PHASE_LABEL(id, label) label,
    OVERLAY_PHASES(OVERLAY_PHASE_LABEL)
#undef OVERLAY_PHASE_LABEL
};

void overlay_init(overlay *o)
{
    memset(o, 0, sizeof *o);
}

void overlay_toggle(overlay *o)
{
    o->visible = !o->visible;
}

void overlay_push_frame(overlay *o, float ms)
{
    o->frame_ms[o->next] = ms;
    o->next = (o->next + 1) % OVERLAY_HISTORY;
    if (o->filled < OVERLAY_HISTORY)
        o->filled++;
}

float overlay_mean_ms(const overlay *o, int n)
{
    if (n > o->filled)
        n = o->filled;
    if (n <= 0)
        return 0.0f;
    float sum = 0.0f;
    for (int i = 1; i <= n; i++)
        sum += o->frame_ms[(o->next - i + OVERLAY_HISTORY) % OVERLAY_HISTORY];
    return sum / (float)n;
}

/* Frame times as bars, oldest on the left, coloured against the 60 Hz budget;
 * lines mark one and two frames' budget. */
static void overlay_graph(const overlay *o, SDL_Renderer *r, int x, int y)
{
    SDL_Rect bars[3][OVERLAY_HISTORY];
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < o->filled; i++) {
        float ms = o->frame_ms[(o->next - o->filled + i + OVERLAY_HISTORY) % OVERLAY_HISTORY];
        int h = (int)(ms / GRAPH_MAX_MS * GRAPH_H + 0.5f);
        h = h < 1 ? 1 : h > GRAPH_H ? GRAPH_H : h;
        int band = ms <= FRAME_BUDGET * 1.05f ? 0 : ms <= 2 * FRAME_BUDGET * 1.05f ? 1 : 2;
        bars[band][counts[band]++] =
            (SDL_Rect){x + OVERLAY_HISTORY - o->filled + i, y + GRAPH_H - h, 1, h};
    }
    static const SDL_Color colors[3] = {
        {90, 220, 120, 255}, {240, 200, 60, 255}, {250, 80, 80, 255}};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_NONE);
    for (int b = 0; b < 3; b++) {
        SDL_SetRenderDrawColor(r, colors[b].r, colors[b].g, colors[b].b, 255);
        SDL_RenderFillRects(r, bars[b], counts[b]);
    }
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 255, 255, 255, 110);
    for (int k = 1; k <= 2; k++) {
        int ly = y + GRAPH_H - (int)(k * FRAME_BUDGET / GRAPH_MAX_MS * GRAPH_H + 0.5f);
        SDL_RenderDrawLine(r, x, ly, x + OVERLAY_HISTORY - 1, ly);
    }
}

void overlay_draw(const overlay *o, SDL_Renderer *r, const atlas_texture *at,
                  const overlay_stats *s)
{
    if (!o->visible)
        return;
    const int line = 10;
    int rows = 7 + OVERLAY_PHASE_COUNT;
    SDL_Rect box = {OVERLAY_X, OVERLAY_Y, OVERLAY_W, 8 + rows * line + GRAPH_H + 18};
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 0, 0, 0, 180);
    SDL_RenderFillRect(r, &box);
    SDL_SetRenderDrawColor(r, 120, 130, 200, 255);
    SDL_RenderDrawRect(r, &box);
    const SDL_Color key = {150, 172, 236, 255}, val = {255, 255, 255, 255};
    int x = box.x + 6, vx = box.x + 150, y = box.y + 5;
    text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "bullets");
    text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT, val, "%d / %d", s->bullets, s->capacity);
    y += line;
    text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "refused");
    text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT,
               s->refused ? (SDL_Color){255, 120, 120, 255} : val, "%" PRIu64, s->refused);
    y += line;
    text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "lasers");
    text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT, val, "%d / %d", s->lasers,
               s->laser_capacity);
    y += line;
    text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "lasers refused");
    text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT,
               s->laser_refused ? (SDL_Color){255, 120, 120, 255} : val, "%" PRIu64,
               s->laser_refused);
    y += line;
    text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "scripts stopped");
    text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT,
               s->script_stops ? (SDL_Color){255, 120, 120, 255} : val, "%" PRIu64,
               s->script_stops);
    y += line;
    text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "scripts refused");
    text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT,
               s->script_refused ? (SDL_Color){255, 120, 120, 255} : val, "%" PRIu64,
               s->script_refused);
    y += line;
    for (int p = 0; p < OVERLAY_PHASE_COUNT; p++, y += line) {
        text_draw(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, phase_labels[p]);
        if (s->phase_ms[p] < 0)
            text_draw(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT, val, "-");
        else
            text_drawf(r, at, ATLAS_FONT_SMALL, vx, y, TEXT_RIGHT, val, "%.2f ms", s->phase_ms[p]);
    }
    float mean = overlay_mean_ms(o, 60);
    text_drawf(r, at, ATLAS_FONT_SMALL, x, y, TEXT_LEFT, key, "frame %.2f ms  %s", mean,
               s->method ? s->method : "");
    y += line + 4;
    overlay_graph(o, r, x, y);
    text_draw(r, at, ATLAS_FONT_SMALL, x, y + GRAPH_H + 3, TEXT_LEFT, key,
              "last 4 s; lines: 1 and 2 frames");
}
