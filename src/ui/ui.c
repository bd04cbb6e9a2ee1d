/*
 * ui: the front end's loop and shared services. See ui.h and app.h.
 *
 * One frame: wait for the frame's start, handle events (window keys: F3 overlay,
 * F11 fullscreen, F12 screenshot; menu actions to the screen), sample input as
 * late as possible, let the screen update (the game screen steps its world once
 * here), draw, present.
 */
#include "ui/ui.h"

#include "audio/track_cache.h"
#include "core/clock.h"
#include "core/data_path.h"
#include "core/file.h"
#include "core/log.h"
#include "core/mem.h"
#include "game/binding.h"
#include "game/difficulty.h"
#include "platform/user_dir.h"
#include "render/field_view.h"
#include "render/screenshot.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* Menu key repeat, in frames. */
#define UI_REPEAT_FIRST 16
#define UI_REPEAT_NEXT  5

typedef struct screen_ops {
    void (*enter)(app *a);
    void (*action)(app *a, input_ui act);
    int (*event)(app *a, const SDL_Event *ev);
    void (*update)(app *a);
    void (*draw)(app *a);
} screen_ops;

static const screen_ops ui_screens[SCREEN_COUNT] = {
    [SCREEN_TITLE] = {title_enter, title_action, NULL, title_update, title_draw},
    [SCREEN_DIFFICULTY] = {difficulty_enter, difficulty_action, NULL, title_update,
                           difficulty_draw},
    [SCREEN_PRACTICE] = {practice_enter, practice_action, NULL, title_update, practice_draw},
    [SCREEN_REPLAYS] = {replays_enter, replays_action, NULL, title_update, replays_draw},
    [SCREEN_SCORES] = {scores_enter, scores_action, NULL, title_update, scores_draw},
    [SCREEN_OPTIONS] = {settings_enter, settings_action, NULL, title_update, settings_draw},
    [SCREEN_KEYS] = {keys_enter, keys_action, keys_event, title_update, keys_draw},
    [SCREEN_ACCESS] = {access_enter, access_action, NULL, title_update, access_draw},
    [SCREEN_GAME] = {game_enter, game_action, game_event, game_update, game_draw},
    [SCREEN_STRESS] = {stress_enter, stress_action, NULL, stress_update, stress_draw},
    [SCREEN_TUTORIAL] = {tutorial_enter, tutorial_action, NULL, tutorial_update_screen,
                         tutorial_draw},
    [SCREEN_SHIP] = {ship_select_enter, ship_select_action, NULL, ship_select_update,
                     ship_select_draw},
    [SCREEN_RECORDS] = {records_screen_enter, records_screen_action, NULL, title_update,
                        records_screen_draw},
    [SCREEN_MUSIC] = {music_room_enter, music_room_action, NULL, title_update, music_room_draw},
};

/* ---- services ---- */

void app_switch(app *a, app_screen s)
{
    a->screen = s;
    a->repeat_wait = UI_REPEAT_FIRST;
    a->prev_held = a->held; /* a held direction does not leak into the new screen */
    if (ui_screens[s].enter)
        ui_screens[s].enter(a);
}

input_ui app_start_confirms(const app *a, input_ui act)
{
    return act == INPUT_UI_PAUSE && a->pad_used ? INPUT_UI_CONFIRM : act;
}

void app_sound(app *a, sfx_id id, float pan)
{
    audio_play(a->sound, id, 1.0f, pan);
}

int app_menu_step(app *a, menu *m, input_ui act)
{
    if (act != INPUT_UI_UP && act != INPUT_UI_DOWN)
        return 0;
    if (menu_move(m, act == INPUT_UI_UP ? -1 : 1))
        app_sound(a, SFX_MENU_MOVE, 0);
    return 1;
}

/* 1 if a key bound to a button reaches it in the menus: the keys below are taken
 * before the bindings are looked at (input_map_ui_event, ui_handle_events). */
static int ui_key_reaches_menus(int key)
{
    static const int taken[] = {KEY_NONE,   KEY_UP,     KEY_DOWN,     KEY_LEFT,
                                KEY_RIGHT,  KEY_RETURN, KEY_KP_ENTER, KEY_BACKSPACE,
                                KEY_ESCAPE, KEY_F3,     KEY_F11,      KEY_F12};
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++)
        if (key == taken[i])
            return 0;
    return 1;
}

const char *app_ui_words(app *a, input_ui act)
{
    int back = act == INPUT_UI_BACK;
    char *out = a->ui_words[back];
    size_t size = sizeof a->ui_words[back];
    if (a->pad_used) {
        snprintf(out, size, "%s", back ? "B" : "A");
        return out;
    }
    const char *fixed = back ? "Backspace" : "Enter";
    const uint16_t *keys = a->opts.keys[back ? INPUT_BOMB : INPUT_SHOT];
    for (int s = 0; s < OPTIONS_BINDINGS; s++) {
        if (ui_key_reaches_menus(keys[s]) && binding_key_name(keys[s])) {
            snprintf(out, size, "%s or %s", binding_key_name(keys[s]), fixed);
            return out;
        }
    }
    snprintf(out, size, "%s", fixed);
    return out;
}

