/*
 * panel: boxes and scaled text. See panel.h.
 */
#include "ui/panel.h"

#include "platform/window.h"

#include <stdarg.h>
#include <stdio.h>

void panel_fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
}

void panel_outline(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(r, &rect);
}

void panel_box(SDL_Renderer *r, SDL_Rect rect)
{
    panel_fill(r, rect, (SDL_Color){8, 8, 24, 210});
    panel_outline(r, rect, (SDL_Color){110, 120, 200, 255});
    panel_outline(r, (SDL_Rect){rect.x + 2, rect.y + 2, rect.w - 4, rect.h - 4},
                  (SDL_Color){50, 56, 110, 255});
}

void panel_dim(SDL_Renderer *r, int alpha)
{
    panel_fill(r, (SDL_Rect){0, 0, LOGICAL_W, LOGICAL_H},
               (SDL_Color){0, 0, 8,
                           (Uint8)(alpha < 0     ? 0
                                   : alpha > 255 ? 255
                                                 : alpha)});
}

int panel_text(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int scale, int x, int y,
               text_align align, SDL_Color color, const char *s)
{
    if (scale <= 1)
        return text_draw(r, at, font, x, y, align, color, s);
    /* Doubled glyphs keep their pixels sharp. */
    SDL_SetTextureScaleMode(at->texture, SDL_ScaleModeNearest);
    SDL_RenderSetScale(r, (float)scale, (float)scale);
    int w = text_draw(r, at, font, x / scale, y / scale, align, color, s);
    SDL_RenderSetScale(r, 1.0f, 1.0f);
    SDL_SetTextureScaleMode(at->texture, SDL_ScaleModeLinear);
    return w * scale;
}

int panel_textf(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int scale, int x, int y,
                text_align align, SDL_Color color, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return panel_text(r, at, font, scale, x, y, align, color, buf);
}

int panel_text_width(atlas_font font, int scale, const char *s)
{
    return text_width(font, s) * (scale < 1 ? 1 : scale);
}
