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
 * Then the whole game (patterns/ as it is): each ship flies each of the six
 * stages and the Extra alone, from its start (untouchable, at full power), and
 * hears her own pilot in the talk before every boss and after every boss that
 * has one, and no other pilot anywhere; after stage 6 her good ending, and from
 * the end of Tobari's fight again with a continue, her bad one. Every boss
 * phase in these flights times out a second after it starts (the fights are
 * not what is tested), so that the whole game's talk costs about one stage's
 * flight per stage: cheap enough for the sanitizer builds.
 *
 * usage: test_game.story STORY_MOD
 */
#include "../check.h"
#include "core/mem.h"
#include "game/autopilot.h"
#include "game/snapshot.h"
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

/* Shortens a boss's phase: once it has run a second, its time runs out next
 * frame. The talk around a fight is what is heard here, not the fight, and a
 * phase that times out ends as one that is won does (the stage goes on). */
static void hurry_boss(world *w)
{
    boss_fight *b = &w->boss;
    int32_t now = (int32_t)w->frame;
    if (b->active && b->phase_end != BOSS_NEVER && b->next_at == BOSS_NEVER &&
        now > b->phase_start + 60 && b->phase_end > now + 1)
        b->phase_end = now + 1;
}

/* Flies the ship from stage 1 through the end of stage 3 (or until `frames`),
 * noting every new line, its bosses' phases cut short. skip: the scripted
 * player holds skip. */
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
        hurry_boss(w);
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

/* ---- the whole game: each stage flown alone, from its start ---- */

/* A scene heard: when it began, its lines, each pilot's, and whether it was the
 * ending (which one). */
typedef struct scene_heard {
    int32_t start;
    int lines, pilot[PILOTS];
    int ending, good, bad;
} scene_heard;

/* A fight met: the boss, the frame it came, the frame its first phase began
 * (after the talk before it), the frame it was over (-1 not yet). */
typedef struct fight_met {
    int32_t boss, arrived, started, ended;
} fight_met;

#define STAGE_SCENES 32
typedef struct stage_heard {
    scene_heard scenes[STAGE_SCENES];
    int nscenes;
    fight_met fights[4];
    int nfights;
} stage_heard;

/* What a boss of a stage says with each ship: the scene before her fight has
 * the ship's own pilot speak (before), the scene after it has lines (after)
 * and the pilot's own among them (after_own). 0: the content has no such
 * scene (Kaiko, the Extra's Kagari; after Oboro the stage goes on). */
typedef struct boss_talk {
    const char *boss;
    int before, after, after_own;
} boss_talk;

/* The game's stages in order, then the Extra: its two bosses' scenes. */
static const boss_talk game_talks[7][2] = {
    {{"s1_wick", 1, 1, 0}, {"s1_kagari", 1, 1, 1}},
    {{"s2_suiren", 1, 1, 0}, {"s2_minamo", 1, 1, 1}},
    {{"s3_zenmai", 1, 1, 0}, {"s3_tokine", 1, 1, 1}},
    {{"s4_hayate", 1, 1, 0}, {"s4_ikazuchi", 1, 1, 1}},
    {{"s5_kaiko", 0, 0, 0}, {"s5_amaori", 1, 1, 1}},
    {{"s6_oboro", 1, 0, 0}, {"s6_tobari", 1, 1, 1}},
    {{"ex_kagari", 0, 0, 0}, {"ex_shinonome", 1, 1, 1}},
};

/* One frame's news: a fight that came, began or ended; a scene that began; a
 * new line (whose pilot it is; the ending's words). */
