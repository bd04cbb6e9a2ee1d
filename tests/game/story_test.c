/*
 * story: the game's scenes (patterns/story/, docs/patterns.md, Scenes) as a
 * player meets them. Each ship flies stages 1 to 3 (the scripted player,
 * untouchable, reading every line): the prologue plays before stage 1's
 * first statement, a scene before every boss and midboss (the boss waits
 * without a timer) and after it (the stage waits), and in each the pilot who
 * speaks is the ship's own, never another's. Held skip passes each scene in
 * a frame. After the last stage the ending plays, her own: the good one
 * without continues, the bad one with. Practice, a run by the rules before
 * scenes (WORLD_FLAG_NO_SCENES) say nothing at all.
 *
 * The third ship is Tsubame: the scenes' `else` branches are hers. The game flown
 * is the first three stages (tests/game/story_mod/game.pat), so that the ending
 * comes after stage 3.
 *
 * usage: test_game.story STORY_MOD
 */
#include "../check.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/world.h"
#include "test_library.h"

#include <string.h>

static const char *const pilots[] = {"hotaru", "shirasagi", "tsubame"};
#define PILOTS 3
/* The bosses of stages 1-3, in the order they come. */
static const char *const bosses[] = {"s1_wick",   "s1_kagari", "s2_suiren",
                                     "s2_minamo", "s3_zenmai", "s3_tokine"};
#define BOSSES 6

/* What a run heard: for each boss (and the prologue, index BOSSES), the
 * pilots who spoke before and after it, and the lines in all. */
typedef struct heard {
    int before[BOSSES + 1][PILOTS], after[BOSSES][PILOTS];
    int lines_before[BOSSES + 1], lines_after[BOSSES];
    int scene_frames[BOSSES];         /* frames from the boss's arrival to its first phase */
    int ending[PILOTS], ending_lines; /* who spoke in the ending, and its lines */
    int good, bad;                    /* a line of the good, of the bad ending was said */
} heard;

static int pilot_of(const library *lib, int32_t speaker)
{
    const character_info *c = library_character_at(lib, speaker);
    for (int p = 0; c && p < PILOTS; p++)
        if (strcmp(c->name, pilots[p]) == 0)
            return p;
    return -1;
}

static int boss_slot(const library *lib, int32_t index)
{
    for (int b = 0; lib && index >= 0 && b < BOSSES; b++)
        if (strcmp(lib->bosses[index].name, bosses[b]) == 0)
            return b;
    return -1;
}

/* Flies the ship from stage 1 through the end of stage 3 (or until `frames`),
 * noting every new line. skip: the scripted player holds skip. */
static void fly_from(const library *lib, int ship, uint16_t flags, int skip, int stage,
                     int continued, heard *h, world **out)
{
    memset(h, 0, sizeof *h);
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 5,
                        .difficulty = 1,
                        .ship = (uint8_t)ship,
                        .flags = (uint16_t)(WORLD_FLAG_INVULNERABLE | flags),
                        .stage = (uint8_t)stage};
    *out = w;
    if (!w || world_init(w, &cfg, lib) != 0)
        return;
    autopilot ap;
    autopilot_init(&ap, 0);
    ap.skip_dialogue = skip;
    int32_t last_line = -1, last_boss = -1, arrived = -1;
    while (!world_over(w) && w->frame < 3 * 60 * 60 * 9) {
        if (continued)
            w->continues = 1; /* as if the player had continued */
        world_step(w, autopilot_input(&ap, w));
        if (w->boss.active && w->boss.index != last_boss) {
            last_boss = w->boss.index;
            arrived = (int32_t)w->frame;
        }
        int b = boss_slot(lib, last_boss);
        if (b >= 0 && arrived >= 0 && w->boss.phase_end != BOSS_NEVER) {
            h->scene_frames[b] = (int32_t)w->frame - arrived;
            arrived = -1;
        }
        if (w->dialogue.lines == 0 || w->dialogue.line_at == last_line ||
            !dialogue_active(&w->dialogue))
            continue;
        last_line = w->dialogue.line_at;
        int p = pilot_of(lib, w->dialogue.side == DIALOGUE_NARRATION ? -1 : w->dialogue.speaker);
        if (w->ending_played) { /* the ending */
            h->ending_lines++;
            if (p >= 0)
                h->ending[p]++;
            h->good |= strstr(w->dialogue.text, "the sky opens") != NULL;
            h->bad |= strstr(w->dialogue.text, "roof") != NULL;
        } else if (w->stage_scene != 0) { /* the prologue */
            h->lines_before[BOSSES]++;
            if (p >= 0)
                h->before[BOSSES][p]++;
        } else if (w->boss.active && b >= 0) {
            h->lines_before[b]++;
            if (p >= 0)
                h->before[b][p]++;
        } else if (w->scene_hold != 0 && b >= 0) {
            h->lines_after[b]++;
            if (p >= 0)
                h->after[b][p]++;
        }
    }
}

