/*
 * replay_cmd: `curtain replay FILE [--verify | --diff OTHER] [--mod DIR]`.
 *
 * Without --verify the game opens and plays the replay back (the Replays menu's
 * playback: pause, fast-forward, frame step). With --verify nothing is opened:
 * the replay runs headless over the patterns (and mod) given, every recorded
 * state hash is compared, and the exit status says how it went: 0 every hash
 * matched, 1 the first frame that did not, and which parts of the state differ
 * there (or why the file cannot be played). Recorded over other pattern files,
 * it says so and still plays it over these, to show where the change shows.
 * With --diff, two replays of the same start are played side by side
 * (game/replay_diff.h): the first frame they differ, and for each part the first
 * frame it differs, the first object that differs and its fields, A / B.
 */
#include "app/replay_cmd.h"

#include "app/cli.h"
#include "app/content.h"
#include "game/difficulty.h"
#include "game/replay.h"
#include "game/replay_diff.h"
#include "ui/ui.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* How the recorded run ended, in the words the results box uses (a practice,
 * config.start != 0, is cleared or lost, not a stage). */
static const char *replay_cmd_ending(const replay *r)
{
    int practice = world_config_practice(&r->config);
    if (r->end == REPLAY_END_STAGE_CLEAR)
        return practice ? "practice cleared" : "stage clear";
    if (r->end == REPLAY_END_GAME_OVER)
        return practice ? "practice lost" : "game over";
    return "unfinished";
}

/* Prints where a replay went out of step and which parts of the state differ. */
static void replay_cmd_desync(const char *path, const replay_desync *d)
{
    char parts[256];
    replay_desync_parts(d, parts, sizeof parts);
    if (d->frame == 0)
        printf("%s: cannot verify: out of memory, or a ship or boss these patterns lack\n", path);
    else if (d->parts)
        printf("%s: desync at frame %u (the first that differs): %s\n", path, d->frame, parts);
    else
        printf("%s: desync at frame %u (a checkpoint: it went out of step after the one "
               "before): state hash %016" PRIx64 ", recorded %016" PRIx64
               "; which part: unknown (format %s keeps no part hashes)\n",
               path, d->frame, d->actual, d->expected, "1 to 3");
}

/* Checks a replay headless; prints the verdict. */
static int replay_cmd_verify(const char *path, replay *r, const library *lib)
{
    replay_desync d;
    if (!replay_content_matches(r, lib)) {
        printf("%s: recorded with other pattern files (content %016" PRIx64
               ", these are %016" PRIx64 "): a mod, or another version of the stage\n",
               path, r->content, replay_content_hash(r, lib));
        if (replay_resolve(r, lib) == 0 && replay_verify(r, lib, &d) != 0) {
            printf("played over these patterns: ");
            replay_cmd_desync(path, &d);
        }
        return CLI_EXIT_FAILURE;
    }
    if (replay_verify(r, lib, &d) != 0) {
        replay_cmd_desync(path, &d);
        return CLI_EXIT_FAILURE;
    }
    char speed[96] = "";
    if (world_speed_percent(&r->config) != 100)
        snprintf(speed, sizeof speed, ", at %d%% speed", world_speed_percent(&r->config));
    size_t len = strlen(speed);
    if (r->practice & REPLAY_PRACTICE_STATES)
        snprintf(speed + len, sizeof speed - len, ", practice with savestates");
    len = strlen(speed);
    if (r->practice & REPLAY_PRACTICE_TAKEN)
        snprintf(speed + len, sizeof speed - len, ", taken over at frame %u", r->taken_at);
    printf("%s: %u frames, %u state hashes, all match (%s, %s%s, score %" PRIu64 ")\n", path,
           r->frame_count, r->check_count, difficulty_name(r->config.difficulty),
           replay_cmd_ending(r), speed, r->score);
    return CLI_EXIT_OK;
}

