/*
 * replay_cmd: `curtain replay FILE [--verify] [--mod DIR]`.
 *
 * Without --verify the game opens and plays the replay back (the Replays menu's
 * playback: pause, fast-forward, frame step). With --verify nothing is opened:
 * the replay runs headless over the patterns (and mod) given, every recorded
 * state hash is compared, and the exit status says how it went: 0 every hash
 * matched, 1 the first frame that did not (or why the file cannot be played).
 */
#include "app/replay_cmd.h"

#include "app/cli.h"
#include "app/content.h"
#include "game/difficulty.h"
#include "game/replay.h"
#include "ui/ui.h"

#include <inttypes.h>
#include <stdio.h>

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

/* Checks a replay headless; prints the verdict. */
static int replay_cmd_verify(const char *path, replay *r, const library *lib)
{
    if (!replay_content_matches(r, lib)) {
        printf("%s: recorded with other pattern files (content %016" PRIx64
               ", these are %016" PRIx64 "): a mod, or another version of the stage\n",
               path, r->content, replay_content_hash(r, lib));
        return CLI_EXIT_FAILURE;
    }
    replay_desync d;
    if (replay_verify(r, lib, &d) != 0) {
        if (d.frame == 0)
            printf("%s: cannot verify: out of memory\n", path);
        else
            printf("%s: desync at frame %u: state hash %016" PRIx64 ", recorded %016" PRIx64 "\n",
                   path, d.frame, d.actual, d.expected);
        return CLI_EXIT_FAILURE;
    }
    char speed[32] = "";
    if (world_speed_percent(&r->config) != 100)
        snprintf(speed, sizeof speed, ", at %d%% speed", world_speed_percent(&r->config));
    printf("%s: %u frames, %u state hashes, all match (%s, %s%s, score %" PRIu64 ")\n", path,
           r->frame_count, r->check_count, difficulty_name(r->config.difficulty),
           replay_cmd_ending(r), speed, r->score);
    return CLI_EXIT_OK;
}

int replay_cmd_main(int argc, char **argv, int first, const char *command)
{
    int verify = 0, scale = 0;
    const char *mod = NULL, *renderer = NULL;
    const cli_option options[] = {
        {"verify", CLI_FLAG, &verify, NULL,
         "play it headless and check every state hash: exit 0 if all match, 1 if not", 0, 0},
        {"mod", CLI_STRING, &mod, "DIR", "the pattern files it was recorded with, over the game's",
         0, 0},
        {"scale", CLI_INT, &scale, "N", "window size as a multiple of 640x480", 1, 16},
        {"renderer", CLI_STRING, &renderer, "NAME", "SDL render driver", 0, 0},
    };
    cli_spec spec = {command, options, CLI_OPTION_COUNT(options), 1, 1, "FILE"};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain replay FILE [--verify] [OPTIONS]\n\n"
               "Watch a replay (P pauses, F changes the speed, N steps a frame, Esc stops), or\n"
               "with --verify check it headless, with no window.\n\nOptions:\n");
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
    /* a format-2 replay is checked over the files of its time; the game loads
     * both, for the replays menu */
    int old = replay_wants_format2_library(&r);
    library *lib = verify && old ? NULL : content_load(mod);
    library *format2 = old || !verify ? content_load_format2(mod, !old) : NULL;
    if (verify ? !(old ? format2 : lib) : !lib) {
        replay_free(&r);
        library_free(format2);
        return CLI_EXIT_FAILURE;
    }
    if (verify) {
        rc = replay_cmd_verify(path, &r, old ? format2 : lib);
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
