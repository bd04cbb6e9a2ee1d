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

/* Why a desync names no part: the replay keeps no part hashes for its frame. */
static const char *replay_cmd_no_parts(const replay *r, uint32_t frame)
{
    if (r->version < 4)
        return "format 1 to 3 keeps no part hashes";
    if (!r->parts || frame <= r->parts_from)
        return "this replay keeps no part hashes";
    return "no part hash differs";
}

/* Prints where a replay went out of step and which parts of the state differ. */
static void replay_cmd_desync(const char *path, const replay *r, const library *lib,
                              const replay_desync *d)
{
    char parts[256], missing[80];
    replay_desync_parts(d, parts, sizeof parts);
    replay_missing_name(r, lib, missing, sizeof missing);
    if (d->frame == 0 && missing[0])
        printf("%s: cannot verify: these patterns have no %s\n", path, missing);
    else if (d->frame == 0)
        printf("%s: cannot verify: out of memory\n", path);
    else if (d->parts && r->parts_from > 0 && d->frame == r->parts_from + 1)
        printf("%s: desync at frame %u (the first with part hashes: it may have parted in the "
               "%u frames before): %s\n",
               path, d->frame, r->parts_from, parts);
    else if (d->parts)
        printf("%s: desync at frame %u (the first that differs): %s\n", path, d->frame, parts);
    else
        printf("%s: desync at frame %u (a checkpoint: it went out of step after the one "
               "before): state hash %016" PRIx64 ", recorded %016" PRIx64
               "; which part: unknown (%s)\n",
               path, d->frame, d->actual, d->expected, replay_cmd_no_parts(r, d->frame));
}

/* Checks a replay headless; prints the verdict. */
static int replay_cmd_verify(const char *path, replay *r, const library *lib)
{
    replay_desync d;
    replay_outcome o;
    char missing[80];
    replay_missing_name(r, lib, missing, sizeof missing);
    if (missing[0]) {
        printf("%s: recorded with other pattern files: these have no %s\n", path, missing);
        return CLI_EXIT_FAILURE;
    }
    if (!replay_content_matches(r, lib)) {
        printf("%s: recorded with other pattern files (content %016" PRIx64
               ", these are %016" PRIx64 "): a mod, or another version of the stage\n",
               path, r->content, replay_content_hash(r, lib));
        if (replay_resolve(r, lib) == 0 && replay_verify(r, lib, &d) != 0) {
            printf("played over these patterns: ");
            replay_cmd_desync(path, r, lib, &d);
        }
        return CLI_EXIT_FAILURE;
    }
    if (replay_verify_outcome(r, lib, &d, &o) != 0) {
        replay_cmd_desync(path, r, lib, &d);
        return CLI_EXIT_FAILURE;
    }
    /* the hashes hold the inputs' run; the header's words are checked too */
    char lies[512];
    if (replay_claims_check(r, &o, lies, sizeof lies) > 0) {
        printf("%s: %u frames, %u state hashes match, but the header lies: %s\n", path,
               r->frame_count, r->check_count, lies);
        return CLI_EXIT_FAILURE;
    }
    /* what the inputs did, from the events, not the header's marks */
    char speed[128] = "";
    if (world_speed_percent(&r->config) != 100)
        snprintf(speed, sizeof speed, ", at %d%% speed", world_speed_percent(&r->config));
    size_t len = strlen(speed);
    if (o.loads > 0)
        snprintf(speed + len, sizeof speed - len, ", practice with savestates");
    len = strlen(speed);
    if (r->taken_at > 0)
        snprintf(speed + len, sizeof speed - len, ", taken over at frame %u", r->taken_at);
    char states[64] = "";
    if (o.saves + o.loads > 0)
        snprintf(states, sizeof states, "; states saved %u, loaded %u", o.saves, o.loads);
    printf("%s: %u frames, %u state hashes, all match (%s, %s%s, score %" PRIu64 "%s)\n", path,
           r->frame_count, r->check_count, difficulty_name(r->config.difficulty),
           replay_cmd_ending(r), speed, r->score, states);
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
    uint32_t b_frames = b.frame_count;
    replay_free(&b);
    if (diff.first == 0 && a->frame_count != b_frames) {
        /* one ends earlier: the same as far as both go, and a difference */
        int a_shorter = a->frame_count < b_frames;
        printf("%s vs %s: the same for %u frames; then %s ends and %s goes on to frame %u\n",
               path_a, path_b, diff.frames, a_shorter ? path_a : path_b,
               a_shorter ? path_b : path_a, a_shorter ? b_frames : a->frame_count);
        return CLI_EXIT_FAILURE;
    }
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
    int verify = 0, scale = 0, seek = 0;
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
        {"seek", CLI_INT, &seek, "FRAME",
         "watching: start at this frame (sought a few seconds of play each display frame; "
         "Esc stops)",
         0, REPLAY_MAX_FRAMES},
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
                        .replay_file = path,
                        .replay_seek = (uint32_t)seek};
        rc = ui_main(&ui) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
    }
    replay_free(&r);
    library_free(lib);
    library_free(format2);
    return rc;
}
