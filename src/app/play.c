#include "app/play.h"

#include "app/cli.h"
#include "core/clock.h"
#include "core/data_path.h"
#include "core/log.h"
#include "game/options.h"
#include "game/world.h"
#include "pattern/library.h"
#include "platform/audio.h"
#include "platform/frame_pacer.h"
#include "platform/input_map.h"
#include "platform/user_dir.h"
#include "platform/window.h"
#include "render/frame_view.h"
#include "render/screenshot.h"

#include <SDL.h>
#include <inttypes.h>
#include <string.h>

typedef struct play_options {
    int headless;
    int frames; /* stop after this many frames; 0 = until quit */
    uint64_t seed;
    int scale;
    int fullscreen;
    int integer_scale;
    int no_vsync;
    const char *renderer;
    const char *mod; /* a folder of pattern files over the built-in ones */
} play_options;

enum {
    PLAY_OPTION_COUNT = 9,
    /* Bullets one frame can draw; the game's pool capacity once it exists. */
    PLAY_BULLETS = 16384,
};

/* The option table of play, writing into o. */
static void play_bind_options(play_options *o, cli_option table[PLAY_OPTION_COUNT])
{
    const cli_option rows[PLAY_OPTION_COUNT] = {
        {"headless", CLI_FLAG, &o->headless, NULL,
         "no window, no renderer: run the logic only and print the state hash", 0, 0},
        {"frames", CLI_INT, &o->frames, "N", "stop after N logic frames (needed with --headless)",
         1, 1e9},
        {"seed", CLI_U64, &o->seed, "S", "seed of the logic random generator (default 1)", 0, 0},
        {"scale", CLI_INT, &o->scale, "N",
         "window size as a multiple of 640x480 (default: the options file's, or fit)", 1, 16},
        {"fullscreen", CLI_FLAG, &o->fullscreen, NULL, "start in fullscreen", 0, 0},
        {"integer-scale", CLI_FLAG, &o->integer_scale, NULL,
         "scale only by whole multiples (sharp pixels)", 0, 0},
        {"no-vsync", CLI_FLAG, &o->no_vsync, NULL, "pace frames with the timer only", 0, 0},
        {"renderer", CLI_STRING, &o->renderer, "NAME",
         "SDL render driver (software, opengl, opengles2, ...)", 0, 0},
        {"mod", CLI_STRING, &o->mod, "DIR",
         "pattern files in DIR replace (same path) or add to the built-in ones", 0, 0},
    };
    memcpy(table, rows, sizeof rows);
}

void play_print_options(FILE *out)
{
    play_options o = {0};
    cli_option table[PLAY_OPTION_COUNT];
    play_bind_options(&o, table);
    cli_spec spec = {"play", table, PLAY_OPTION_COUNT, 0, 0, NULL};
    cli_print_options(out, &spec);
}

/* The per-frame services of a windowed run; all NULL when headless. */
typedef struct play_host {
    window *win;
    frame_pacer *pacer;
    input_map *input;
    frame_view *view;
    audio *sound;
    options *opts; /* the player's options; saved at the end if they changed */
    int quit;
    int screenshot;      /* F12 was pressed: save this frame */
    uint64_t last_frame; /* when the previous frame started (ns) */
    overlay_stats stats; /* for the F3 overlay */
    hud_state hud;       /* what the HUD shows */
} play_host;

/* Handles the window's own keys and events: quit, Esc, fullscreen, F3 overlay,
 * F12 screenshot. */
static void play_handle_events(play_host *host)
{
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        input_map_handle_event(host->input, &ev);
        if (ev.type == SDL_QUIT) {
            host->quit = 1;
        } else if (ev.type == SDL_KEYDOWN && !ev.key.repeat) {
            SDL_Keycode key = ev.key.keysym.sym;
            int alt_enter = key == SDLK_RETURN && (ev.key.keysym.mod & KMOD_ALT);
            if (key == SDLK_F11 || alt_enter) {
                window_toggle_fullscreen(host->win);
                host->opts->fullscreen = host->win->fullscreen;
            } else if (key == SDLK_F3) {
                overlay_toggle(&host->view->overlay);
            } else if (key == SDLK_F12) {
                host->screenshot = 1;
            } else if (key == SDLK_ESCAPE)
                host->quit = 1;
        }
    }
}

