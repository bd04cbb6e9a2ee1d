/*
 * music_room: the title's Music Room. Every theme the game has (audio_themes:
 * the data folder's scores, a mod's over them), in the game's order: the
 * title's, then each stage's and its boss's as the game's list has them, the
 * Extra stage's, then the rest by name; each row shows the theme's title (its
 * score's `title` line, else its file's name), and the box under the list says
 * the line about it (`about`) and its length. Confirm plays the theme from its
 * start (looping); back returns to the title, whose theme comes back.
 */
#include "audio/music.h"
#include "platform/window.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>
#include <string.h>

/* Adds theme k to the order unless it is there already. */
static void music_room_take(music_room_state *m, int k)
{
    if (k < 0)
        return;
    for (int i = 0; i < m->count; i++)
        if (m->order[i] == k)
            return;
    if (m->count < MUSIC_THEMES)
        m->order[m->count++] = k;
}

/* The stage's theme and its boss's, by the music cues' names. */
static void music_room_stage(music_room_state *m, const music_set *set, const char *stage)
{
    char boss[MUSIC_NAME + 8];
    music_room_take(m, music_set_find(set, stage));
    snprintf(boss, sizeof boss, "%s_boss", stage);
    music_room_take(m, music_set_find(set, boss));
}

void music_room_enter(app *a)
{
    music_room_state *m = &a->music_room;
    const music_set *set = audio_themes(a->sound);
    const library_game *g = world_game_of(a->lib);
    m->count = 0;
    music_room_take(m, music_set_find(set, "title"));
    for (uint32_t s = 0; g && s < g->stage_count; s++)
        music_room_stage(m, set, g->stages[s]);
    if (g && g->extra)
        music_room_stage(m, set, g->extra);
    for (int k = 0; k < set->count; k++)
        music_room_take(m, k);
    menu_clear(&m->m, "Music Room");
    for (int i = 0; i < m->count; i++) {
        const music_theme *th = &set->themes[m->order[i]];
        char label[MENU_LABEL_MAX];
        snprintf(label, sizeof label, "%2d. %s", i + 1,
                 th->score.title[0] ? th->score.title : th->name);
        menu_add(&m->m, label, m->playing == m->order[i] + 1 ? "playing" : NULL, 0);
    }
    if (m->count == 0)
        menu_add(&m->m, "No music loaded", NULL, 1);
    menu_select(&m->m, m->m.cursor);
}

void music_room_action(app *a, input_ui act)
{
    music_room_state *m = &a->music_room;
    if (app_menu_step(a, &m->m, act))
        return;
    switch (act) {
    case INPUT_UI_CONFIRM:
        if (m->count == 0)
            break;
        m->playing = m->order[m->m.cursor] + 1;
        audio_cue(a->sound, -1); /* from its start, even when it plays already */
        audio_cue(a->sound, m->playing - 1);
        music_room_enter(a); /* the "playing" mark moves */
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        m->playing = 0;
        app_switch(a, SCREEN_TITLE);
        break;
    default: break;
    }
}

void music_room_draw(app *a)
{
    music_room_state *m = &a->music_room;
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    const music_set *set = audio_themes(a->sound);
    title_draw_demo(a, 190);
    menu_draw(&m->m, r, at, (SDL_Rect){16, 24, LOGICAL_W - 32, 330}, 2, a->tick);
    SDL_Rect box = {16, 362, LOGICAL_W - 32, 92};
    panel_box(r, box);
    if (m->count > 0 && m->m.cursor < m->count) {
        const music_theme *th = &set->themes[m->order[m->m.cursor]];
        char about[2 * SCORE_ABOUT_MAX];
        int lines = panel_wrap(about, sizeof about, ATLAS_FONT_SMALL, 1, box.w - 28,
                               th->score.about[0] ? th->score.about : "(no line about this theme)");
        int secs = (int)(th->seconds + 0.5);
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, box.x + 14, box.y + 10, TEXT_LEFT, PANEL_GOLD, "%s",
                    th->score.title[0] ? th->score.title : th->name);
        panel_textf(r, at, ATLAS_FONT_SMALL, 1, box.x + box.w - 14, box.y + 10, TEXT_RIGHT,
                    PANEL_LABEL, "%s.%s  %d:%02d", th->name, th->ogg ? "ogg" : "mml", secs / 60,
                    secs % 60);
        char *line = about;
        for (int k = 0; k < lines && k < 4 && line; k++) {
            char *nl = strchr(line, '\n');
            if (nl)
                *nl = '\0';
            panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 14, box.y + 30 + 12 * k, TEXT_LEFT,
                       PANEL_WHITE, line);
            line = nl ? nl + 1 : NULL;
        }
    }
    title_draw_help(a, "%s plays    %s goes back", app_ui_words(a, INPUT_UI_CONFIRM),
                    app_ui_words(a, INPUT_UI_BACK));
}