/* A message while another still shows goes under it (the start can have three
 * files to complain about), up to APP_TOAST_LINES; a red one stays red. Lines are wrapped to the
 * screen here, once; the messages are kept as given too, for a screen that
 * draws them narrower (app_toast_layout). */
void app_toast(app *a, SDL_Color color, const char *fmt, ...)
{
    char msg[sizeof a->toast], both[2 * sizeof a->toast];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int lines = panel_line_count(a->toast);
    int stack = a->tick < a->toast_until && a->toast[0] && lines < APP_TOAST_LINES;
    if (stack && a->toast_color.r == PANEL_RED.r && a->toast_color.g == PANEL_RED.g &&
        a->toast_color.b == PANEL_RED.b)
        color = PANEL_RED;
    snprintf(both, sizeof both, "%s%s%s", stack ? a->toast : "", stack ? "\n" : "", msg);
    panel_wrap(a->toast, sizeof a->toast, ATLAS_FONT_SMALL, 1, APP_TOAST_W - 16, both);
    snprintf(both, sizeof both, "%s%s%s", stack ? a->toast_text : "", stack ? "\n" : "", msg);
    size_t len = strlen(both), cap = sizeof a->toast_text;
    const char *keep = len < cap ? both : both + (len - cap + 1); /* too long: the oldest goes */
    if (keep != both && strchr(keep, '\n'))
        keep = strchr(keep, '\n') + 1; /* from a whole line */
    memcpy(a->toast_text, keep, strlen(keep) + 1);
    a->toast_color = color;
    a->toast_until = a->tick + 360;
}

/* The side panel's column, where a field screen's messages go. */
#define UI_TOAST_PANEL_X (FIELD_VIEW_X + (int)PLAYFIELD_W + 16)
#define UI_TOAST_PANEL_W (LOGICAL_W - 16 - UI_TOAST_PANEL_X)
#define UI_TOAST_BOTTOM  (FIELD_VIEW_Y + (int)PLAYFIELD_H - 12) /* above the frame rate */
#define UI_TOAST_TOP     (FIELD_VIEW_Y + 236)                   /* under the panel's run box */
#define UI_TOAST_LOGO_H  66 /* the panel's logo, above the frame rate */

/* Keeps the last max lines of s (in place). */
static void ui_last_lines(char *s, int max)
{
    int drop = panel_line_count(s) - max;
    char *from = s;
    while (drop-- > 0 && from)
        from = strchr(from, '\n') ? strchr(from, '\n') + 1 : NULL;
    if (from && from != s)
        memmove(s, from, strlen(from) + 1);
}

SDL_Rect app_toast_layout(const app *a, char *out, size_t cap)
{
    const int line_h = text_line_height(ATLAS_FONT_SMALL);
    int field = a->screen == SCREEN_GAME || a->screen == SCREEN_TUTORIAL ||
                a->screen == SCREEN_STRESS || a->screen == SCREEN_SHIP;
    if (!field) {
        snprintf(out, cap, "%s", a->toast);
        int w = panel_text_width(ATLAS_FONT_SMALL, 1, out) + 16;
        int h = panel_line_count(out) * line_h + 8;
        return (SDL_Rect){(LOGICAL_W - w) / 2, LOGICAL_H - 26 - h, w, h};
    }
    panel_wrap(out, cap, ATLAS_FONT_SMALL, 1, UI_TOAST_PANEL_W - 16, a->toast_text);
    int top = a->screen == SCREEN_TUTORIAL; /* its lesson fills the panel's bottom */
    int room = top ? UI_TOAST_TOP - (FIELD_VIEW_Y + 8) : UI_TOAST_BOTTOM - UI_TOAST_TOP;
    ui_last_lines(out, (room - 8) / line_h);
    int h = panel_line_count(out) * line_h + 8;
    if (!top && h < UI_TOAST_LOGO_H)
        h = UI_TOAST_LOGO_H; /* the panel's logo covered whole, not cut through */
    return (SDL_Rect){UI_TOAST_PANEL_X, top ? FIELD_VIEW_Y + 8 : UI_TOAST_BOTTOM - h,
                      UI_TOAST_PANEL_W, h};
}

uint64_t app_high_score(const app *a, int level)
{
    const highscore *h = highscores_get(&a->scores, (enum difficulty)level, 0);
    return h ? h->score : 0;
}

uint64_t app_seed(app *a)
{
    a->next_seed = rng_mix64(a->next_seed + 0x9e3779b97f4a7c15ull);
    return a->next_seed;
}

