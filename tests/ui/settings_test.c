/*
 * settings: the Options and Accessibility menus are game/options.h's table. Every
 * row of OPTIONS_SETTINGS with a menu appears on its page, in table order, with its
 * label, and no other setting does; the page's own rows follow. Each row's value
 * shows what the menus showed before they were built from the table (the defaults'
 * words, the "zero" words). Pressing left or right on a row changes its setting by
 * the table's step (as options_step does), the value shown follows, and the
 * other way brings it back; Reset to defaults puts every setting back.
 */
#include "../check.h"
#include "game/options.h"
#include "ui/app.h"

#include <SDL.h>
#include <stdio.h>
#include <string.h>

static app the_app; /* large: not on the stack */

/* An app without a window, its options at their defaults, an audio device never
 * opened (sounds are skipped); the renderer a software one so that vsync can
 * change. */
static app *st_app(SDL_Surface **surface)
{
    static ui_config cfg;
    static audio silent;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = &cfg;
    a->sound = &silent;
    options_defaults(&a->opts);
    *surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888);
    a->win.renderer = *surface ? SDL_CreateSoftwareRenderer(*surface) : NULL;
    a->win.vsync = a->opts.vsync;
    return a;
}

static void st_free(app *a, SDL_Surface *surface)
{
    if (a->win.renderer)
        SDL_DestroyRenderer(a->win.renderer);
    SDL_FreeSurface(surface);
    memset(a, 0, sizeof *a);
}

/* The menu of a page, entered afresh. */
static menu *st_enter(app *a, int page)
{
    if (page == OPTION_MENU_OPTIONS) {
        settings_enter(a);
        return &a->settings.m;
    }
    access_enter(a);
    return &a->settings.access;
}

static void st_act(app *a, int page, input_ui act)
{
    if (page == OPTION_MENU_OPTIONS)
        settings_action(a, act);
    else
        access_action(a, act);
}

/* Every setting of the page in table order, then exactly the page's own rows. */
static int st_rows(app *a, int page, option_id *ids)
{
    menu *m = st_enter(a, page);
    int n = 0;
    for (int id = 0; id < OPTION_COUNT; id++) {
        const option_info *in = options_info((option_id)id);
        if ((in->menu & OPTION_MENU_WHERE) != page)
            continue;
        CHECK(n < m->count);
        CHECK(strcmp(m->labels[n], in->label) == 0);
        if (strcmp(m->labels[n], in->label) != 0)
            fprintf(stderr, "row %d: '%s', the table says '%s'\n", n, m->labels[n], in->label);
        ids[n++] = (option_id)id;
    }
    CHECK(n > 0);
    CHECK_EQ_INT(m->count, n + (page == OPTION_MENU_OPTIONS ? 5 : 1));
    CHECK(strcmp(m->labels[m->count - 1], "Back") == 0);
    if (page == OPTION_MENU_OPTIONS)
        CHECK(strcmp(m->labels[n], "Accessibility...") == 0);
    for (int r = 0; r < m->count; r++) /* a setting of no menu is on none */
        CHECK(strcmp(m->labels[r], options_info(OPTION_difficulty)->label) != 0);
    return n;
}

/* The defaults' values as the hand-written menus showed them. */
static void st_default_words(void)
{
    static const char *const options_words[] = {
        "off", "fit the screen (1x)", "off", "on", "80%", "80%", "60%", "off", "35%"};
    static const char *const access_words[] = {"normal", "off", "100%", "when focused",
                                               "off",    "off", "100%", "60 letters a second"};
    SDL_Surface *s;
    app *a = st_app(&s);
    menu *m = st_enter(a, OPTION_MENU_OPTIONS);
    for (int r = 0; r < (int)(sizeof options_words / sizeof *options_words); r++)
        CHECK(strcmp(m->values[r], options_words[r]) == 0);
    CHECK(strcmp(m->values[m->count - 3], "0 connected") == 0);
    m = st_enter(a, OPTION_MENU_ACCESS);
    for (int r = 0; r < (int)(sizeof access_words / sizeof *access_words); r++)
        CHECK(strcmp(m->values[r], access_words[r]) == 0);
    /* the zero and unit words */
    a->opts.text_speed = 0;
    a->opts.background_dim = 40;
    a->opts.reduce_shake = 1;
    m = st_enter(a, OPTION_MENU_ACCESS);
    CHECK(strcmp(m->values[1], "40% darker") == 0);
    CHECK(strcmp(m->values[5], "on (no shaking)") == 0);
    CHECK(strcmp(m->values[7], "all at once") == 0);
    st_free(a, s);
}

