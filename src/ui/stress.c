/*
 * stress: the title menu's stress test. The game's own frame (world_step and
 * the drawing of the field) under more and more bullets until it no longer fits
 * a 60 Hz frame; then it says how many bullets it held.
 *
 * The world runs the stress stage of bench/frame_bench.h (emitter enemies whose
 * rate grows 12% every half second) in a world with room for STRESS_BULLETS, the
 * field view is widened to draw that many, and the F3 overlay is shown. A frame's
 * cost is its world step plus the drawing of the frame before (the drawing of
 * this one comes after the update). A count is *held* when the frame that saw
 * it and the STRESS_HOLD_FRAMES - 1 before it each took at most 16.7 ms; the
 * ramp ends after STRESS_OVER_FRAMES frames in a row over 16.7 ms (one slow
 * frame on a busy machine does not end it), or when the world is full. The
 * result stays on screen; confirm or back returns to the title.
 */
#include "bench/frame_bench.h"
#include "core/clock.h"
#include "core/log.h"
#include "core/mem.h"
#include "pattern/language/diag.h"
#include "render/atlas_texture.h"
#include "sim/playfield.h"
#include "ui/app.h"
#include "ui/panel.h"

#include <stdio.h>

#define STRESS_BULLETS     (1u << 20)
#define STRESS_BUDGET_MS   (1000.0 / 60.0)
#define STRESS_HOLD_FRAMES 30
#define STRESS_OVER_FRAMES 5

/* Frees what the screen made and gives the field view back its usual size. */
static void stress_close(app *a)
{
    stress_state *s = &a->stress;
    if (s->w) {
        world_free(s->w);
        mem_free(s->w);
    }
    library_free(s->lib);
    s->w = NULL;
    s->lib = NULL;
    if (s->widened) {
        char err[256];
        field_view_free(&a->view.field);
        if (field_view_init(&a->view.field, a->win.renderer, &a->view.atlas, a->view.method,
                            WORLD_BULLETS, a->cfg->seed ^ 0x5eed, err, sizeof err) != 0)
            log_error("stress: %s", err);
        field_view_set_workers(&a->view.field, frame_view_workers(&a->view));
        s->widened = 0;
    }
    if (s->overlay_shown && a->view.overlay.visible)
        overlay_toggle(&a->view.overlay);
    s->overlay_shown = 0;
}

/* The stress world and a field view wide enough for it. Returns 0, or -1 with a
 * toast saying why. */