void app_apply_palette(app *a)
{
    char err[512];
    if (atlas_texture_set_palette(&a->view.atlas, a->opts.bullet_palette, err, sizeof err) != 0) {
        log_warn("bullet palette not changed: %s", err);
        app_toast(a, PANEL_RED, "bullet palette not changed: %s", err);
    }
}

void app_save_options(app *a)
{
    char err[512];
    if (!a->opts_path[0] || (a->opts_status != OPTIONS_MISSING &&
                             memcmp(&a->opts, &a->loaded_opts, sizeof a->opts) == 0))
        return;
    if (options_save(&a->opts, a->opts_path, err, sizeof err) != 0) {
        log_warn("options not saved: %s", err);
        app_toast(a, PANEL_RED, "options not saved: %s", err);
        return;
    }
    a->loaded_opts = a->opts;
    a->opts_status = OPTIONS_LOADED;
}

void app_save_scores(app *a)
{
    char err[512];
    if (a->scores_path[0] && highscores_save(&a->scores, a->scores_path, err, sizeof err) != 0) {
        log_warn("high scores not saved: %s", err);
        app_toast(a, PANEL_RED, "high scores not saved: %s", err);
    }
}

void app_save_cards(app *a)
{
    char err[512];
    if (a->cards_path[0] && spellcards_save(&a->cards, a->cards_path, err, sizeof err) != 0) {
        log_warn("spell card record not saved: %s", err);
        app_toast(a, PANEL_RED, "spell card record not saved: %s", err);
    }
}

void app_save_records(app *a)
{
    char err[512];
    if (a->records_path[0] && records_save(&a->records, a->records_path, err, sizeof err) != 0) {
        log_warn("records not saved: %s", err);
        app_toast(a, PANEL_RED, "records not saved: %s", err);
    }
}

/* Sounds of the world's events; the music follows the scripts' music verb. */
void app_world_sounds(app *a, const world *w)
{
    static const struct {
        world_event_kind kind;
        sfx_id sound;
    } map[] = {
        {WORLD_EVENT_SHOT, SFX_SHOT},
        {WORLD_EVENT_ENEMY_HIT, SFX_ENEMY_HIT},
        {WORLD_EVENT_ENEMY_DEATH, SFX_ENEMY_DEATH},
        {WORLD_EVENT_BOSS_DEATH, SFX_ENEMY_DEATH},
        {WORLD_EVENT_GRAZE, SFX_GRAZE},
        {WORLD_EVENT_PLAYER_DEATH, SFX_PLAYER_DEATH},
        {WORLD_EVENT_BOMB, SFX_BOMB},
        {WORLD_EVENT_SPELL_START, SFX_SPELL_START},
        {WORLD_EVENT_SPELL_CAPTURE, SFX_SPELL_CAPTURE},
        {WORLD_EVENT_ITEM, SFX_ITEM},
        {WORLD_EVENT_EXTEND, SFX_EXTEND},
        {WORLD_EVENT_BOMB_ITEM, SFX_EXTEND},
        {WORLD_EVENT_TIMER, SFX_TIMER},
        {WORLD_EVENT_MENU_MOVE, SFX_MENU_MOVE},
        {WORLD_EVENT_CONTINUE, SFX_PAUSE},
        {WORLD_EVENT_CONTINUED, SFX_MENU_SELECT},
    };
    for (int i = 0; i < w->event_count; i++) {
        const world_event *e = &w->events[i];
        float pan = (e->x / PLAYFIELD_W * 2.0f - 1.0f) * 0.6f;
        if (e->kind == WORLD_EVENT_SOUND) { /* a built-in name or a mod's file */
            audio_play_id(a->sound, audio_sound_id(a->sound, world_string(w, e->value)), 1.0f, pan);
            continue;
        }
        if (e->kind == WORLD_EVENT_MUSIC) {
            app_music_cue(a, world_string(w, e->value), world_stage_name(w));
            continue;
        }
        for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
            if (map[k].kind == e->kind)
                app_sound(a, map[k].sound, pan);
    }
}

void app_music_cue(app *a, const char *cue, const char *stage)
{
    char note[256];
    int theme = music_set_cue(audio_themes(a->sound), cue, stage, note, sizeof note);
    if (note[0] && audio_themes(a->sound)->count > 0) {
        log_warn("music: %s", note);
        app_toast(a, PANEL_RED, "music: %s", note);
    }
    log_debug("music: '%s' in '%s' plays %s", cue, stage ? stage : "",
              theme >= 0 ? audio_themes(a->sound)->themes[theme].name : "nothing");
    audio_cue(a->sound, theme);
}