static void note_frame(const library *lib, const world *w, stage_heard *h, uint32_t *scenes,
                       int32_t *last_line)
{
    fight_met *f = h->nfights ? &h->fights[h->nfights - 1] : NULL;
    if (w->boss.active && (!f || f->ended >= 0) && h->nfights < 4) {
        f = &h->fights[h->nfights++];
        *f = (fight_met){w->boss.index, (int32_t)w->frame, -1, -1};
    }
    if (f && f->started < 0 && w->boss.phase_end != BOSS_NEVER)
        f->started = (int32_t)w->frame;
    if (f && f->ended < 0 && !w->boss.active)
        f->ended = (int32_t)w->frame;
    if (w->dialogue.scenes != *scenes && h->nscenes < STAGE_SCENES) {
        *scenes = w->dialogue.scenes;
        h->scenes[h->nscenes++] =
            (scene_heard){.start = (int32_t)w->frame, .ending = w->ending_played};
    }
    if (!h->nscenes || !dialogue_active(&w->dialogue) || w->dialogue.line_at == *last_line)
        return;
    *last_line = w->dialogue.line_at;
    scene_heard *sc = &h->scenes[h->nscenes - 1];
    int p = pilot_of(lib, w->dialogue.side == DIALOGUE_NARRATION ? -1 : w->dialogue.speaker);
    sc->lines++;
    if (p >= 0)
        sc->pilot[p]++;
    sc->good |= strstr(w->dialogue.text, "the sky opens") != NULL;
    sc->bad |= strstr(w->dialogue.text, "roof") != NULL;
}

/* Flies stage `stage` (the game's list, or one past it: the Extra) from its
 * start, untouchable at full power, the scripted player reading every line,
 * its bosses' phases cut short, until the stage is cleared (after the last
 * stage, until the run is over: its ending). With keep, a snapshot of the
 * world as the stage's last fight ends. */
static void fly_stage(const library *lib, int ship, int stage, int last, stage_heard *h, world *w,
                      snapshot *keep)
{
    memset(h, 0, sizeof *h);
    world_config cfg = {.seed = 5,
                        .difficulty = 1,
                        .ship = (uint8_t)ship,
                        .flags = WORLD_FLAG_INVULNERABLE,
                        .stage = (uint8_t)stage};
    CHECK(world_init(w, &cfg, lib) == 0);
    w->player.power = PLAYER_POWER_MAX;
    if (keep)
        CHECK(snapshot_init(keep, w) == 0);
    autopilot ap;
    autopilot_init(&ap, 0);
    uint32_t scenes = w->dialogue.scenes;
    int32_t last_line = -1;
    int cleared = 0, kept = 0;
    while (!world_over(w) && !cleared && w->frame < 60u * 60u * 12u) {
        world_step(w, autopilot_input(&ap, w));
        hurry_boss(w);
        note_frame(lib, w, h, &scenes, &last_line);
        for (int i = 0; i < w->event_count && !last; i++)
            cleared |= w->events[i].kind == WORLD_EVENT_STAGE_CLEAR;
        if (keep && !kept && h->nfights == 2 && h->fights[1].ended >= 0)
            kept = snapshot_take(keep, w) == 0;
    }
    CHECK(cleared || w->state == WORLD_CLEARED);
    CHECK(!keep || kept);
}

/* The scene a fight's talk is in: before (the last to begin after the fight
 * before it and by the fight's first phase) or after it (the first to begin
 * within 6 seconds of its end, before the next fight comes); -1 none. */
static int fight_scene(const stage_heard *h, int f, int after)
{
    const fight_met *fm = &h->fights[f];
    int32_t from = after ? fm->ended : f > 0 ? h->fights[f - 1].ended : -1;
    int32_t to = after ? fm->ended + 360 : fm->started;
    if (after && f + 1 < h->nfights && h->fights[f + 1].arrived < to)
        to = h->fights[f + 1].arrived;
    int found = -1;
    for (int k = 0; k < h->nscenes; k++) {
        const scene_heard *sc = &h->scenes[k];
        if (sc->ending || sc->start < from || sc->start > to)
            continue;
        if (after)
            return k;
        found = k;
    }
    return found;
}

/* The talks of one stage flown with ship s: each boss's, as game_talks says,
 * and no line of another pilot anywhere. */
