/*
 * campaign: a run of several stages, on the test campaign of tests/game/campaign
 * (loaded as a mod over patterns/: its game.pat lists stage 1 and a short
 * stand-in for stage 2). On every difficulty the scripted player, invulnerable,
 * clears both: each stage's clear shows its tally, the next begins after the
 * break with the same score, ships, bombs, power and graze, and the run ends
 * all clear. Its recording verifies, and starting at stage 2 plays stage 2
 * alone. No allocation across the stage transition. And the worked example of
 * docs/patterns.md, a mod that adds a stage and a ship (docs/mod_example): the
 * page shows its files as they are, and the run with its ship clears both
 * stages and its recording verifies. And the game itself, patterns/ alone:
 * stage 1 then stage 2 to the all clear, its recording verifying (in the Release
 * build: a sanitizer build plays the whole game in game.replays.full).
 *
 * usage: test_game.campaign PATTERNS_DIR CAMPAIGN_DIR DOCS_DIR
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/difficulty.h"
#include "game/replay.h"
#include "game/world.h"

#include <stdio.h>
#include <string.h>

typedef struct campaign_result {
    int clears[8]; /* STAGE_CLEAR events' values, in order */
    int clear_count;
    int carried; /* at the transition: the run's numbers were kept */
    int allocated_at_transition;
    uint64_t frames;
} campaign_result;

/* What a transition must keep. */
typedef struct campaign_numbers {
    uint64_t score, graze;
    int lives, bombs, power;
} campaign_numbers;

static campaign_numbers campaign_numbers_of(const world *w)
{
    return (campaign_numbers){w->score, w->graze, w->player.lives, w->player.bombs,
                              w->player.power};
}

/* Plays cfg with the autopilot to its end, recording it into rec. */
static campaign_result campaign_play(const library *lib, world_config cfg, replay *rec)
{
    campaign_result r = {0};
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &cfg, lib) == 0);
    CHECK(replay_begin(rec, &cfg, 40u * 3600u) == 0);
    replay_set_content(rec, lib);
    autopilot ap;
    autopilot_init(&ap, 1);
    while (w && !world_over(w) && w->frame < 40u * 3600u) {
        input_bits in = autopilot_input(&ap, w);
        int stage = w->stage;
        campaign_numbers before = campaign_numbers_of(w);
        mem_stats m0 = mem_get_stats();
        world_step(w, in);
        mem_stats m1 = mem_get_stats();
        replay_record(rec, in, w);
        if (w->stage != stage) {
            campaign_numbers after = campaign_numbers_of(w);
            /* the transition frame itself may pick items up: never less */
            r.carried = after.score >= before.score && after.graze >= before.graze &&
                        after.lives == before.lives && after.bombs == before.bombs &&
                        after.power >= before.power && w->stage_graze == w->graze;
            r.allocated_at_transition = m1.allocs != m0.allocs;
        }
        for (int i = 0; i < w->event_count; i++)
            if (w->events[i].kind == WORLD_EVENT_STAGE_CLEAR && r.clear_count < 8)
                r.clears[r.clear_count++] = w->events[i].value;
    }
    r.frames = w ? w->frame : 0;
    if (w) {
        CHECK_EQ_INT(w->state, WORLD_CLEARED);
        CHECK(world_all_clear(w));
        CHECK_EQ_U64(w->stats.errors, 0);
        replay_finish(rec, w, REPLAY_END_STAGE_CLEAR, "TEST", world_final_score(w), 0);
        world_free(w);
    }
    mem_free(w);
    return r;
}

/* Every difficulty: both stages, in order, the numbers carried (a sanitizer
 * build: the easiest and the hardest). */
static void campaign_every_difficulty(const library *lib)
{
    check_sanitized_note("Easy and Lunatic only");
    for (int d = 0; d < DIFFICULTY_COUNT; d++) {
        if (check_sanitized() && d != DIFFICULTY_EASY && d != DIFFICULTY_LUNATIC)
            continue;
        world_config cfg = {.seed = 21, .difficulty = (uint8_t)d, .flags = WORLD_FLAG_INVULNERABLE};
        replay rec;
        campaign_result r = campaign_play(lib, cfg, &rec);
        printf("%-8s all clear at %5.1f s\n", difficulty_name(d), (double)r.frames / 60.0);
        CHECK_EQ_INT(r.clear_count, 2);
        CHECK(r.clears[0] == 1 && r.clears[1] == 2);
        CHECK(r.carried);
        CHECK(!r.allocated_at_transition);
        /* the recording plays back the same, through a file's bytes */
        size_t size = 0;
        unsigned char *bytes = replay_encode(&rec, &size);
        replay back;
        char err[256];
        CHECK(bytes && replay_decode(&back, bytes, size, "campaign", err, sizeof err) == 0);
        CHECK(strcmp(back.game, "main") == 0 && back.version == REPLAY_VERSION);
        CHECK(replay_content_matches(&back, lib));
        replay_desync dsync;
        CHECK(replay_verify(&back, lib, &dsync) == 0);
        replay_free(&back);
        mem_free(bytes);
        replay_free(&rec);
    }
}