void app_music_for_world(app *a, const world *w)
{
    if (w->config.start == 0) {
        app_music_cue(a, "stage", world_stage_name(w));
        return;
    }
    uint32_t boss = WORLD_START_BOSS(w->config.start);
    const library_boss *b = boss < a->lib->boss_count ? &a->lib->bosses[boss] : NULL;
    if (b && music_set_find(audio_themes(a->sound), b->name) >= 0) {
        app_music_cue(a, b->name, NULL); /* a theme of the boss's own name */
        return;
    }
    int main = 0;
    const char *stage = library_boss_stage(a->lib, boss, &main);
    app_music_cue(a, main || !stage ? "boss" : "stage", stage);
}

void app_draw_backdrop(app *a)
{
    frame_scene scene = {.fps = a->opts.show_fps ? a->pacer.fps : -1.0f};
    frame_view_draw(&a->view, &scene);
}

const overlay_stats *app_stats(app *a, const world *w)
{
    overlay_stats *s = &a->stats;
    s->bullets = w ? (int)w->bullets.live : 0;
    s->capacity = w ? (int)w->bullets.capacity : WORLD_BULLETS;
    s->refused = w ? w->bullets.stats.refused : 0;
    s->lasers = w ? (int)w->lasers.live : 0;
    s->laser_capacity = w ? (int)w->lasers.capacity : WORLD_LASERS;
    s->laser_refused = w ? w->lasers.stats.refused : 0;
    s->script_stops = w && w->vm ? vm_get_stats(w->vm).budget_stops : 0;
    s->script_refused = w && w->vm ? vm_get_stats(w->vm).refused : 0;
    s->phase_ms[OVERLAY_PHASE_SCRIPTS] = w ? (double)w->stats.script_ns / 1e6 : -1.0;
    s->phase_ms[OVERLAY_PHASE_MOTION] = w ? (double)w->stats.motion_ns / 1e6 : -1.0;
    s->phase_ms[OVERLAY_PHASE_COLLISION] = w ? (double)w->stats.collision_ns / 1e6 : -1.0;
    s->method = sprite_draw_method_name(a->view.method);
    return s;
}

float app_fps(const app *a)
{
    return a->opts.show_fps ? a->pacer.fps : -1.0f;
}

/* ---- input ---- */

/* The buttons held now, for menus: the bindings plus the arrow keys, which always
 * move in menus. */
static input_bits ui_menu_held(const app *a)
{
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    input_bits b = input_map_sample(&a->input);
    b |= keys[SDL_SCANCODE_UP] ? INPUT_BIT(INPUT_UP) : 0;
    b |= keys[SDL_SCANCODE_DOWN] ? INPUT_BIT(INPUT_DOWN) : 0;
    b |= keys[SDL_SCANCODE_LEFT] ? INPUT_BIT(INPUT_LEFT) : 0;
    b |= keys[SDL_SCANCODE_RIGHT] ? INPUT_BIT(INPUT_RIGHT) : 0;
    return b;
}

/* Directions held become menu actions: once on the press, then repeating. */
void app_menu_directions(app *a)
{
    static const struct {
        input_button button;
        input_ui act;
    } dirs[] = {{INPUT_UP, INPUT_UI_UP},
                {INPUT_DOWN, INPUT_UI_DOWN},
                {INPUT_LEFT, INPUT_UI_LEFT},
                {INPUT_RIGHT, INPUT_UI_RIGHT}};
    a->prev_held = a->held;
    a->held = ui_menu_held(a);
    const input_bits mask = INPUT_BIT(INPUT_UP) | INPUT_BIT(INPUT_DOWN) | INPUT_BIT(INPUT_LEFT) |
                            INPUT_BIT(INPUT_RIGHT);
    /* Presses that came as events were acted on already; a stick push has none. */
    input_bits pressed = (input_bits)(a->held & ~a->prev_held & mask & ~a->event_dirs);
    input_bits fire = pressed;
    if (a->event_dirs)
        a->repeat_wait = UI_REPEAT_FIRST;
    a->event_dirs = 0;
    if (pressed) {
        a->repeat_wait = UI_REPEAT_FIRST;
    } else if (a->held & mask) {
        if (--a->repeat_wait <= 0) {
            a->repeat_wait = UI_REPEAT_NEXT;
            fire = (input_bits)(a->held & mask);
        }
    }
    /* While a name is typed, letters may be bound to directions: keys move only by
     * their own events (game_event), and only a controller's held directions (the
     * d-pad held, the stick) move and repeat here, so a pad can pick letters. */
    if (a->typing)
        fire &= input_map_sample_pads(&a->input);
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
        if (fire & INPUT_BIT(dirs[k].button) && ui_screens[a->screen].action) {
            app_screen before = a->screen;
            ui_screens[a->screen].action(a, dirs[k].act);
            if (a->screen != before)
                break;
        }
}