/* Plays two replays side by side; prints where they part and how. */
static int replay_cmd_diff(const char *path_a, const replay *a, const char *path_b,
                           const library *lib)
{
    replay b;
    char err[512];
    if (replay_load(&b, path_b, err, sizeof err) != 0) {
        printf("%s\n", err);
        return CLI_EXIT_FAILURE;
    }
    replay_diff diff;
    if (replay_diff_run(a, &b, lib, 10 * WORLD_TICK_HZ, &diff, err, sizeof err) != 0) {
        printf("%s vs %s: %s\n", path_a, path_b, err);
        replay_free(&b);
        return CLI_EXIT_FAILURE;
    }
    replay_free(&b);
    if (diff.first == 0) {
        printf("%s vs %s: the same for %u frames\n", path_a, path_b, diff.frames);
        return CLI_EXIT_OK;
    }
    printf("%s vs %s: the same for %u frames; they part at frame %u (values A / B)\n", path_a,
           path_b, diff.first - 1, diff.first);
    for (uint32_t f = diff.first; f <= diff.frames; f++)
        for (int k = 0; k < WORLD_PART_COUNT; k++)
            if (diff.at[k] == f)
                printf("  frame %u: %s: %s%s%s\n", f, world_part_name((world_part)k),
                       diff.what[k].object, diff.what[k].fields[0] ? ": " : "",
                       diff.what[k].fields);
    return CLI_EXIT_FAILURE;
}

int replay_cmd_main(int argc, char **argv, int first, const char *command)
{
    int verify = 0, scale = 0;
    const char *mod = NULL, *renderer = NULL, *other = NULL;
    const cli_option options[] = {
        {"verify", CLI_FLAG, &verify, NULL,
         "play it headless and check every state hash: exit 0 if all match, 1 if not (a "
         "desync names its frame and the parts that differ)",
         0, 0},
        {"diff", CLI_STRING, &other, "OTHER",
         "play FILE and OTHER (the same start) side by side: the frame they part, and per "
         "part the first object that differs and its fields; exit 0 if the same",
         0, 0},
        {"mod", CLI_STRING, &mod, "DIR", "the pattern files it was recorded with, over the game's",
         0, 0},
        {"scale", CLI_INT, &scale, "N", "window size as a multiple of 640x480", 1, 16},
        {"renderer", CLI_STRING, &renderer, "NAME", "SDL render driver", 0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 1, 1, "FILE"};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain replay FILE [--verify | --diff OTHER] [OPTIONS]\n\n"
               "Watch a replay (P pauses, F fast, S slow, N and Comma step a frame forward and\n"
               "back, Left and Right jump 5 s, Page Up and Down to the marks, R held rewinds,\n"
               "T takes over, Esc stops), check it headless with --verify, or compare it with\n"
               "another with --diff.\n\nOptions:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    const char *path = NULL;
    int npos = 0;
    int rc = cli_parse(&spec, argc, argv, first, &path, &npos);
    if (rc != CLI_EXIT_OK)
        return rc;
    replay r;
    char err[512];
    if (replay_load(&r, path, err, sizeof err) != 0) {
        printf("%s\n", err);
        return CLI_EXIT_FAILURE;
    }
    /* A format-2 replay plays over the files of its time (content_load_format2);
     * watching, the game keeps both, for its Replays menu. */
    int old = replay_wants_format2_library(&r), watch = !verify && !other;
    library *lib = old && !watch ? NULL : content_load(mod);
    library *format2 = old || watch ? content_load_format2(mod, !old) : NULL;
    const library *use = old ? format2 : lib;
    if (!use || (watch && !lib)) {
        replay_free(&r);
        library_free(lib);
        library_free(format2);
        return CLI_EXIT_FAILURE;
    }
    if (other) {
        rc = replay_cmd_diff(path, &r, other, use);
    } else if (verify) {
        rc = replay_cmd_verify(path, &r, use);
    } else {
        ui_config ui = {.lib = lib,
                        .format2_lib = format2,
                        .mod = mod,
                        .seed = r.config.seed,
                        .scale = scale,
                        .renderer = renderer,
                        .replay_file = path};
        rc = ui_main(&ui) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    }
    replay_free(&r);
    library_free(lib);
    library_free(format2);
    return rc;
}