static void fly(const library *lib, int ship, uint16_t flags, int skip, heard *h, world **out)
{
    fly_from(lib, ship, flags, skip, 0, 0, h, out);
}

/* The ending the run reached: played after the last stage, its pilot's own
 * lines, then the run is cleared. */
static void check_ending(const heard *h, const world *w, int s, int bad)
{
    printf("  the %s ending: %d lines, hers %d\n", bad ? "bad" : "good", h->ending_lines,
           h->ending[s]);
    CHECK(w && w->state == WORLD_CLEARED && w->ending_played);
    CHECK(h->ending_lines >= 4 && h->ending[s] >= 1);
    CHECK(bad ? h->bad && !h->good : h->good && !h->bad);
    for (int o = 0; o < PILOTS; o++)
        if (o != s)
            CHECK_EQ_INT(h->ending[o], 0);
}

/* Each ship hears its own pilot before and after every boss, never another. */
static void test_each_ship(const library *lib)
{
    for (int s = 0; s < PILOTS; s++) {
        int ship = library_find_ship(lib, pilots[s]);
        CHECK(ship >= 0);
        if (ship < 0)
            continue;
        static heard h;
        world *w = NULL;
        fly(lib, ship, 0, 0, &h, &w);
        CHECK(w && w->stage >= 2 && (w->state == WORLD_CLEARED || world_between_stages(w)));
        printf("%s: stage %d, frame %llu, %u lines in %u scenes\n", pilots[s], w ? w->stage + 1 : 0,
               w ? (unsigned long long)w->frame : 0ull, w ? w->dialogue.lines : 0,
               w ? w->dialogue.scenes : 0);
        for (int b = 0; b <= BOSSES; b++) {
            const char *where = b < BOSSES ? bosses[b] : "the prologue";
            printf("  before %s: %d lines, hers %d\n", where, h.lines_before[b], h.before[b][s]);
            CHECK(h.lines_before[b] >= 2);
            int kagari_or_tokine = b == 1 || b == 3 || b == 5 || b == BOSSES;
            if (kagari_or_tokine || b == 0 || b == 2 || b == 4)
                CHECK(h.before[b][s] >= 1);
            for (int o = 0; o < PILOTS; o++)
                if (o != s)
                    CHECK_EQ_INT(h.before[b][o], 0);
        }
        for (int b = 0; b < BOSSES; b++) {
            printf("  after %s: %d lines, hers %d; the boss waited %d frames\n", bosses[b],
                   h.lines_after[b], h.after[b][s], h.scene_frames[b]);
            CHECK(h.lines_after[b] >= 1);
            if (b == 1 || b == 3 || b == 5) /* the bosses: she answers */
                CHECK(h.after[b][s] >= 1);
            for (int o = 0; o < PILOTS; o++)
                if (o != s)
                    CHECK_EQ_INT(h.after[b][o], 0);
            /* the boss waited for the talk: a line is read AUTOPILOT_READ_FRAMES */
            CHECK(h.scene_frames[b] >= h.lines_before[b] * AUTOPILOT_READ_FRAMES);
        }
        check_ending(&h, w, s, 0);
        world_free(w);
        mem_free(w);
        /* with a continue, from the last stage: the bad ending */
        fly_from(lib, ship, 0, 0, 2, 1, &h, &w);
        check_ending(&h, w, s, 1);
        world_free(w);
        mem_free(w);
    }
}

/* Held skip passes each scene at once; practice, the old rule and nobody
 * flying say nothing. */
static void test_skip_and_rules(const library *lib)
{
    static heard h;
    world *w = NULL;
    fly(lib, 0, 0, 1, &h, &w);
    for (int b = 0; b < BOSSES; b++)
        CHECK(h.scene_frames[b] < 8); /* the boss's entrance, no talk */
    CHECK(w && w->dialogue.lines > 20);
    world_free(w);
    mem_free(w);
    uint16_t quiet[2] = {WORLD_FLAG_NO_SCENES, WORLD_FLAG_ONE_STAGE};
    for (int k = 0; k < 2; k++) {
        w = mem_alloc(sizeof *w);
        world_config cfg = {
            .seed = 5, .difficulty = 1, .flags = quiet[k] | WORLD_FLAG_INVULNERABLE};
        CHECK(w && world_init(w, &cfg, lib) == 0);
        autopilot ap;
        autopilot_init(&ap, 0);
        while (w && !world_over(w) && w->frame < 60 * 60 * 6 && w->stage == 0)
            world_step(w, autopilot_input(&ap, w));
        CHECK(w && w->dialogue.lines == 0);
        CHECK(w && w->boss.scene == 0 && w->stage_scene == 0);
        world_free(w);
        mem_free(w);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s STORY_MOD\n", argv[0]);
        return 2;
    }
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(CURTAIN_TEST_PATTERNS, argv[1], &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    CHECK(lib != NULL);
    if (lib) {
        CHECK(lib->scene_count >= 13);
        test_each_ship(lib);
        test_skip_and_rules(lib);
        library_free(lib);
    }
    return check_done("game.story");
}