/* The window's own keys; the rest goes to the screen. */
static void ui_handle_events(app *a)
{
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        input_map_handle_event(&a->input, &ev);
        if (ev.type == SDL_KEYDOWN || ev.type == SDL_CONTROLLERBUTTONDOWN)
            a->pad_used = ev.type == SDL_CONTROLLERBUTTONDOWN;
        if (ev.type == SDL_QUIT) {
            a->quit = 1;
            continue;
        }
        if (ev.type == SDL_KEYDOWN && !ev.key.repeat) {
            SDL_Keycode key = ev.key.keysym.sym;
            if (key == SDLK_F11 || (key == SDLK_RETURN && (ev.key.keysym.mod & KMOD_ALT))) {
                window_toggle_fullscreen(&a->win);
                a->opts.fullscreen = a->win.fullscreen;
                continue;
            }
            if (key == SDLK_F3) {
                overlay_toggle(&a->view.overlay);
                continue;
            }
            if (key == SDLK_F12) {
                a->screenshot = 1;
                continue;
            }
        }
        const screen_ops *ops = &ui_screens[a->screen];
        if (ops->event && ops->event(a, &ev))
            continue;
        input_ui act = input_map_ui_event(&a->input, &ev);
        if (act >= INPUT_UI_UP && act <= INPUT_UI_RIGHT) {
            /* A press (each one, however quick): its repeats come from the held state. */
            if (ev.type == SDL_KEYDOWN && ev.key.repeat)
                continue;
            static const input_button dir_button[] = {INPUT_UP, INPUT_DOWN, INPUT_LEFT,
                                                      INPUT_RIGHT};
            a->event_dirs |= INPUT_BIT(dir_button[act - INPUT_UI_UP]);
        }
        if (act != INPUT_UI_NONE) {
            app_screen before = a->screen;
            ops->action(a, act);
            if (a->screen != before)
                return; /* the new screen starts with the next frame's events */
        }
    }
}

/* ---- drawing ---- */

void app_draw_toast(app *a)
{
    if (a->tick >= a->toast_until || !a->toast[0])
        return;
    char text[sizeof a->toast_text + 64];
    SDL_Rect box = app_toast_layout(a, text, sizeof text);
    panel_fill(a->win.renderer, box, (SDL_Color){8, 8, 24, 255}); /* read on its own */
    panel_box(a->win.renderer, box);
    int text_h = panel_line_count(text) * text_line_height(ATLAS_FONT_SMALL);
    panel_text(a->win.renderer, &a->view.atlas, ATLAS_FONT_SMALL, 1, box.x + box.w / 2,
               box.y + (box.h - text_h) / 2, TEXT_CENTER, a->toast_color, text);
}

static void ui_save_screenshot(app *a)
{
    char path[APP_PATH_MAX], err[512];
    a->screenshot = 0;
    if (screenshot_save_user(a->win.renderer, path, sizeof path, err, sizeof err) == 0) {
        log_info("screenshot saved to %s", path);
        app_toast(a, PANEL_GREEN, "screenshot saved: %s", path);
    } else {
        log_error("screenshot: %s", err);
        app_toast(a, PANEL_RED, "screenshot not saved: %s", err);
    }
}

/* A soak run (tests/app/soak_test.sh): with CURTAIN_SOAK=W set, frames are not
 * paced (as fast as they draw), and after frame W the most live allocations
 * (core/mem) of each UI_SOAK_WINDOW frames are kept, printed at the end: flat
 * memory shows as windows that do not grow; every theme is rendered at the end of
 * the warm-up (audio_wait_music). So are the most live bytes and the most resident bytes
 * of each window (Linux: /proc/self/statm; -1 elsewhere) and the bytes the run's recording has
 * written by its end, whose pages are all a recording adds to the resident memory as it goes
 * (replay_bytes_written). A test's switch, read once. */
#define UI_SOAK_WINDOW  3000
#define UI_SOAK_WINDOWS 64
static struct {
    int on;
    uint64_t warm;
    int64_t most[UI_SOAK_WINDOWS];
    int64_t bytes[UI_SOAK_WINDOWS];
    int64_t resident[UI_SOAK_WINDOWS];
    int64_t recorded[UI_SOAK_WINDOWS];
    int windows;
} ui_soak;

/* The process's resident bytes, or -1 where the system does not say. */
static int64_t ui_soak_resident(void)
{
    long long pages = -1, resident = -1;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f)
        return -1;
    int n = fscanf(f, "%lld %lld", &pages, &resident);
    fclose(f);
    long page = sysconf(_SC_PAGESIZE);
    return n == 2 && resident >= 0 && page > 0 ? (int64_t)resident * page : -1;
}

static void ui_soak_start(void)
{
    const char *w = getenv("CURTAIN_SOAK");
    ui_soak.on = w && *w;
    ui_soak.warm = ui_soak.on ? strtoull(w, NULL, 10) : 0;
}

