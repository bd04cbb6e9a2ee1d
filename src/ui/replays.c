/*
 * replays: the replay list. The files of the user folder's replays/, newest
 * first, the last run at the top: every file is read, and the APP_REPLAYS_MAX
 * that come first in that order are listed; a file that cannot be played is listed with
 * the reason (damaged, cut short, from a newer curtain) and refused. Read again
 * (back from watching, or after a run was saved), the cursor stays on its file.
 */
#include "core/file.h"
#include "game/difficulty.h"
#include "platform/window.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Reads one file's header (the whole file, decoded) into an entry. */
static void replays_read(replay_entry *e, const char *dir, const char *file, const app *a)
{
    memset(e, 0, sizeof *e);
    if (snprintf(e->path, sizeof e->path, "%s/%s", dir, file) >= (int)sizeof e->path)
        e->path[0] = '\0';
    snprintf(e->file, sizeof e->file, "%s", file);
    replay r;
    char err[256];
    if (replay_load(&r, e->path, err, sizeof err) != 0) {
        const char *why = strstr(err, ": ");
        snprintf(e->error, sizeof e->error, "%s", why ? why + 2 : err);
        return;
    }
    e->ok = 1;
    e->format2 = replay_wants_format2_library(&r);
    const library *lib = app_replay_library(a, e->format2);
    e->other_content = !replay_content_matches(&r, lib);
    e->end = (replay_end)r.end;
    e->date = r.date;
    e->config = r.config;
    e->score = r.score;
    e->frames = r.frame_count;
    e->practice = r.practice;
    e->taken_at = r.taken_at;
    e->reach = r.reach;
    snprintf(e->ship, sizeof e->ship, "%s", r.ship);
    snprintf(e->shot_type, sizeof e->shot_type, "%s", r.shot_type);
    snprintf(e->name, sizeof e->name, "%s", r.name);
    replay_free(&r);
}

const library *app_replay_library(const app *a, int format2)
{
    return format2 && a->cfg && a->cfg->format2_lib ? a->cfg->format2_lib : a->lib;
}

/* Newest first; the last run before everything. */
static int replays_order(const void *pa, const void *pb)
{
    const replay_entry *a = pa, *b = pb;
    int la = strcmp(a->file, APP_LAST_REPLAY) == 0, lb = strcmp(b->file, APP_LAST_REPLAY) == 0;
    if (la != lb)
        return lb - la;
    if (a->date != b->date)
        return a->date < b->date ? 1 : -1;
    return strcmp(a->file, b->file);
}

static const char *replays_ending(replay_end end)
{
    switch (end) {
    case REPLAY_END_STAGE_CLEAR: return "clear";
    case REPLAY_END_GAME_OVER: return "game over";
    default: return "quit";
    }
}

/* Keeps an entry if it is among the APP_REPLAYS_MAX first in the list's order
 * (the last run, then the newest): appended while there is room, else put in
 * place of the one that sorts last, if that one sorts after it. */
static void replays_keep(replays_state *s, const replay_entry *e)
{
    if (s->count < APP_REPLAYS_MAX) {
        s->entries[s->count++] = *e;
        return;
    }
    int worst = 0;
    for (int i = 1; i < s->count; i++)
        if (replays_order(&s->entries[i], &s->entries[worst]) > 0)
            worst = i;
    if (replays_order(e, &s->entries[worst]) < 0)
        s->entries[worst] = *e;
}

/* Reads every .rpl file of the folder, keeping the last run and the newest. */
static void replays_scan(app *a)
{
    replays_state *s = &a->replays;
    s->count = 0;
    DIR *d = a->replay_dir[0] ? opendir(a->replay_dir) : NULL;
    if (!d)
        return;
    replay_entry e;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 4, ".rpl") != 0)
            continue;
        replays_read(&e, a->replay_dir, de->d_name, a);
        replays_keep(s, &e);
    }
    closedir(d);
    qsort(s->entries, (size_t)s->count, sizeof s->entries[0], replays_order);
}

/* The name a replay is listed under: a blank one (a run ended before its name
 * was typed, or a file written elsewhere) as the game's default name, as the
 * high score table has it. */
static const char *replays_name(const char *name)
{
    for (const char *c = name; *c; c++)
        if (*c != ' ')
            return name;
    return "PLAYER";
}

/* The row to put the cursor on after the list is read again: the file it was
 * on, wherever that file now sorts (a replay saved since, or the last run kept
 * again, moves the rows under it), else the row it was at. */