/* config.stage 1 starts at the second stage: one clear, stage 2's, and the end. */
static void campaign_start_at_stage_two(const library *lib)
{
    world_config cfg = {
        .seed = 4, .difficulty = DIFFICULTY_HARD, .flags = WORLD_FLAG_INVULNERABLE, .stage = 1};
    replay rec;
    campaign_result r = campaign_play(lib, cfg, &rec);
    CHECK_EQ_INT(r.clear_count, 1);
    CHECK_EQ_INT(r.clears[0], 2);
    CHECK(r.frames < 2u * 3600u);
    replay_free(&rec);
}

/* Loads the patterns with a mod over them. */
static library *campaign_load(const char *patterns, const char *mod)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(patterns, mod, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib != NULL);
    return lib;
}

/* docs/patterns.md shows each file of the mod example exactly as it is. */
static void campaign_example_on_page(const char *docs)
{
    static const char *const files[] = {"game.pat", "garden.pat", "ships/swallow.pat"};
    char path[1024], err[256];
    size_t size;
    snprintf(path, sizeof path, "%s/patterns.md", docs);
    char *page = file_read_all(path, &size, err, sizeof err);
    CHECK(page != NULL);
    for (int i = 0; page && i < 3; i++) {
        snprintf(path, sizeof path, "%s/mod_example/%s", docs, files[i]);
        char *text = file_read_all(path, &size, err, sizeof err);
        CHECK(text != NULL);
        if (text && !strstr(page, text))
            fprintf(stderr, "docs/patterns.md does not show %s as it is\n", path);
        CHECK(text && strstr(page, text));
        mem_free(text);
    }
    mem_free(page);
}

/* The mod example: a second ship and a second stage, flown to the end. */
static void campaign_mod_example(const char *patterns, const char *docs)
{
    char mod[1024];
    snprintf(mod, sizeof mod, "%s/mod_example", docs);
    library *lib = campaign_load(patterns, mod);
    if (!lib)
        return;
    int ship = library_find_ship(lib, "swallow");
    library *game = campaign_load(patterns, NULL);
    CHECK(game && lib->ship_count == game->ship_count + 1 && ship >= 0); /* the mod adds one */
    library_free(game);
    CHECK(world_game_of(lib) && world_game_of(lib)->stage_count == 2);
    world_config cfg = {.seed = 8,
                        .difficulty = DIFFICULTY_NORMAL,
                        .flags = WORLD_FLAG_INVULNERABLE,
                        .ship = (uint8_t)ship};
    replay rec;
    campaign_result r = campaign_play(lib, cfg, &rec);
    CHECK_EQ_INT(r.clear_count, 2);
    replay_desync dsync;
    CHECK(replay_verify(&rec, lib, &dsync) == 0);
    replay_free(&rec);
    library_free(lib);
    campaign_example_on_page(docs);
}

/* The game itself (patterns/ alone): stage 1, then stage 2, numbers carried,
 * all clear, and the recording verifies. */
static void campaign_game_itself(const char *patterns)
{
    library *lib = campaign_load(patterns, NULL);
    if (!lib)
        return;
    const library_game *g = world_game_of(lib);
    CHECK(g && g->stage_count >= 2 && strcmp(g->stages[0], "stage1") == 0 &&
          strcmp(g->stages[1], "stage2") == 0);
    world_config cfg = {
        .seed = 31, .difficulty = DIFFICULTY_NORMAL, .flags = WORLD_FLAG_INVULNERABLE};
    replay rec;
    campaign_result r = campaign_play(lib, cfg, &rec);
    printf("the game on Normal: all clear at %5.1f s\n", (double)r.frames / 60.0);
    CHECK(g && r.clear_count == (int)g->stage_count);
    CHECK(r.clears[0] == 1 && r.clears[1] == 2);
    CHECK(r.carried);
    CHECK(!r.allocated_at_transition);
    replay_desync dsync;
    CHECK(replay_content_matches(&rec, lib));
    CHECK(replay_verify(&rec, lib, &dsync) == 0);
    replay_free(&rec);
    library_free(lib);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_game.campaign PATTERNS_DIR CAMPAIGN_DIR DOCS_DIR\n");
        return 2;
    }
    library *lib = campaign_load(argv[1], argv[2]);
    if (lib) {
        const library_game *g = world_game_of(lib);
        CHECK(g && g->stage_count == 2);
        campaign_start_at_stage_two(lib);
        campaign_every_difficulty(lib);
    }
    library_free(lib);
    if (check_sanitized())
        check_sanitized_note("the game itself cleared (game.replays.full plays it whole here)");
    else
        campaign_game_itself(argv[1]);
    campaign_mod_example(argv[1], argv[3]);
    return check_done("campaign");
}