/* Saves the frame just drawn (the logical canvas, before it is scaled). */
static void play_save_screenshot(play_host *host)
{
    char path[4096], err[512];
    host->screenshot = 0;
    if (screenshot_save_user(host->win->renderer, path, sizeof path, err, sizeof err) == 0)
        log_info("screenshot saved to %s", path);
    else
        log_error("screenshot: %s", err);
}

/* Draws one frame of the world and presents it; measures the drawing for the
 * overlay (SDL_RenderFlush makes the software renderer do its work here rather
 * than inside the present). */
static void play_draw(play_host *host, const world *w)
{
    uint64_t start = clock_now_ns();
    frame_view_update(host->view);
    window_begin_frame(host->win);
    frame_scene scene = {
        .player = &w->player,
        .hud = &host->hud,
        .stats = &host->stats,
        .fps = host->opts->show_fps ? host->pacer->fps : -1.0f,
    };
    frame_view_draw(host->view, &scene);
    SDL_RenderFlush(host->win->renderer);
    host->stats.phase_ms[OVERLAY_PHASE_RENDER] = (double)(clock_now_ns() - start) / 1e6;
    if (host->screenshot)
        play_save_screenshot(host);
    window_end_frame(host->win);
    frame_pacer_presented(host->pacer);
}

/* The game loop. One logic tick per displayed frame: wait for the frame's start,
 * sample input as late as possible, tick, draw, present. Headless, the same loop
 * runs with no pacing, no input and no drawing. */
static void play_loop(world *w, play_host *host, int frames)
{
    while (!host->quit && (frames == 0 || w->frame < (uint64_t)frames)) {
        input_bits in = 0;
        if (host->win) {
            frame_pacer_wait(host->pacer);
            uint64_t now = clock_now_ns();
            if (host->last_frame)
                overlay_push_frame(&host->view->overlay, (float)(now - host->last_frame) / 1e6f);
            host->last_frame = now;
            play_handle_events(host);
            in = input_map_sample(host->input);
        }
        uint64_t step_start = host->win ? clock_now_ns() : 0;
        world_step(w, in);
        if (host->win) {
            /* The world has only the player's motion so far; scripts and
             * collision are reported by the game once it has them. */
            host->stats.phase_ms[OVERLAY_PHASE_MOTION] =
                (double)(clock_now_ns() - step_start) / 1e6;
            play_draw(host, w);
        }
    }
}

static int play_headless(const play_options *o)
{
    world_config cfg = {.seed = o->seed};
    world w;
    world_init(&w, &cfg);
    play_host host = {0};
    play_loop(&w, &host, o->frames);
    printf("frames %" PRIu64 " hash %016" PRIx64 "\n", w.frame, world_hash(&w));
    return CLI_EXIT_OK;
}

/* Loads the options file from the user folder (defaults if there is none; problems
 * are logged with file and line) into opts, and its path into path. */
static options_status play_load_options(options *opts, char *path, size_t path_size)
{
    if (user_dir_join(path, path_size, OPTIONS_FILE_NAME) != 0) {
        path[0] = '\0';
        options_defaults(opts);
        return OPTIONS_MISSING;
    }
    return options_load(opts, path, NULL);
}

/* Saves the options when the game changed them or there was no file yet. */
static void play_save_options(const options *opts, const options *loaded, options_status st,
                              const char *path)
{
    char err[512];
    if (!path[0] || (st != OPTIONS_MISSING && memcmp(opts, loaded, sizeof *opts) == 0))
        return;
    if (options_save(opts, path, err, sizeof err) != 0)
        log_warn("options not saved: %s", err);
}

