/*
 * panel: boxes and scaled text. See panel.h.
 */
#include "ui/panel.h"

#include "platform/window.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void panel_fill(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(r, &rect);
    if (c.a >= 150) /* what was drawn under it is not there to be read */
        text_record_cover(rect);
}

void panel_outline(SDL_Renderer *r, SDL_Rect rect, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(r, c.a == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(r, &rect);
}

void panel_box(SDL_Renderer *r, SDL_Rect rect)
{
    panel_box_shaded(r, rect, 210);
}

/* Its fill is not a cover for the layout tests' record (render/text.h): text
 * under a box still shows through, and mixes with the box's own. */
void panel_box_shaded(SDL_Renderer *r, SDL_Rect rect, Uint8 alpha)
{
    text_record_box(rect);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r, 8, 8, 24, alpha);
    SDL_RenderFillRect(r, &rect);
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

/* The width of the n characters at s. */
static int panel_span_width(atlas_font font, int scale, const char *s, size_t n)
{
    char buf[256];
    if (n >= sizeof buf)
        n = sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return panel_text_width(font, scale, buf);
}

int panel_wrap(char *out, size_t cap, atlas_font font, int scale, int max_w, const char *s)
{
    size_t o = 0;
    int lines = 1;
    if (cap == 0)
        return 0;
    while (*s) {
        /* The longest run from s that fits, ending at a space or a newline if it can. */
        size_t fit = 0, brk = 0;
        while (s[fit] && s[fit] != '\n' &&
               (fit < 2 || panel_span_width(font, scale, s, fit + 1) <= max_w)) {
            if (s[fit] == ' ')
                brk = fit;
            fit++;
        }
        size_t take = s[fit] && s[fit] != '\n' && brk > 0 ? brk : fit;
        for (size_t i = 0; i < take && o + 1 < cap; i++)
            out[o++] = s[i];
        s += take;
        while (*s == ' ')
            s++;
        if (*s == '\n')
            s++;
        if (*s && o + 1 < cap) {
            out[o++] = '\n';
            lines++;
        }
    }
    out[o] = '\0';
    return lines;
}

int panel_line_count(const char *s)
{
    int lines = 1;
    for (; *s; s++)
        lines += *s == '\n';
    return lines;
}