static void ui_soak_sample(const app *a)
{
    if (!ui_soak.on || a->tick < ui_soak.warm)
        return;
    /* the warm-up's end: every theme rendered and kept before the windows, so
     * that what they hold does not hang on how fast the music's worker ran
     * (slower in a sanitizer's build, or on a loaded machine) */
    if (a->tick == ui_soak.warm && a->sound) {
        audio_wait_music(a->sound);
#ifdef __GLIBC__
        malloc_trim(0); /* the renders' freed pieces back to the system: resident reads the live */
#endif
    }
    uint64_t k = (a->tick - ui_soak.warm) / UI_SOAK_WINDOW;
    if (k >= UI_SOAK_WINDOWS)
        return;
    int64_t live = mem_live_blocks(), bytes = mem_live_bytes();
    int64_t resident = a->tick % 60 == 0 ? ui_soak_resident() : -1; /* a file read: once a second */
    if ((int)k >= ui_soak.windows) {
        ui_soak.windows = (int)k + 1;
        ui_soak.most[k] = live;
        ui_soak.bytes[k] = bytes;
        ui_soak.resident[k] = resident;
    }
    if (live > ui_soak.most[k])
        ui_soak.most[k] = live;
    if (bytes > ui_soak.bytes[k])
        ui_soak.bytes[k] = bytes;
    if (resident > ui_soak.resident[k])
        ui_soak.resident[k] = resident;
    ui_soak.recorded[k] = (int64_t)replay_bytes_written(&a->game.rec);
}

static void ui_soak_report(const app *a)
{
    if (!ui_soak.on)
        return;
    fprintf(stderr, "soak: %llu frames; most live allocations per %d frames after frame %llu:",
            (unsigned long long)a->tick, UI_SOAK_WINDOW, (unsigned long long)ui_soak.warm);
    for (int k = 0; k < ui_soak.windows; k++)
        fprintf(stderr, " %lld", (long long)ui_soak.most[k]);
    fprintf(stderr, "\nsoak: most live KiB per %d frames:", UI_SOAK_WINDOW);
    for (int k = 0; k < ui_soak.windows; k++)
        fprintf(stderr, " %lld", (long long)(ui_soak.bytes[k] / 1024));
    fprintf(stderr, "\nsoak: most resident KiB per %d frames:", UI_SOAK_WINDOW);
    for (int k = 0; k < ui_soak.windows; k++)
        fprintf(stderr, " %lld", (long long)(ui_soak.resident[k] / 1024));
    fprintf(stderr, "\nsoak: KiB the run's recording had written by each window's end:");
    for (int k = 0; k < ui_soak.windows; k++)
        fprintf(stderr, " %lld", (long long)(ui_soak.recorded[k] / 1024));
    fprintf(stderr, "\n");
}

static void ui_frame(app *a)
{
    if (!ui_soak.on)
        frame_pacer_wait(&a->pacer);
    ui_soak_sample(a);
    uint64_t now = clock_now_ns();
    if (a->last_frame_ns)
        overlay_push_frame(&a->view.overlay, (float)(now - a->last_frame_ns) / 1e6f);
    a->last_frame_ns = now;
    ui_handle_events(a);
    if (a->quit)
        return;
    app_menu_directions(a);
    const screen_ops *ops = &ui_screens[a->screen];
    if (ops->update)
        ops->update(a);
    input_map_forget(&a->input); /* presses a tick of play did not take */
    uint64_t draw_start = clock_now_ns();
    frame_view_update(&a->view);
    window_begin_frame(&a->win);
    ui_screens[a->screen].draw(a);
    app_draw_toast(a);
    SDL_RenderFlush(a->win.renderer);
    a->stats.phase_ms[OVERLAY_PHASE_RENDER] = (double)(clock_now_ns() - draw_start) / 1e6;
    if (a->screenshot)
        ui_save_screenshot(a);
    window_end_frame(&a->win);
    frame_pacer_presented(&a->pacer);
    a->tick++;
}

/* ---- start and end ---- */

/* Removes the temporaries of saves a killed game left (NAME.tmp.PID) in the
 * user folder and the folders it saves into. */
static void ui_remove_stale_temps(app *a)
{
    static const char *const dirs[] = {"", "screenshots", TRACK_CACHE_FOLDER};
    char dir[APP_PATH_MAX];
    int removed = 0;
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
        if (user_dir_join(dir, sizeof dir, dirs[i]) == 0)
            removed += file_remove_stale_temps(dir);
    if (a->replay_dir[0])
        removed += file_remove_stale_temps(a->replay_dir);
    if (removed)
        log_info("removed %d temporary file%s left by an interrupted save", removed,
                 removed == 1 ? "" : "s");
}

/* Loads the options, high scores and spell card record from the user folder;
 * what could not be read, or a user folder that cannot be had, is said on screen. */
