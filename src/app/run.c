/*
 * run: `curtain run FILE [MORE...] --frames N [--rank R] [--seed S] [--trace OUT.csv]`.
 *
 * Compiles the files together and runs FILE's default entry (library.h) in the
 * sandbox for N frames. The trace is CSV: the header `frame,id,x,y`, then after
 * each frame's motion one row per live bullet, oldest first (frames count from 0,
 * ids are spawn serials from 1), then one per live laser, `L` and its slot, with
 * its heading vector, phase and nodes after x,y, then one per item on the
 * field, `I` and its place in the list, with its kind after x,y
 * (sandbox_trace_frame). The summary line on stdout counts the bullets (and a
 * second line the lasers, each pool's spawned and refused apart, and a third
 * the items the scripts dropped, those refused) and ends with a hash of every
 * row, so two runs compare in one line.
 *
 * With --screenshot OUT.png, the field after --at-frame N frames (default: the
 * last) is drawn as `curtain view` shows it, with the software renderer on a
 * surface in memory (no window, no display), and saved as a PNG.
 *
 * A file that declares a ship and nothing else to run (or --ship NAME) flies
 * the ship instead, alone in a world of its own firing its volleys at --power N
 * (--focused or not), as the ship select screen and `curtain view` show it
 * (game/ship_preview.h); the summary line counts the shots fired.
 *
 * With --reference, a BulletML file runs on the reference host instead
 * (run_reference.h); --bulletml-dialect picks libbulletml's changeDirection rule
 * for BulletML files either way.
 */
#include "app/run.h"

#include "app/cli.h"
#include "app/run_reference.h"
#include "app/view_draw.h"
#include "core/hash.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "game/ship_preview.h"
#include "pattern/bulletml/bulletml_import.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"
#include "platform/window.h"
#include "render/screenshot.h"

#include <SDL.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define RUN_MAX_FILES 256

/* Draws the sandbox as the viewer does, on a software renderer over a surface,
 * and saves it to path. Returns 0, or -1 after printing why. */