/* Right (or left, at the top of a range) changes each row's setting by its step;
 * the other way brings it back. */
static void st_change_each(int page)
{
    SDL_Surface *s;
    app *a = st_app(&s);
    option_id ids[OPTION_COUNT];
    int n = st_rows(a, page, ids);
    for (int r = 0; r < n; r++) {
        option_id id = ids[r];
        menu *m = st_enter(a, page);
        menu_select(m, r);
        CHECK_EQ_INT(m->cursor, r);
        int before = options_get(&a->opts, id);
        char shown[MENU_VALUE_MAX];
        snprintf(shown, sizeof shown, "%s", m->values[r]);
        input_ui way = INPUT_UI_RIGHT, back = INPUT_UI_LEFT;
        options want = a->opts;
        options_step(&want, id, 1, id == OPTION_window_scale ? 1 : -1);
        if (options_get(&want, id) == before) { /* at the top: left moves it */
            way = INPUT_UI_LEFT, back = INPUT_UI_RIGHT;
            want = a->opts;
            options_step(&want, id, -1, id == OPTION_window_scale ? 1 : -1);
        }
        st_act(a, page, way);
        int after = options_get(&a->opts, id);
        if (after == before)
            fprintf(stderr, "%s did not change from %d\n", options_info(id)->name, before);
        CHECK(after != before);
        if (id != OPTION_window_scale) /* up to the screen's largest size: 1 with none */
            CHECK_EQ_INT(after, options_get(&want, id));
        CHECK(strcmp(m->values[r], shown) != 0);
        for (int other = 0; other < OPTION_COUNT; other++) /* this setting alone */
            if (other != (int)id)
                CHECK_EQ_INT(options_get(&a->opts, (option_id)other),
                             options_get(&want, (option_id)other));
        st_act(a, page, back);
        CHECK_EQ_INT(options_get(&a->opts, id), before);
        CHECK(strcmp(m->values[r], shown) == 0);
    }
    st_free(a, s);
}

/* Confirm steps a setting right; Reset to defaults puts every one back. */
static void st_confirm_and_reset(void)
{
    SDL_Surface *s;
    app *a = st_app(&s);
    menu *m = st_enter(a, OPTION_MENU_ACCESS);
    menu_select(m, 7); /* text speed: 60 -> 90 */
    access_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->opts.text_speed, 90);
    for (int i = 0; i < 7; i++) /* 120 ... 240, then round: all at once, 30 */
        access_action(a, INPUT_UI_CONFIRM);
    CHECK_EQ_INT(a->opts.text_speed, 30);
    menu_select(m, 6); /* practice speed: 100 -> 75 -> 50 -> 100 */
    access_action(a, INPUT_UI_RIGHT);
    CHECK_EQ_INT(a->opts.practice_speed, 75);
    access_action(a, INPUT_UI_RIGHT);
    access_action(a, INPUT_UI_RIGHT);
    CHECK_EQ_INT(a->opts.practice_speed, 100);
    m = st_enter(a, OPTION_MENU_OPTIONS);
    menu_select(m, 4); /* master volume: stops at 100 */
    for (int i = 0; i < 4; i++)
        settings_action(a, INPUT_UI_RIGHT);
    CHECK_EQ_INT(a->opts.master_volume, 100);
    CHECK(strcmp(m->values[4], "100%") == 0);
    menu_select(m, m->count - 2); /* Reset to defaults */
    CHECK(strcmp(m->labels[m->cursor], "Reset to defaults") == 0);
    settings_action(a, INPUT_UI_CONFIRM);
    options d;
    options_defaults(&d);
    for (int id = 0; id < OPTION_COUNT; id++)
        CHECK_EQ_INT(options_get(&a->opts, (option_id)id), options_get(&d, (option_id)id));
    CHECK(strcmp(m->values[4], "80%") == 0);
    st_free(a, s);
}

int main(void)
{
    st_default_words();
    st_change_each(OPTION_MENU_OPTIONS);
    st_change_each(OPTION_MENU_ACCESS);
    st_confirm_and_reset();
    return check_done("ui.settings");
}
