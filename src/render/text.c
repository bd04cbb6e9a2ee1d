/*
 * text: one SDL_RenderCopy per glyph (a HUD's worth of text is a few hundred
 * copies, which SDL batches on GPU back ends), tinted by colour modulation.
 */
#include "render/text.h"

#include "render/atlas.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The layout tests' record (text.h); NULL: nothing is recorded. */
static text_record *text_recording;

void text_record_begin(text_record *rec)
{
    text_recording = rec;
    if (rec)
        memset(rec, 0, sizeof *rec);
}

void text_record_cover(SDL_Rect rect)
{
    text_record *rec = text_recording;
    if (!rec)
        return;
    for (int i = 0; i < rec->count; i++) {
        SDL_Rect b = rec->lines[i].box;
        if (b.x >= rect.x && b.y >= rect.y && b.x + b.w <= rect.x + rect.w &&
            b.y + b.h <= rect.y + rect.h)
            rec->lines[i].hidden = 1;
    }
}

void text_record_box(SDL_Rect rect)
{
    text_record *rec = text_recording;
    if (!rec || rec->box_count >= TEXT_RECORD_BOXES)
        return;
    rec->box_after[rec->box_count] = rec->count;
    rec->boxes[rec->box_count++] = rect;
}

/* Records one drawn line of n characters whose pen starts at (x, y), in the
 * renderer's scaled coordinates. */
static void text_record_line_at(SDL_Renderer *r, atlas_font_metrics m, int x, int y, const char *s,
                                int n)
{
    text_record *rec = text_recording;
    if (!rec || n == 0)
        return;
    if (rec->count >= TEXT_RECORD_LINES) {
        rec->dropped++;
        return;
    }
    float sx = 1.0f, sy = 1.0f;
    SDL_RenderGetScale(r, &sx, &sy);
    text_record_line *l = &rec->lines[rec->count++];
    l->box = (SDL_Rect){(int)((float)x * sx), (int)((float)y * sy),
                        (int)((float)(n * m.advance) * sx), (int)((float)m.line_h * sy)};
    snprintf(l->text, sizeof l->text, "%.*s", n, s);
    l->hidden = 0;
}

/* Width of the line starting at s (up to '\n' or the end). */
static int text_line_width(atlas_font font, const char *s)
{
    int n = 0;
    while (s[n] && s[n] != '\n')
        n++;
    return n * atlas_font_metrics_of(font).advance;
}

int text_width(atlas_font font, const char *s)
{
    int widest = 0;
    for (const char *line = s; line;) {
        int w = text_line_width(font, line);
        widest = w > widest ? w : widest;
        line = SDL_strchr(line, '\n');
        if (line)
            line++;
    }
    return widest;
}

int text_line_height(atlas_font font)
{
    return atlas_font_metrics_of(font).line_h;
}

int text_draw(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int x, int y,
              text_align align, SDL_Color color, const char *s)
{
    atlas_font_metrics m = atlas_font_metrics_of(font);
    SDL_Texture *tex = at->texture;
    SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND);
    SDL_SetTextureColorMod(tex, color.r, color.g, color.b);
    SDL_SetTextureAlphaMod(tex, color.a);
    int widest = 0;
    for (const char *line = s; line; y += m.line_h) {
        int w = text_line_width(font, line);
        widest = w > widest ? w : widest;
        int pen = align == TEXT_RIGHT ? x - w : align == TEXT_CENTER ? x - w / 2 : x;
        text_record_line_at(r, m, pen, y, line, m.advance ? w / m.advance : 0);
        for (const char *c = line; *c && *c != '\n'; c++, pen += m.advance) {
            if (*c == ' ')
                continue;
            SDL_Rect src = atlas_texture_rect(atlas_glyph_frame(font, (unsigned char)*c));
            SDL_Rect dst = {pen - m.origin_x, y - m.origin_y, src.w, src.h};
            SDL_RenderCopy(r, tex, &src, &dst);
        }
        line = SDL_strchr(line, '\n');
        if (line)
            line++;
    }
    SDL_SetTextureColorMod(tex, 255, 255, 255);
    SDL_SetTextureAlphaMod(tex, 255);
    return widest;
}

int text_drawf(SDL_Renderer *r, const atlas_texture *at, atlas_font font, int x, int y,
               text_align align, SDL_Color color, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return text_draw(r, at, font, x, y, align, color, buf);
}