static int stress_open(app *a)
{
    stress_state *s = &a->stress;
    static char src[8192];
    int len = frame_bench_stress_source(src, sizeof src);
    library_file file = {"stress.pat", src, len > 0 ? (size_t)len : 0};
    diag_list diags;
    diag_init(&diags);
    s->lib = len > 0 ? library_compile(&file, 1, &diags) : NULL;
    diag_free(&diags);
    world_config cfg = {.seed = app_seed(a), .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    s->w = mem_calloc(1, sizeof *s->w);
    if (!s->lib || !s->w || world_init_sized(s->w, &cfg, s->lib, STRESS_BULLETS) != 0) {
        app_toast(a, PANEL_RED, "stress test: out of memory");
        return -1;
    }
    char err[256];
    field_view_free(&a->view.field);
    s->widened = 1;
    if (field_view_init(&a->view.field, a->win.renderer, &a->view.atlas, a->view.method,
                        (int)STRESS_BULLETS, a->cfg->seed ^ 0x5eed, err, sizeof err) != 0) {
        app_toast(a, PANEL_RED, "stress test: %s", err);
        return -1;
    }
    field_view_set_workers(&a->view.field, frame_view_workers(&a->view));
    return 0;
}

void stress_enter(app *a)
{
    stress_state *s = &a->stress;
    *s = (stress_state){0};
    world_view_init(&s->view, a->cfg->seed ^ 0x57e55);
    s->view.opts = &a->opts;
    if (stress_open(a) != 0) {
        stress_close(a);
        app_switch(a, SCREEN_TITLE);
        return;
    }
    if (!a->view.overlay.visible) {
        overlay_toggle(&a->view.overlay);
        s->overlay_shown = 1;
    }
    audio_cue(a->sound, -1);
}

void stress_action(app *a, input_ui act)
{
    if (act != INPUT_UI_CONFIRM && act != INPUT_UI_BACK && act != INPUT_UI_PAUSE)
        return;
    app_sound(a, SFX_MENU_SELECT, 0);
    stress_close(a);
    app_switch(a, SCREEN_TITLE);
}

/* The ramp is over: say so on screen and in the log. */
static void stress_finish(app *a, const char *why)
{
    stress_state *s = &a->stress;
    s->done = 1;
    log_info("stress test: held %u bullets at 60 Hz (%s)", s->held, why);
    app_toast(a, PANEL_GOLD, "held %u bullets at 60 Hz (%s)", s->held, why);
}

/* One step of the ramp: the world, then the verdict on this frame's cost. */
void stress_update(app *a)
{
    stress_state *s = &a->stress;
    if (!s->w || s->done)
        return;
    uint64_t t0 = clock_now_ns();
    world_step(s->w, 0);
    world_view_step(&s->view, s->w);
    double draw = a->stats.phase_ms[OVERLAY_PHASE_RENDER];
    s->frame_ms = (double)(clock_now_ns() - t0) / 1e6 + (draw > 0 ? draw : 0);
    s->frames++;
    uint32_t live = s->w->bullets.live;
    if (s->frame_ms <= STRESS_BUDGET_MS) {
        s->within++;
        s->over = 0;
        if (s->within >= STRESS_HOLD_FRAMES && live > s->held)
            s->held = live;
    } else {
        s->within = 0;
        s->over++;
    }
    if (s->over >= STRESS_OVER_FRAMES)
        stress_finish(a, "frames over 16.7 ms");
    else if (s->w->bullets.stats.refused > 0)
        stress_finish(a, "the world is full");
}

void stress_draw(app *a)
{
    stress_state *s = &a->stress;
    if (!s->w) {
        app_draw_backdrop(a);
        return;
    }
    world_view_row rows[] = {
        {"Bullets", ""}, {"Frame", ""}, {"Budget", ""}, {"Held at 60 Hz", ""}, {"Time", ""}};
    snprintf(rows[0].value, sizeof rows[0].value, "%u", s->w->bullets.live);
    snprintf(rows[1].value, sizeof rows[1].value, "%.1f ms", s->frame_ms);
    snprintf(rows[2].value, sizeof rows[2].value, "%.1f ms", STRESS_BUDGET_MS);
    snprintf(rows[3].value, sizeof rows[3].value, "%u", s->held);
    snprintf(rows[4].value, sizeof rows[4].value, "%u:%02u", (unsigned)(s->frames / 3600),
             (unsigned)(s->frames / 60 % 60));
    world_view_extra x = {.mark = s->done ? "STRESS TEST: DONE" : "STRESS TEST",
                          .stats = app_stats(a, s->w),
                          .fps = app_fps(a),
                          .rows = rows,
                          .row_count = (int)(sizeof rows / sizeof rows[0])};
    world_view_draw(&s->view, &a->view, s->w, &x);
    if (!s->done)
        return;
    const atlas_texture *at = &a->view.atlas;
    SDL_Rect box = {FIELD_VIEW_X + 12, FIELD_VIEW_Y + 200, (int)PLAYFIELD_W - 24, 84};
    panel_box(a->win.renderer, box);
    panel_textf(a->win.renderer, at, ATLAS_FONT_SMALL, 1, box.x + box.w / 2, box.y + 10,
                TEXT_CENTER, PANEL_LABEL, "HELD AT 60 HZ");
    panel_textf(a->win.renderer, at, ATLAS_FONT_TITLE, 1, box.x + box.w / 2, box.y + 28,
                TEXT_CENTER, PANEL_GOLD, "%u bullets", s->held);
    panel_textf(a->win.renderer, at, ATLAS_FONT_SMALL, 1, box.x + box.w / 2, box.y + 62,
                TEXT_CENTER, PANEL_DIM, "%s: back to the title", app_ui_words(a, INPUT_UI_CONFIRM));
}