static void ui_load_files(app *a)
{
    options_report report = {0};
    if (!user_dir_path()) /* why was printed; the player may not see a terminal */
        app_toast(a, PANEL_RED,
                  "no folder to keep files in (see the terminal): options, high "
                  "scores and replays will not be saved");
    if (user_dir_join(a->opts_path, sizeof a->opts_path, OPTIONS_FILE_NAME) != 0) {
        a->opts_path[0] = '\0';
        options_defaults(&a->opts);
        a->opts_status = OPTIONS_MISSING;
    } else {
        a->opts_status = options_load(&a->opts, a->opts_path, &report);
    }
    a->loaded_opts = a->opts;
    if (report.count > 0 && report.problems > 1)
        app_toast(a, PANEL_RED, "%s (and %d more in the options file: see the terminal)",
                  report.lines[0], report.problems - 1);
    else if (report.count > 0) /* the line says what was done instead */
        app_toast(a, PANEL_RED, "%s", report.lines[0]);
    char reason[1024];
    if (user_dir_join(a->scores_path, sizeof a->scores_path, HIGHSCORES_FILE_NAME) == 0 &&
        highscores_load(&a->scores, a->scores_path, reason, sizeof reason) == HIGHSCORES_REFUSED)
        app_toast(a, PANEL_RED, "high scores: %s", reason);
    if (user_dir_join(a->cards_path, sizeof a->cards_path, SPELLCARDS_FILE_NAME) == 0 &&
        spellcards_load(&a->cards, a->cards_path, reason, sizeof reason) == SPELLCARDS_REFUSED)
        app_toast(a, PANEL_RED, "spell cards: %s", reason);
    if (user_dir_join(a->records_path, sizeof a->records_path, RECORDS_FILE_NAME) == 0 &&
        records_load(&a->records, a->records_path, reason, sizeof reason) == RECORDS_REFUSED)
        app_toast(a, PANEL_RED, "records: %s", reason);
    if (user_dir_join(a->replay_dir, sizeof a->replay_dir, "replays") == 0)
        file_make_dirs(a->replay_dir);
    else
        a->replay_dir[0] = '\0';
    ui_remove_stale_temps(a);
}

/* Reads the themes (the data folder's, a mod's over them) and shows what did not
 * read: the game goes on without those themes. */
static void ui_load_music(app *a, const char *mod)
{
    char dir[1024];
    if (data_path_join(dir, sizeof dir, "patterns/" MUSIC_FOLDER) != 0)
        return;
    char cache[1024];
    audio_music_cache(a->sound,
                      user_dir_join(cache, sizeof cache, TRACK_CACHE_FOLDER) == 0 ? cache : NULL);
    int errors = audio_load_music(a->sound, dir, mod);
    if (errors > 0)
        app_toast(a, PANEL_RED, "music: %s%s", audio_themes(a->sound)->errors[0],
                  errors > 1 ? " (and more: see the log)" : "");
}

/* One sound file that cannot be played: said where the script first plays it,
 * on the terminal and (the first) on screen; the game plays on without it. */
static void ui_sound_refused(void *ctx, int k, const char *why)
{
    app *a = ctx;
    const sound_file *s = &a->lib->sounds[k];
    log_warn("%s:%u:%u: the sound '%s' cannot be played: %s", s->file, s->line, s->col, s->name,
             why);
    app_toast(a, PANEL_RED, "%s:%u:%u: the sound '%s' cannot be played: %s", s->file, s->line,
              s->col, s->name, why);
}

/* Reads the sound files the library's scripts play (a mod's sounds/NAME.wav,
 * pattern/content/sound_file.h). */
static void ui_load_sounds(app *a)
{
    const char *names[SOUND_FILE_MAX], *paths[SOUND_FILE_MAX];
    int n = 0;
    for (uint32_t k = 0; a->lib && k < a->lib->sound_count && n < SOUND_FILE_MAX; k++) {
        names[n] = a->lib->sounds[k].name;
        paths[n++] = a->lib->sounds[k].path;
    }
    if (n > 0)
        audio_load_sounds(a->sound, names, paths, n, ui_sound_refused, a);
}