static int play_windowed(const play_options *o)
{
    if (o->renderer) {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, o->renderer);
        /* Choosing a driver turns SDL's render batching off unless asked for again. */
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    }
    if (SDL_Init(SDL_INIT_EVENTS | SDL_INIT_GAMECONTROLLER) != 0) {
        fprintf(stderr, "curtain: cannot start SDL: %s\n", SDL_GetError());
        return CLI_EXIT_FAILURE;
    }
    options opts, loaded;
    char opts_path[4096];
    options_status opts_status = play_load_options(&opts, opts_path, sizeof opts_path);
    loaded = opts;
    /* Command-line settings hold for this run only; the file keeps its own. */
    window_config cfg = window_config_from_options(&opts);
    if (o->scale)
        cfg.scale = o->scale;
    cfg.fullscreen |= o->fullscreen;
    cfg.integer_scale |= o->integer_scale;
    if (o->no_vsync)
        cfg.vsync = 0;
    window win;
    char err[512];
    if (window_open(&win, &cfg, err, sizeof err) != 0) {
        fprintf(stderr, "curtain: %s\n", err);
        SDL_Quit();
        return CLI_EXIT_FAILURE;
    }
    frame_pacer pacer;
    frame_pacer_init(&pacer, win.vsync, win.refresh_hz);
    input_map input = {0};
    input_map_apply_options(&input, &opts);
    input_map_load_mappings();
    input_map_open_pads(&input);
    frame_view view;
    frame_view_config view_cfg = {o->seed ^ 0x5eed, PLAY_BULLETS, -1};
    if (frame_view_init(&view, win.renderer, &view_cfg, err, sizeof err) != 0) {
        fprintf(stderr, "curtain: %s\n", err);
        input_map_close_pads(&input);
        window_close(&win);
        SDL_Quit();
        return CLI_EXIT_FAILURE;
    }
    static audio sound; /* the audio callback holds its address */
    audio_open(&sound, &opts);
    audio_music(&sound, 1);
    world_config world_cfg = {.seed = o->seed};
    world w;
    world_init(&w, &world_cfg);

    play_host host = {.win = &win,
                      .pacer = &pacer,
                      .input = &input,
                      .view = &view,
                      .sound = &sound,
                      .opts = &opts};
    for (int p = 0; p < OVERLAY_PHASE_COUNT; p++)
        host.stats.phase_ms[p] = -1.0;
    host.stats.capacity = PLAY_BULLETS;
    host.stats.method = sprite_draw_method_name(view.method);
    play_loop(&w, &host, o->frames);

    audio_close(&sound);
    frame_view_free(&view);
    input_map_close_pads(&input);
    window_close(&win);
    SDL_Quit();
    play_save_options(&opts, &loaded, opts_status, opts_path);
    return CLI_EXIT_OK;
}

/* Compiles the game's content: the patterns/ folder of the data root, with a mod
 * folder over it. Prints every diagnostic; NULL if there was an error. */
static library *play_load_content(const char *mod)
{
    char dir[1024];
    if (data_path_join(dir, sizeof dir, "patterns") != 0) {
        fprintf(stderr, "curtain: the data folder's path is too long\n");
        return NULL;
    }
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(dir, mod, &diags);
    diag_print(&diags, stderr);
    if (!lib)
        fprintf(stderr, "curtain: the %s do not load: %d error%s\n",
                mod ? "patterns and the mod" : "patterns", diags.errors,
                diags.errors == 1 ? "" : "s");
    else if (mod)
        log_info("mod %s loaded over %s", mod, dir);
    diag_free(&diags);
    return lib;
}

int play_main(int argc, char **argv, int first, const char *command)
{
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain play [OPTIONS]\n\nPlay the game.\n\nOptions:\n");
        play_print_options(stdout);
        return CLI_EXIT_OK;
    }
    play_options o = {.seed = 1};
    cli_option table[PLAY_OPTION_COUNT];
    play_bind_options(&o, table);
    cli_spec spec = {command, table, PLAY_OPTION_COUNT, 0, 0, NULL};
    int rc = cli_parse(&spec, argc, argv, first, NULL, NULL);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (o.headless && o.frames == 0)
        return cli_usage_error(command, "--headless needs --frames N");
    library *content = play_load_content(o.mod);
    if (!content)
        return CLI_EXIT_FAILURE;
    rc = o.headless ? play_headless(&o) : play_windowed(&o);
    library_free(content);
    return rc;
}