static int run_screenshot(const sandbox *sb, const library *lib, const char *file,
                          const char *entry_name, const char *path)
{
    SDL_Surface *s =
        SDL_CreateRGBSurfaceWithFormat(0, LOGICAL_W, LOGICAL_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = s ? SDL_CreateSoftwareRenderer(s) : NULL;
    view_draw *draw = r ? view_draw_create(r) : NULL;
    int rc = -1;
    char err[512] = "";
    if (!draw) {
        snprintf(err, sizeof err, "cannot draw: %s", SDL_GetError());
    } else if (view_draw_load_art(draw, lib, err, sizeof err) != 0) {
        rc = -1; /* the art shapes and data backdrops as the viewer draws them, or the error */
    } else {
        view_panel panel = {.count = 4, .error = sandbox_last_error(sb)};
        snprintf(panel.lines[0], sizeof panel.lines[0], "%s", file);
        snprintf(panel.lines[1], sizeof panel.lines[1], "run %.80s", entry_name);
        snprintf(panel.lines[2], sizeof panel.lines[2], "frame %d", (int)sandbox_frame(sb));
        snprintf(panel.lines[3], sizeof panel.lines[3], "bullets %u  lasers %u  items %u",
                 (unsigned)sandbox_bullet_count(sb), (unsigned)sandbox_lasers(sb)->live,
                 (unsigned)sandbox_items(sb)->count);
        SDL_SetRenderDrawColor(r, 0, 0, 0, 255);
        SDL_RenderClear(r);
        sandbox_config cfg;
        sandbox_config_default(&cfg);
        view_draw_frame(draw, sb, lib, cfg.player_x, cfg.player_y, &panel);
        SDL_RenderPresent(r);
        rc = screenshot_save(r, path, err, sizeof err);
    }
    if (rc != 0)
        fprintf(stderr, "curtain run: %s\n", err);
    view_draw_destroy(draw);
    if (r)
        SDL_DestroyRenderer(r);
    SDL_FreeSurface(s);
    return rc;
}

/* A script's print: a line of run's output, as it happens. */
static void run_print(void *user, const char *line)
{
    (void)user;
    printf("%s\n", line);
}

/* The first boss declared in file, or NULL: the hint when a file has nothing
 * else to run. */
static const library_boss *run_file_boss(const library *lib, const char *file)
{
    for (uint32_t i = 0; i < lib->boss_count; i++)
        if (strcmp(lib->bosses[i].file, file) == 0)
            return &lib->bosses[i];
    return NULL;
}

/* Finds what to run: the boss boss_name if given, else the entry entry_name, else
 * the file's default entry (library_default_entry). Returns 0, or -1 after saying
 * why on stderr. */
static int run_pick(const library *lib, const char *file, const char *entry_name,
                    const char *boss_name, const library_entry **entry, const library_boss **boss)
{
    if (boss_name) {
        *boss = library_find_boss(lib, boss_name);
        if (!*boss) {
            fprintf(stderr, "curtain run: no boss '%s' in %s\n", boss_name, file);
            return -1;
        }
        return 0;
    }
    *entry = entry_name ? library_find(lib, entry_name) : library_default_entry(lib, file);
    const library_boss *only_boss = entry_name ? NULL : run_file_boss(lib, file);
    if (!*entry && only_boss) {
        fprintf(stderr,
                "curtain run: %s defines no pattern, enemy or stage to run; to fight its boss: "
                "--boss %s\n",
                file, only_boss->name);
        return -1;
    }
    if (!*entry || !library_entry_runnable(*entry)) {
        fprintf(stderr, "curtain run: %s%s%s\n",
                entry_name ? "no pattern, enemy or stage without parameters named '" : "",
                entry_name ? entry_name : file,
                entry_name ? "'"
                           : " defines nothing to run (a pattern without parameters, "
                             "an enemy or a stage)");
        return -1;
    }
    return 0;
}

/* The ship to fly: the one named (-2 after saying so when there is none), else
 * the first file's first ship when the file has no pattern, enemy, stage or
 * boss to run; -1 when no ship runs. */
static int run_pick_ship(const library *lib, const char *file, const char *ship_name,
                         const char *entry_name, const char *boss_name)
{
    if (ship_name) {
        int i = ship_preview_find(lib, ship_name, NULL);
        if (i < 0)
            fprintf(stderr, "curtain run: no ship '%s' in the files given\n", ship_name);
        return i < 0 ? -2 : i;
    }
    if (entry_name || boss_name || library_default_entry(lib, file) || run_file_boss(lib, file))
        return -1;
    return ship_preview_find(lib, NULL, file);
}

/* Flies lib's ship number index for frames frames at a power level, focused or
 * not, and prints the summary line: the shots fired, those alive at the end,
 * and the world's state hash (and, for a ship that fires lasers, a line of
 * its lasers as for a pattern's). Returns the exit code. */
static int run_ship(const library *lib, int index, const char *type_name, int frames, int power,
                    int focused)
{
    int type = type_name ? library_find_ship_type(&lib->ships[index], type_name) : 0;
    if (type < 0) {
        fprintf(stderr, "curtain run: the ship %s has no shot type '%s'\n", lib->ships[index].name,
                type_name);
        return CLI_EXIT_USAGE;
    }
    world *w = mem_calloc(1, sizeof *w);
    if (!w || ship_preview_init(w, lib, (uint32_t)index, (uint32_t)type) != 0) {
        fprintf(stderr, "curtain run: cannot start the ship %s\n", lib->ships[index].name);
        mem_free(w);
        return CLI_EXIT_FAILURE;
    }
    uint64_t shots = 0;
    for (int f = 0; f < frames; f++)
        shots += (uint64_t)ship_preview_step(w, focused ? INPUT_BIT(INPUT_FOCUS) : 0, power);
    printf("frames %d ship %s%s%s power %d %s shots %" PRIu64 " live %u hash %016" PRIx64 "\n",
           frames, lib->ships[index].name, type_name ? " type " : "", type_name ? type_name : "",
           power, focused ? "focused" : "unfocused", shots, (unsigned)w->shots.live, world_hash(w));
    const laser_pool *lp = &w->shot_lasers;
    if (lp->stats.spawned > 0) /* a ship that fires lasers: how many, live and refused */
        printf("lasers %u spawned %" PRIu64 " refused %" PRIu64 "\n", (unsigned)lp->live,
               lp->stats.spawned, lp->stats.refused);
    if (w->last_error[0])
        fprintf(stderr, "%s\n", w->last_error);
    world_free(w);
    mem_free(w);
    return CLI_EXIT_OK;
}

/* Where a frame's trace rows go: the hash, and the trace file when there is one. */
typedef struct run_sink {
    hasher *hs;
    FILE *out;
} run_sink;

static void run_trace_row(void *user, const char *row, size_t len)
{
    run_sink *k = user;
    hash_bytes(k->hs, row, len);
    if (k->out)
        fwrite(row, 1, len, k->out);
}

int run_main(int argc, char **argv, int first, const char *command)
{
    int frames = 0;
    double rank = difficulty_rank(DIFFICULTY_NORMAL);
    uint64_t seed = 1;
    int at_frame = 0, phase = -1;
    const char *trace = NULL, *entry_name = NULL, *boss_name = NULL, *shot = NULL;
    const char *dialect_name = NULL, *ship_name = NULL, *type_name = NULL;
    int reference = 0, power = 1, focused = 0;
    double rand_value = -1.0; /* not given */
    const cli_option options[] = {
        {"frames", CLI_INT, &frames, "N",
         "frames to run (required unless --screenshot with --at-frame)", 1, 1e8},
        {"rank", CLI_DOUBLE, &rank, "R",
         "difficulty, 0 (easy) to 1 (hardest); default 0.35, Normal", 0, 1},
        {"seed", CLI_U64, &seed, "S", "seed of rand (default 1)", 0, 0},
        {"trace", CLI_STRING, &trace, "OUT.csv",
         "write frame,id,x,y rows of every bullet, and of every laser (id L and its slot; "
         "then its heading vector, phase and nodes) and item (id I and its place; then its kind)",
         0, 0},
        {"entry", CLI_STRING, &entry_name, "NAME", "the pattern, enemy or stage to run", 0, 0},
        {"boss", CLI_STRING, &boss_name, "NAME", "run the boss NAME (its phases in turn)", 0, 0},
        {"phase", CLI_INT, &phase, "N", "with --boss: start at its phase N (from 0)", 0,
         LIBRARY_MAX_PHASES - 1},
        {"ship", CLI_STRING, &ship_name, "NAME", "fly the ship NAME firing its volleys", 0, 0},
        {"type", CLI_STRING, &type_name, "NAME",
         "a ship: fly its shot type NAME (default: its first)", 0, 0},
        {"power", CLI_INT, &power, "N", "a ship: its power level (default 1)", 1,
         SHIP_PREVIEW_LEVELS},
        {"focused", CLI_FLAG, &focused, NULL, "a ship: fly focused", 0, 0},
        {"screenshot", CLI_STRING, &shot, "OUT.png",
         "save a picture of the field (software renderer, no window)", 0, 0},
        {"at-frame", CLI_INT, &at_frame, "N", "the frame to picture (default: the last)", 1, 1e8},
        {"reference", CLI_FLAG, &reference, NULL,
         "BulletML: run FILE.xml as libbulletml does (docs/bulletml.md)", 0, 0},
        {"rand", CLI_DOUBLE, &rand_value, "C", "with --reference: every $rand returns C", 0, 1},
        {"bulletml-dialect", CLI_STRING, &dialect_name, "NAME",
         "debian (default) or upstream: libbulletml's changeDirection rule", 0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 1, RUN_MAX_FILES, "FILE"};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain run FILE [MORE...] --frames N [OPTIONS]\n\n"
               "Run a pattern file headless: its pattern named like the file (else 'main',\n"
               "else its last pattern, else its first enemy or stage) from the top of the\n"
               "field, the player at the bottom. Other files given are compiled with it.\n"
               "A file that declares a ship (or --ship NAME) flies the ship firing its\n"
               "volleys and counts the shots (and its lasers, for a ship that fires them).\n\n"
               "Options:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    static const char *files[RUN_MAX_FILES];
    int nfiles = 0;
    int rc = cli_parse(&spec, argc, argv, first, files, &nfiles);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (at_frame && !shot)
        return cli_usage_error(command, "--at-frame needs --screenshot OUT.png");
    if (phase >= 0 && !boss_name)
        return cli_usage_error(command, "--phase N needs --boss NAME");
    if (ship_name && (entry_name || boss_name))
        return cli_usage_error(command, "--ship runs a ship: not with --entry or --boss");
    if (frames == 0 && !(shot && at_frame))
        return cli_usage_error(command,
                               "--frames N is required (or --screenshot OUT.png --at-frame N)");
    if (frames == 0)
        frames = at_frame;
    if (at_frame == 0)
        at_frame = frames;
    if (at_frame > frames)
        return cli_usage_error(command, "--at-frame %d is after the last frame (%d)", at_frame,
                               frames);
    int dialect = dialect_name ? bulletml_dialect_find(dialect_name) : BULLETML_DIALECT_DEBIAN;
    if (dialect < 0)
        return cli_usage_error(command, "unknown BulletML dialect '%s' (debian or upstream)",
                               dialect_name);
    bulletml_import_set_dialect((bulletml_dialect)dialect);
    if (reference || rand_value >= 0)
        return run_reference_command(command, reference, files, nfiles, frames, rank, rand_value,
                                     seed, (bulletml_dialect)dialect, trace, shot);
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_paths(files, nfiles, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    if (!lib)
        return CLI_EXIT_FAILURE;
    int ship = run_pick_ship(lib, files[0], ship_name, entry_name, boss_name);
    if (ship >= 0 && (trace || shot)) {
        library_free(lib);
        return cli_usage_error(command, "--trace and --screenshot are for patterns, not a ship");
    }
    if (ship != -1) {
        rc = ship >= 0 ? run_ship(lib, ship, type_name, frames, power, focused) : CLI_EXIT_FAILURE;
        library_free(lib);
        return rc;
    }
    const library_entry *entry = NULL;
    const library_boss *boss = NULL;
    if (run_pick(lib, files[0], entry_name, boss_name, &entry, &boss) != 0) {
        library_free(lib);
        return CLI_EXIT_FAILURE;
    }
    if (boss && phase >= (int)boss->phase_count) {
        fprintf(stderr, "curtain run: boss '%s' has %u phases (0 to %u), no phase %d\n", boss->name,
                (unsigned)boss->phase_count, (unsigned)boss->phase_count - 1, phase);
        library_free(lib);
        return CLI_EXIT_USAGE;
    }
    FILE *out = NULL;
    if (trace) {
        out = fopen(trace, "w");
        if (!out) {
            fprintf(stderr, "curtain run: cannot write %s\n", trace);
            library_free(lib);
            return CLI_EXIT_FAILURE;
        }
        fputs("frame,id,x,y\n", out);
    }
    sandbox_config cfg;
    sandbox_config_default(&cfg);
    cfg.rank = rank;
    cfg.seed = seed;
    cfg.print = run_print;
    cfg.boss_phase = phase > 0 ? (uint32_t)phase : 0;
    sandbox *sb = sandbox_create(&cfg);
    if (!sb || sandbox_start(sb, lib, entry, boss) != 0) {
        fprintf(stderr, "curtain run: cannot start %s\n", entry ? entry->name : boss_name);
        if (out)
            fclose(out);
        sandbox_destroy(sb);
        library_free(lib);
        return CLI_EXIT_FAILURE;
    }
    hasher hs;
    hash_begin(&hs, 0);
    uint64_t rows = 0;
    int shot_failed = 0;
    for (int f = 0; f < frames; f++) {
        sandbox_step(sb);
        run_sink sink = {&hs, out};
        rows += sandbox_trace_frame(sb, f, run_trace_row, &sink);
        if (shot && f + 1 == at_frame &&
            run_screenshot(sb, lib, files[0], entry ? entry->name : boss_name, shot) != 0)
            shot_failed = 1;
    }
    int failed = shot_failed;
    if (out && fclose(out) != 0) {
        fprintf(stderr, "curtain run: error writing %s\n", trace);
        failed = 1;
    }
    vm_stats st = sandbox_vm_stats(sb);
    sandbox_shots shots = sandbox_shot_counts(sb); /* each pool's, apart */
    printf("frames %d bullets %u spawned %" PRIu64 " refused %" PRIu64 " rows %" PRIu64
           " errors %d hash %016" PRIx64 "\n",
           frames, (unsigned)sandbox_bullet_count(sb), shots.bullets_spawned, shots.bullets_refused,
           rows, sandbox_error_count(sb), hash_end(&hs));
    if (shots.lasers_spawned || shots.lasers_refused) /* a file that fires lasers */
        printf("lasers %u spawned %" PRIu64 " refused %" PRIu64 "\n",
               (unsigned)sandbox_lasers(sb)->live, shots.lasers_spawned, shots.lasers_refused);
    sandbox_drops drops = sandbox_drop_counts(sb);
    if (drops.dropped || drops.refused) /* a file that drops items */
        printf("items %u dropped %" PRIu64 " refused %" PRIu64 "\n",
               (unsigned)sandbox_items(sb)->count, drops.dropped, drops.refused);
    if (sandbox_error_count(sb))
        fprintf(stderr, "%s\n", sandbox_last_error(sb));
    if (st.budget_stops || st.deferred)
        fprintf(stderr,
                "curtain run: the scripts ran over the frame's budget: %" PRIu64
                " stopped, %" PRIu64 " put off to a later frame; the worst frame ran %u "
                "instructions and started %u scripts\n",
                st.budget_stops, st.deferred, (unsigned)st.frame_peak, (unsigned)st.starts_peak);
    if (st.refused) /* the runner pool was full: say so, as bullets refused are */
        fprintf(stderr,
                "curtain run: %" PRIu64 " scripts could not start: all %u script runners were "
                "busy (threads, bullets with a script, enemies)\n",
                st.refused, (unsigned)st.capacity);
    sandbox_destroy(sb);
    library_free(lib);
    return failed ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}