static int replays_row_of(const replays_state *s, const char *file, int row)
{
    for (int i = 0; file[0] && i < s->count; i++)
        if (strcmp(s->entries[i].file, file) == 0)
            return i;
    return row;
}

void replays_enter(app *a)
{
    replays_state *s = &a->replays;
    char chosen[sizeof s->entries[0].file] = "";
    if (s->m.cursor >= 0 && s->m.cursor < s->count)
        snprintf(chosen, sizeof chosen, "%s", s->entries[s->m.cursor].file);
    replays_scan(a);
    menu_clear(&s->m, "Replays");
    for (int i = 0; i < s->count; i++) {
        const replay_entry *e = &s->entries[i];
        char label[MENU_LABEL_MAX], value[MENU_VALUE_MAX];
        if (!e->ok) {
            snprintf(label, sizeof label, "%.60s", e->file);
            snprintf(value, sizeof value, "cannot be played");
        } else {
            int last = strcmp(e->file, APP_LAST_REPLAY) == 0;
            snprintf(label, sizeof label, "%-8s  %s%s", last ? "Last run" : replays_name(e->name),
                     difficulty_name(e->config.difficulty),
                     e->config.start || e->practice ? " practice" : "");
            snprintf(value, sizeof value, "%" PRIu64 "  %s", e->score,
                     e->other_content ? "other patterns" : replays_ending(e->end));
        }
        menu_add(&s->m, label, value, 0);
    }
    if (s->count == 0)
        menu_add(&s->m, "No replays yet: play a run!", NULL, 1);
    menu_select(&s->m, replays_row_of(s, chosen, s->m.cursor));
}

void replays_action(app *a, input_ui act)
{
    replays_state *s = &a->replays;
    if (app_menu_step(a, &s->m, act))
        return;
    switch (act) {
    case INPUT_UI_CONFIRM:
        if (s->count == 0)
            break;
        if (!s->entries[s->m.cursor].ok) {
            app_toast(a, PANEL_RED, "%s: %s", s->entries[s->m.cursor].file,
                      s->entries[s->m.cursor].error);
            break;
        }
        app_sound(a, SFX_MENU_SELECT, 0);
        game_start_replay(a, s->entries[s->m.cursor].path);
        break;
    case INPUT_UI_BACK:
    case INPUT_UI_PAUSE:
        app_sound(a, SFX_MENU_MOVE, 0);
        app_switch(a, SCREEN_TITLE);
        break;
    default: break;
    }
}

/* See app.h: the practice a replay plays, as the practice menu names it. */
void replays_describe(const library *lib, const world_config *cfg, char *out, size_t size)
{
    if (cfg->start == 0 && (cfg->flags & WORLD_FLAG_ONE_STAGE)) {
        snprintf(out, size, "practice: stage %d", cfg->stage + 1);
        return;
    }
    if (cfg->start == 0) {
        /* a run of a game of several stages is the game, not "the stage" */
        const library_game *g = lib ? world_game_of(lib) : NULL;
        if (world_config_extra(g, cfg))
            snprintf(out, size, "the Extra stage");
        else if (cfg->stage > 0)
            snprintf(out, size, "the game from stage %d", cfg->stage + 1);
        else if (g && g->stage_count > 1)
            snprintf(out, size, "the game (%u stages)", g->stage_count);
        else
            snprintf(out, size, "the stage");
        return;
    }
    int b = WORLD_START_BOSS(cfg->start), p = WORLD_START_PHASE(cfg->start);
    const library_boss *boss = lib && b < (int)lib->boss_count ? &lib->bosses[b] : NULL;
    const char *who = !boss ? "?" : boss->title[0] ? boss->title : boss->name;
    const char *card =
        boss && p < (int)boss->phase_count && boss->phases[p].title ? boss->phases[p].title : NULL;
    char speed[24] = "";
    if (world_speed_percent(cfg) != 100)
        snprintf(speed, sizeof speed, " (%d%% speed)", world_speed_percent(cfg));
    if (!(cfg->flags & WORLD_FLAG_ONE_PHASE))
        snprintf(out, size, "practice%s: %s, from phase %d", speed, who, p + 1);
    else if (card)
        snprintf(out, size, "practice%s: %s, spell card \"%s\"", speed, who, card);
    else
        snprintf(out, size, "practice%s: %s, phase %d alone", speed, who, p + 1);
}

