/*
 * play: `curtain play`, the game: in a window (the front end of src/ui/), or
 * headless, where the real world runs with no window, no renderer and no
 * sound, driven by the autopilot or by nobody, for tests and tools.
 */
#include "app/play.h"

#include "app/cli.h"
#include "app/content.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/boss.h"
#include "game/difficulty.h"
#include "game/replay.h"
#include "game/world.h"
#include "ui/ui.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct play_options {
    int headless;
    int frames; /* stop after this many frames; 0 = until quit */
    uint64_t seed;
    const char *difficulty;
    const char *start;
    int one_phase;
    int invulnerable;
    int autopilot;
    int skip_dialogue;
    int events;
    int print;
    const char *record;
    int scale;
    int fullscreen;
    int integer_scale;
    int no_vsync;
    const char *renderer;
    const char *mod;    /* a folder of pattern files over the built-in ones */
    int practice_speed; /* percent; 0: not given (100) */
    const char *ship;   /* the ship's name */
    int stage;          /* the game's stage to start at, from 1; 0 the first */
    int extra;          /* play the game's Extra stage */
} play_options;

enum {
    PLAY_OPTION_COUNT = 22
};

/* The option table of play, writing into o. */
static void play_bind_options(play_options *o, cli_option table[PLAY_OPTION_COUNT])
{
    const cli_option rows[PLAY_OPTION_COUNT] = {
        {"headless", CLI_FLAG, &o->headless, NULL,
         "no window, no renderer: run the logic only and print the state hash", 0, 0},
        {"frames", CLI_INT, &o->frames, "N",
         "stop after N logic frames (needed with --headless; a run that ends stops sooner)", 1,
         1e9},
        {"seed", CLI_U64, &o->seed, "S", "seed of the logic random generator (default 1)", 0, 0},
        {"difficulty", CLI_STRING, &o->difficulty, "NAME",
         "easy, normal, hard or lunatic (default normal); in a window: start a run at once", 0, 0},
        {"start", CLI_STRING, &o->start, "BOSS[:PHASE]",
         "practice: start with the boss named BOSS (at PHASE, from 0), skipping the menus", 0, 0},
        {"one-phase", CLI_FLAG, &o->one_phase, NULL,
         "with --start: the fight ends after its first phase (spell practice)", 0, 0},
        {"invulnerable", CLI_FLAG, &o->invulnerable, NULL,
         "the player cannot be hit (tests, looking at patterns)", 0, 0},
        {"autopilot", CLI_FLAG, &o->autopilot, NULL,
         "the scripted player flies (headless: else nobody does)", 0, 0},
        {"skip-dialogue", CLI_FLAG, &o->skip_dialogue, NULL,
         "the scripted player holds the skip button through dialogue (else it reads each line)", 0,
         0},
        {"record", CLI_STRING, &o->record, "FILE", "headless: save the run as a replay", 0, 0},
        {"events", CLI_FLAG, &o->events, NULL,
         "headless: print the run's events (boss phases, deaths, ...) as they happen", 0, 0},
        {"print", CLI_FLAG, &o->print, NULL,
         "the scripts' print statements write to the terminal (off otherwise)", 0, 0},
        {"scale", CLI_INT, &o->scale, "N",
         "window size as a multiple of 640x480 (default: the options file's, or fit)", 1, 16},
        {"fullscreen", CLI_FLAG, &o->fullscreen, NULL, "start in fullscreen", 0, 0},
        {"integer-scale", CLI_FLAG, &o->integer_scale, NULL,
         "scale only by whole multiples (sharp pixels)", 0, 0},
        {"no-vsync", CLI_FLAG, &o->no_vsync, NULL, "pace frames with the timer only", 0, 0},
        {"renderer", CLI_STRING, &o->renderer, "NAME",
         "SDL render driver (software, opengl, opengles2, ...)", 0, 0},
        {"mod", CLI_STRING, &o->mod, "DIR",
         "pattern files in DIR replace (same path) or add to the built-in ones; "
         "DIR/music/NAME.mml the themes; DIR/sounds/NAME.wav the sounds",
         0, 0},
        {"practice-speed", CLI_INT, &o->practice_speed, "PCT",
         "with --start: game speed 100, 75 or 50 percent (wall time only; the replay says it)", 1,
         100},
        {"ship", CLI_STRING, &o->ship, "NAME",
         "fly the ship declared as NAME (default: the first ship)", 0, 0},
        {"stage", CLI_INT, &o->stage, "N", "start the game at its stage N, from 1 (default 1)", 1,
         255},
        {"extra", CLI_FLAG, &o->extra, NULL,
         "play the game's Extra stage alone (default difficulty lunatic), locked or not", 0, 0},
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

/* Reads the PHASE of --start BOSS:PHASE: digits only (atoi took "x" for 0 and
 * overflowed on long numbers). Returns 0, or -1 when it is not a whole number
 * below a million (no boss has that many phases). */
static int play_phase_parse(const char *text, int *phase)
{
    long value = 0;
    if (!*text)
        return -1;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        value = value * 10 + (*c - '0');
        if (value >= 1000000)
            return -1;
    }
    *phase = (int)value;
    return 0;
}

/* The world configuration the options ask for; a usage error if they do not fit
 * the content. */
static int play_config(const play_options *o, const library *lib, const char *command,
                       world_config *cfg)
{
    *cfg = (world_config){.seed = o->seed, .difficulty = DIFFICULTY_NORMAL};
    if (o->difficulty) {
        int d = difficulty_from_name(o->difficulty);
        if (d < 0)
            return cli_usage_error(command,
                                   "--difficulty wants easy, normal, hard or lunatic, not '%s'",
                                   o->difficulty);
        cfg->difficulty = (uint8_t)d;
    }
    if (o->invulnerable)
        cfg->flags |= WORLD_FLAG_INVULNERABLE;
    if (o->one_phase)
        cfg->flags |= WORLD_FLAG_ONE_PHASE;
    int speed = o->practice_speed ? o->practice_speed : 100;
    if (!world_speed_flag(speed) && speed != 100)
        return cli_usage_error(command, "--practice-speed wants 100, 75 or 50, not %d", speed);
    if (speed != 100 && !o->start)
        return cli_usage_error(command, "--practice-speed is for practice: it needs --start");
    cfg->flags |= world_speed_flag(speed);
    if (o->ship) {
        int ship = library_find_ship(lib, o->ship);
        if (ship < 0 || ship > 255)
            return cli_usage_error(command, "--ship: no ship named '%s' in the patterns", o->ship);
        cfg->ship = (uint8_t)ship;
    }
    if (o->extra) {
        const library_game *g = world_game_of(lib);
        if (!g || !g->extra)
            return cli_usage_error(command, "--extra: the game has no Extra stage ('extra NAME')");
        if (o->stage > 0 || o->start)
            return cli_usage_error(command, "--extra plays the Extra stage alone: not with "
                                            "--stage or --start");
        cfg->stage = (uint8_t)g->stage_count;
        if (!o->difficulty)
            cfg->difficulty = DIFFICULTY_LUNATIC;
    }
    if (o->stage > 0) {
        const library_game *g = world_game_of(lib);
        int count = g ? (int)g->stage_count : 1;
        if (o->stage > count)
            return cli_usage_error(command, "--stage: the game has %d stage%s, not %d", count,
                                   count == 1 ? "" : "s", o->stage);
        cfg->stage = (uint8_t)(o->stage - 1);
    }
    if (!o->start)
        return CLI_EXIT_OK;
    char name[128];
    snprintf(name, sizeof name, "%s", o->start);
    char *colon = strchr(name, ':');
    int phase = 0;
    if (colon) {
        *colon = '\0';
        if (play_phase_parse(colon + 1, &phase) != 0)
            return cli_usage_error(command,
                                   "--start wants BOSS or BOSS:PHASE, PHASE a whole number from "
                                   "0, not '%s'",
                                   o->start);
    }
    const library_boss *b = library_find_boss(lib, name);
    if (!b)
        return cli_usage_error(command, "--start: no boss named '%s' in the patterns", name);
    uint32_t index = (uint32_t)(b - lib->bosses);
    if (phase < 0 || (uint32_t)phase >= b->phase_count || phase >= BOSS_MAX_PHASES ||
        index >= WORLD_MAX_BOSSES)
        return cli_usage_error(command, "--start: boss '%s' has no phase %d (it has %u)", name,
                               phase, b->phase_count);
    cfg->start = WORLD_START(index, phase);
    return CLI_EXIT_OK;
}

static const char *play_state_name(int state)
{
    static const char *const names[] = {"playing", "continue", "game_over", "cleared", "stopped"};
    return state >= 0 && state <= WORLD_STOPPED ? names[state] : "?";
}

/* What an event's value names, for the events whose value is an index: the
 * boss's display name, the spell card's, the title card's lines, the sound or
 * music; NULL for the others. two receives a title's second line, or "". */
static const char *play_event_name(const world *w, const world_event *e, const char **two)
{
    *two = "";
    const library *lib = w->lib;
    uint32_t boss = (uint32_t)e->value / BOSS_MAX_PHASES,
             phase = (uint32_t)e->value % BOSS_MAX_PHASES;
    switch (e->kind) {
    case WORLD_EVENT_BOSS_START:
        if (!lib || e->value < 0 || (uint32_t)e->value >= lib->boss_count)
            return NULL;
        return lib->bosses[e->value].title[0] ? lib->bosses[e->value].title
                                              : lib->bosses[e->value].name;
    case WORLD_EVENT_SPELL_START:
    case WORLD_EVENT_SPELL_CAPTURE:
    case WORLD_EVENT_SPELL_FAIL:
        if (!lib || e->value < 0 || boss >= lib->boss_count ||
            phase >= lib->bosses[boss].phase_count)
            return NULL;
        return lib->bosses[boss].phases[phase].title;
    case WORLD_EVENT_TITLE:
        *two = world_string(w, w->title[1]);
        return world_string(w, w->title[0]);
    case WORLD_EVENT_SOUND:
    case WORLD_EVENT_MUSIC: return world_string(w, e->value);
    default: return NULL;
    }
}

/* Prints a frame's events, except the frequent ones (shots, hits, grazes, items,
 * cancels): frame, kind, position, value, then in quotes what the value names
 * (a boss, a spell card, a title card's lines, a sound or music), if anything. */
static void play_print_events(const world *w)
{
    for (int i = 0; i < w->event_count; i++) {
        const world_event *e = &w->events[i];
        switch (e->kind) {
        case WORLD_EVENT_SHOT:
        case WORLD_EVENT_GRAZE:
        case WORLD_EVENT_ITEM:
        case WORLD_EVENT_CANCEL:
        case WORLD_EVENT_TIMER: continue;
        default: break;
        }
        printf("%" PRIu64 " %s %.0f %.0f %d", w->frame, world_event_name(e->kind), (double)e->x,
               (double)e->y, (int)e->value);
        const char *two, *name = play_event_name(w, e, &two);
        if (name && name[0])
            printf(" \"%s\"", name);
        if (name && two && two[0])
            printf(" \"%s\"", two);
        putchar('\n');
    }
}

/* Runs the world headless until it ends or o->frames have run; prints the hash
 * and a summary, and saves the replay when asked. */
static int play_headless(const play_options *o, const world_config *cfg, const library *lib)
{
    world *w = mem_alloc(sizeof *w);
    replay rec = {0};
    if (!w || world_init(w, cfg, lib) != 0 ||
        replay_begin(&rec, cfg, (uint32_t)o->frames + 1) != 0) {
        fprintf(stderr, "curtain: out of memory\n");
        mem_free(w);
        return CLI_EXIT_FAILURE;
    }
    w->print_scripts = o->print;
    replay_set_content(&rec, lib);
    autopilot ap;
    autopilot_init(&ap, 1);
    ap.skip_dialogue = o->skip_dialogue;
    uint64_t cleared_at = 0;
    while (!world_over(w) && w->frame < (uint64_t)o->frames) {
        input_bits in = o->autopilot ? autopilot_input(&ap, w) : 0;
        world_step(w, in);
        replay_record(&rec, in, w);
        if (o->events)
            play_print_events(w);
        if (w->state == WORLD_CLEARED && !cleared_at)
            cleared_at = w->frame;
    }
    printf("frames %" PRIu64 " hash %016" PRIx64 "\n", w->frame, world_hash(w));
    printf("state %s score %" PRIu64 " graze %" PRIu64 " lives %d bombs %d deaths %d "
           "bombs_used %d spells %d/%d continues %d peak_bullets %u errors %" PRIu64 "\n",
           play_state_name(w->state), w->score, w->graze, w->player.lives < 0 ? 0 : w->player.lives,
           w->player.bombs, w->deaths, w->bombs_used, w->spells_captured, w->spells_seen,
           w->continues, w->stats.peak_bullets, w->stats.errors);
    if (w->stats.errors)
        fprintf(stderr, "curtain: script error: %s\n", w->last_error);
    int rc = w->state == WORLD_STOPPED ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
    if (o->record) {
        replay_end end = w->state == WORLD_CLEARED     ? REPLAY_END_STAGE_CLEAR
                         : w->state == WORLD_GAME_OVER ? REPLAY_END_GAME_OVER
                                                       : REPLAY_END_UNFINISHED;
        replay_finish(&rec, w, end, o->autopilot ? "AUTO" : "NOBODY", world_final_score(w),
                      (int64_t)time(NULL));
        char err[512];
        if (replay_save(&rec, o->record, err, sizeof err) != 0) {
            fprintf(stderr, "curtain: %s\n", err);
            rc = CLI_EXIT_FAILURE;
        }
    }
    replay_free(&rec);
    world_free(w);
    mem_free(w);
    return rc;
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
    if (o.record && !o.record[0]) /* else the run is played, then cannot be saved */
        return cli_usage_error(command, "--record needs a file name, not ''");
    library *content = content_load(o.mod);
    if (!content)
        return CLI_EXIT_FAILURE;
    world_config cfg;
    rc = play_config(&o, content, command, &cfg);
    if (rc == CLI_EXIT_OK) {
        if (o.headless) {
            rc = play_headless(&o, &cfg, content);
        } else {
            library *format2 = content_load_format2(o.mod, 1);
            ui_config ui = {.lib = content,
                            .format2_lib = format2,
                            .mod = o.mod,
                            .seed = o.seed,
                            .frames = o.frames,
                            .scale = o.scale,
                            .fullscreen = o.fullscreen,
                            .integer_scale = o.integer_scale,
                            .no_vsync = o.no_vsync,
                            .renderer = o.renderer,
                            .direct =
                                o.start || o.difficulty || o.invulnerable || o.autopilot || o.extra,
                            .autopilot = o.autopilot,
                            .print_scripts = o.print,
                            .run = cfg};
            rc = ui_main(&ui) == 0 ? CLI_EXIT_OK : CLI_EXIT_FAILURE;
            library_free(format2);
        }
    }
    library_free(content);
    return rc;
}
