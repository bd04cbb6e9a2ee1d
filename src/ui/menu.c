/*
 * menu: rows, cursor, scrolling and drawing of a list menu. See menu.h.
 */
#include "ui/menu.h"

#include "render/atlas.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

void menu_clear(menu *m, const char *title)
{
    int cursor = m->cursor, first = m->first;
    memset(m, 0, sizeof *m);
    snprintf(m->title, sizeof m->title, "%s", title ? title : "");
    m->cursor = cursor;
    m->first = first;
}

int menu_add(menu *m, const char *label, const char *value, int disabled)
{
    if (m->count >= MENU_MAX_ITEMS)
        return -1;
    int i = m->count++;
    snprintf(m->labels[i], sizeof m->labels[i], "%s", label);
    snprintf(m->values[i], sizeof m->values[i], "%s", value ? value : "");
    m->disabled[i] = (uint8_t)(disabled != 0);
    return i;
}

void menu_set_value(menu *m, int row, const char *value)
{
    if (row >= 0 && row < m->count)
        snprintf(m->values[row], sizeof m->values[row], "%s", value);
}

int menu_move(menu *m, int delta)
{
    if (m->count == 0)
        return 0;
    int start = m->cursor;
    int i = m->cursor;
    for (int tries = 0; tries < m->count; tries++) {
        i = (i + delta + m->count) % m->count;
        if (!m->disabled[i]) {
            m->cursor = i;
            return i != start;
        }
    }
    return 0;
}

void menu_select(menu *m, int row)
{
    if (m->count == 0) {
        m->cursor = 0;
        return;
    }
    m->cursor = row < 0 ? 0 : row >= m->count ? m->count - 1 : row;
    if (m->disabled[m->cursor] && !menu_move(m, 1))
        menu_move(m, -1);
}

/* A label cut to max_w pixels with ".." at its end when it is wider (a long
 * spell card title beside its counts), whole otherwise. */
static void menu_fit_label(char out[MENU_LABEL_MAX], const char *label, int scale, int max_w)
{
    snprintf(out, MENU_LABEL_MAX, "%s", label);
    size_t n = strlen(out);
    if (panel_text_width(ATLAS_FONT_SMALL, scale, out) <= max_w)
        return;
    while (n > 0 && panel_text_width(ATLAS_FONT_SMALL, scale, out) > max_w) {
        out[--n] = '\0';
        if (n >= 2) {
            out[n - 2] = out[n - 1] = '.';
        }
    }
}

void menu_draw(menu *m, SDL_Renderer *r, const atlas_texture *at, SDL_Rect area, int scale,
               uint64_t tick)
{
    if (m->cursor >= m->count)
        menu_select(m, m->count - 1);
    if (m->see_through)
        panel_box_shaded(r, area, 96);
    else
        panel_box(r, area);
    int line = atlas_font_metrics_of(ATLAS_FONT_SMALL).line_h * scale + 4 * scale;
    int y = area.y + 10;
    if (m->title[0]) {
        panel_text(r, at, ATLAS_FONT_SMALL, 2, area.x + area.w / 2, y, TEXT_CENTER, PANEL_GOLD,
                   m->title);
        y += 2 * atlas_font_metrics_of(ATLAS_FONT_SMALL).line_h + 12;
    }
    int rows = (area.y + area.h - 8 - y) / line;
    if (rows < 1)
        rows = 1;
    if (m->cursor < m->first)
        m->first = m->cursor;
    if (m->cursor >= m->first + rows)
        m->first = m->cursor - rows + 1;
    int x0 = area.x + 18, x1 = area.x + area.w - 14;
    for (int i = m->first; i < m->count && i < m->first + rows; i++, y += line) {
        SDL_Color c = m->disabled[i] ? (SDL_Color){90, 95, 130, 255} : PANEL_WHITE;
        if (i == m->cursor) {
            int pulse = (int)(tick % 60 < 30 ? tick % 30 : 30 - tick % 30);
            panel_fill(r, (SDL_Rect){area.x + 6, y - 3, area.w - 12, line - 2},
                       (SDL_Color){200, 60, 140, (Uint8)(70 + pulse * 3)});
            panel_fill(r, (SDL_Rect){area.x + 6, y - 3, 3, line - 2}, PANEL_PINK);
            c = (SDL_Color){255, 240, 200, 255};
        }
        char label[MENU_LABEL_MAX];
        int value_w = m->values[i][0] ? panel_text_width(ATLAS_FONT_SMALL, scale, m->values[i]) : 0;
        menu_fit_label(label, m->labels[i], scale, x1 - x0 - value_w - (value_w ? 6 * scale : 0));
        panel_text(r, at, ATLAS_FONT_SMALL, scale, x0, y, TEXT_LEFT, c, label);
        if (m->values[i][0])
            panel_text(r, at, ATLAS_FONT_SMALL, scale, x1, y, TEXT_RIGHT,
                       i == m->cursor ? PANEL_GOLD : PANEL_LABEL, m->values[i]);
    }
    if (m->first > 0)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x1, area.y + 6, TEXT_RIGHT, PANEL_DIM, "more ^");
    if (m->first + rows < m->count)
        panel_text(r, at, ATLAS_FONT_SMALL, 1, x1, area.y + area.h - 14, TEXT_RIGHT, PANEL_DIM,
                   "more v");
}