/* The ship a replay flies, by its title in the content when it has one. */
static const char *replays_ship_title(const app *a, const replay_entry *e)
{
    const library *lib = app_replay_library(a, e->format2);
    int i = lib ? library_find_ship(lib, e->ship) : -1;
    const char *title = i >= 0 ? lib->ships[i].title : NULL;
    return title && title[0] ? title : e->ship;
}

/* The shot type a replay flies, by its title in the content: the one named,
 * else the ship's first (a replay without a type flies it); NULL for a ship
 * with one type only, or not in the content. */
static const char *replays_type_title(const app *a, const replay_entry *e)
{
    const library *lib = app_replay_library(a, e->format2);
    int i = lib ? library_find_ship(lib, e->ship) : -1;
    if (i < 0 || lib->ships[i].type_count < 2)
        return e->shot_type[0] ? e->shot_type : NULL;
    int t = e->shot_type[0] ? library_find_ship_type(&lib->ships[i], e->shot_type) : 0;
    return t >= 0 ? library_ship_type(&lib->ships[i], (uint32_t)t)->type_title : e->shot_type;
}

/* Details of the entry under the cursor, in a box of their own under the list
 * (the side panel's logo is behind them): the file, when, how long and the
 * seed; then what was played, or why the file cannot be. */
static void replays_draw_details(app *a, const replay_entry *e, int y)
{
    SDL_Renderer *r = a->win.renderer;
    const atlas_texture *at = &a->view.atlas;
    int line = text_line_height(ATLAS_FONT_SMALL) + 2;
    SDL_Rect box = {24, y, LOGICAL_W - 48, 2 * line + 6};
    char text[512], wrapped[600];
    panel_box(r, box);
    if (!e->ok) {
        snprintf(text, sizeof text, "%s: %s", e->file, e->error);
        panel_wrap(wrapped, sizeof wrapped, ATLAS_FONT_SMALL, 1, box.w - 16, text);
        panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 8, y + 4, TEXT_LEFT, PANEL_RED, wrapped);
        return;
    }
    char date[32] = "?";
    time_t t = (time_t)e->date;
    struct tm tm;
    if (localtime_r(&t, &tm))
        strftime(date, sizeof date, "%Y-%m-%d %H:%M", &tm);
    panel_textf(r, at, ATLAS_FONT_SMALL, 1, box.x + 8, y + 4, TEXT_LEFT, PANEL_WHITE,
                "%s    %s    %u:%02u    seed %" PRIu64, e->file, date, (unsigned)(e->frames / 3600),
                (unsigned)(e->frames / 60 % 60), e->config.seed);
    replays_describe(app_replay_library(a, e->format2), &e->config, text, sizeof text);
    size_t len = strlen(text);
    unsigned played = e->reach & WORLD_REACH_STAGES;
    if (e->config.start == 0 && played > 1)
        snprintf(text + len, sizeof text - len, ", to stage %u", e->config.stage + played);
    len = strlen(text);
    if (e->ship[0])
        snprintf(text + len, sizeof text - len, ", flying %s", replays_ship_title(a, e));
    len = strlen(text);
    const char *type = e->ship[0] ? replays_type_title(a, e) : NULL;
    if (type)
        snprintf(text + len, sizeof text - len, " (%s)", type);
    len = strlen(text);
    if (e->practice & REPLAY_PRACTICE_TAKEN)
        snprintf(text + len, sizeof text - len, ", taken over at %u:%02u from a replay",
                 e->taken_at / 3600, e->taken_at / 60 % 60);
    len = strlen(text);
    if (e->practice & REPLAY_PRACTICE_STATES)
        snprintf(text + len, sizeof text - len, ", with savestates");
    panel_wrap(wrapped, sizeof wrapped, ATLAS_FONT_SMALL, 1, box.w - 16, text);
    panel_text(r, at, ATLAS_FONT_SMALL, 1, box.x + 8, y + 4 + line, TEXT_LEFT, PANEL_LABEL,
               wrapped);
}

void replays_draw(app *a)
{
    replays_state *s = &a->replays;
    title_draw_demo(a, 190);
    menu_draw(&s->m, a->win.renderer, &a->view.atlas, (SDL_Rect){24, 30, LOGICAL_W - 48, 350}, 2,
              a->tick);
    if (s->count > 0)
        replays_draw_details(a, &s->entries[s->m.cursor], 384);
    title_draw_help(
        a, "%s plays    %s goes back    while watching: P pauses, arrows seek, T takes over",
        app_ui_words(a, INPUT_UI_CONFIRM), app_ui_words(a, INPUT_UI_BACK));
}