/* Opens the window, renderer, input and sound. Returns 0 or -1 (printed). */
static int ui_open(app *a, const ui_config *cfg)
{
    window_config wc = window_config_from_options(&a->opts);
    if (cfg->scale)
        wc.scale = cfg->scale;
    wc.fullscreen |= cfg->fullscreen;
    wc.integer_scale |= cfg->integer_scale;
    if (cfg->no_vsync)
        wc.vsync = 0;
    char err[512];
    if (window_open(&a->win, &wc, err, sizeof err) != 0) {
        fprintf(stderr, "curtain: %s\n", err);
        return -1;
    }
    SDL_RendererInfo info;
    if (cfg->renderer && SDL_GetRendererInfo(a->win.renderer, &info) == 0 &&
        SDL_strcasecmp(info.name, cfg->renderer) != 0) {
        log_warn("no renderer '%s' here: using '%s'", cfg->renderer, info.name);
        app_toast(a, PANEL_RED, "no renderer '%s' here: using '%s'", cfg->renderer, info.name);
    }
    frame_pacer_init(&a->pacer, a->win.vsync, a->win.refresh_hz);
    input_map_apply_options(&a->input, &a->opts);
    input_map_load_mappings();
    input_map_open_pads(&a->input);
    frame_view_config vc = {cfg->seed ^ 0x5eed, WORLD_BULLETS, -1};
    if (frame_view_init(&a->view, a->win.renderer, &vc, err, sizeof err) != 0) {
        fprintf(stderr, "curtain: %s\n", err);
        input_map_close_pads(&a->input);
        window_close(&a->win);
        return -1;
    }
    app_apply_palette(a);
    if (world_view_load_art(&a->view, a->lib, err, sizeof err) != 0) {
        fprintf(stderr, "curtain: the mod's art does not load:\n%s\n", err);
        frame_view_free(&a->view);
        input_map_close_pads(&a->input);
        window_close(&a->win);
        return -1;
    }
    static audio sound; /* the audio callback holds its address */
    a->sound = &sound;
    audio_open(a->sound, &a->opts);
    ui_load_music(a, cfg->mod);
    ui_load_sounds(a);
    for (int p = 0; p < OVERLAY_PHASE_COUNT; p++)
        a->stats.phase_ms[p] = -1.0;
    return 0;
}

static void ui_close(app *a)
{
    tutorial_close(a);
    replay_free(&a->game.rec);
    replay_player_free(&a->game.player);
    replay_free(&a->game.film);
    snapshot_free(&a->game.state);
    if (a->stress.w)
        world_free(a->stress.w);
    mem_free(a->stress.w);
    library_free(a->stress.lib);
    if (a->game.w)
        world_free(a->game.w);
    if (a->title.demo)
        world_free(a->title.demo);
    if (a->ships.preview)
        world_free(a->ships.preview);
    mem_free(a->game.w);
    mem_free(a->title.demo);
    mem_free(a->ships.preview);
    audio_close(a->sound);
    frame_view_free(&a->view);
    input_map_close_pads(&a->input);
    window_close(&a->win);
}

int ui_main(const ui_config *cfg)
{
    if (cfg->renderer) {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, cfg->renderer);
        /* Choosing a driver turns SDL's render batching off unless asked for again. */
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    }
    if (SDL_Init(SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "curtain: cannot start SDL: %s\n", SDL_GetError());
        return -1;
    }
    static app the_app; /* large; one per process */
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = cfg;
    a->lib = cfg->lib;
    a->next_seed = cfg->seed;
    SDL_StopTextInput(); /* typed text only while a name is being entered */
    a->game.rank = -1;
    ui_load_files(a);
    a->practice.difficulty = a->opts.difficulty % DIFFICULTY_COUNT;
    if (ui_open(a, cfg) != 0) {
        SDL_Quit();
        return -1;
    }
    a->game.w = mem_calloc(1, sizeof *a->game.w);
    a->title.demo = mem_calloc(1, sizeof *a->title.demo);
    a->ships.preview = mem_calloc(1, sizeof *a->ships.preview);
    if (!a->game.w || !a->title.demo || !a->ships.preview) {
        fprintf(stderr, "curtain: out of memory: the game cannot start\n");
        ui_close(a);
        SDL_Quit();
        return -1;
    }
    world_view_init(&a->title.view, cfg->seed ^ 0xd3e0);
    world_view_init(&a->game.view, cfg->seed ^ 0x9a3e);
    a->title.view.opts = a->game.view.opts = &a->opts;
    world_view_init(&a->ships.view, cfg->seed ^ 0x5e1e);
    app_switch(a, SCREEN_TITLE);
    if (cfg->replay_file && game_start_replay(a, cfg->replay_file) != 0) {
        fprintf(stderr, "curtain: %s\n", a->toast);
    } else if (cfg->replay_file && cfg->replay_seek) {
        printf("curtain: seeking to frame %u\n", cfg->replay_seek);
        fflush(stdout);
        game_seek_replay(a, cfg->replay_seek);
    } else if (cfg->direct)
        game_start_run(a, &cfg->run, world_config_practice(&cfg->run));
    ui_soak_start();
    while (!a->quit && (cfg->frames == 0 || a->tick < (uint64_t)cfg->frames))
        ui_frame(a);
    ui_soak_report(a);
    if (cfg->replay_file && a->screen == SCREEN_GAME && a->game.watching)
        printf("curtain: left the replay at frame %u of %u%s\n",
               replay_player_frame(&a->game.player), a->game.film.frame_count,
               a->game.film_seeking ? " (seeking)" : "");
    if (a->screen == SCREEN_GAME)
        game_leave(a);
    app_save_options(a);
    ui_close(a);
    SDL_Quit();
    return 0;
}