static void check_stage_talk(const library *lib, const stage_heard *h, int stage, int s)
{
    CHECK_EQ_INT(h->nfights, 2);
    for (int f = 0; f < 2 && f < h->nfights; f++) {
        const boss_talk *t = &game_talks[stage][f];
        CHECK(strcmp(lib->bosses[h->fights[f].boss].name, t->boss) == 0);
        int before = fight_scene(h, f, 0), after = fight_scene(h, f, 1);
        printf("  %-12s before: %2d lines, hers %d; after: %2d lines, hers %d\n", t->boss,
               before >= 0 ? h->scenes[before].lines : 0,
               before >= 0 ? h->scenes[before].pilot[s] : 0,
               after >= 0 ? h->scenes[after].lines : 0, after >= 0 ? h->scenes[after].pilot[s] : 0);
        if (t->before)
            CHECK(before >= 0 && h->scenes[before].lines >= 2 && h->scenes[before].pilot[s] >= 1);
        if (t->after)
            CHECK(after >= 0 && h->scenes[after].lines >= 1);
        if (t->after_own)
            CHECK(after >= 0 && h->scenes[after].pilot[s] >= 1);
    }
    for (int k = 0; k < h->nscenes; k++)
        for (int o = 0; o < PILOTS; o++)
            if (o != s)
                CHECK_EQ_INT(h->scenes[k].pilot[o], 0);
}

/* The ending heard after the game's last stage: one scene, the ship's own
 * pilot in it, the good or the bad one. */
static void check_game_ending(const stage_heard *h, const world *w, int s, int bad)
{
    const scene_heard *e = NULL;
    for (int k = 0; k < h->nscenes; k++)
        if (h->scenes[k].ending)
            e = &h->scenes[k];
    printf("  the %s ending: %d lines, hers %d\n", bad ? "bad" : "good", e ? e->lines : 0,
           e ? e->pilot[s] : 0);
    CHECK(w->state == WORLD_CLEARED && w->ending_played && e != NULL);
    if (e) {
        CHECK(e->lines >= 4 && e->pilot[s] >= 1);
        CHECK(bad ? e->bad && !e->good : e->good && !e->bad);
    }
}

/* Every ship through every stage of the game and the Extra, each stage alone
 * from its start: her own lines around every boss; after stage 6 the good
 * ending, then (the same run from the end of its last fight, with a continue)
 * the bad one. */
static void test_whole_game(const library *lib)
{
    const library_game *g = world_game_of(lib);
    CHECK(g && g->stage_count == 6 && g->extra);
    if (!g || g->stage_count != 6)
        return;
    static world w;
    static stage_heard h;
    snapshot keep;
    for (int s = 0; s < PILOTS; s++) {
        int ship = library_find_ship(lib, pilots[s]);
        CHECK(ship >= 0);
        if (ship < 0)
            continue;
        for (int stage = 0; stage <= 6; stage++) {
            int last = stage == 5;
            fly_stage(lib, ship, stage, last || stage == 6, &h, &w, last ? &keep : NULL);
            printf("%s, %s: frame %llu, %d scenes\n", pilots[s],
                   stage == 6 ? "the Extra" : g->stages[stage], (unsigned long long)w.frame,
                   h.nscenes);
            check_stage_talk(lib, &h, stage, s);
            if (last) {
                check_game_ending(&h, &w, s, 0);
                CHECK(snapshot_restore(&keep, &w) == 0);
                w.continues = 1; /* as if she had continued */
                memset(&h, 0, sizeof h);
                uint32_t scenes = w.dialogue.scenes;
                int32_t line = -1;
                autopilot ap;
                autopilot_init(&ap, 0);
                for (int i = 0; i < 60 * 60 * 3 && !world_over(&w); i++) {
                    world_step(&w, autopilot_input(&ap, &w));
                    note_frame(lib, &w, &h, &scenes, &line);
                }
                check_game_ending(&h, &w, s, 1);
                snapshot_free(&keep);
            }
            world_free(&w);
        }
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
    library *game = test_library_load(CURTAIN_TEST_PATTERNS);
    CHECK(game != NULL);
    if (game) {
        test_whole_game(game);
        library_free(game);
    }
    if (lib) {
        CHECK(lib->scene_count >= 13);
        test_each_ship(lib);
        test_skip_and_rules(lib);
        library_free(lib);
    }
    return check_done("game.story");
}
