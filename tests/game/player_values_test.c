/*
 * player_values: what a stage's script reads of the player in the game
 * (docs/patterns.md, "The player"): lives, bombs, power, focus, graze, score,
 * the shot type and the difficulty, as the world has them, compared with
 * names; and reading them changes no state hash.
 *
 * The script shows each value as a count of bullets fired on one frame, and
 * the test reads the counts back from the pool's spawn counter.
 */
#include "../check.h"
#include "core/mem.h"
#include "game/world.h"
#include "test_library.h"

#include <stdio.h>
#include <string.h>

/* One volley a frame from frame 10: 1 + a value (`repeat` of 0 fires none). */
#define PV_STAGE                                                              \
    "stage stage1 {\n"                                                        \
    "    wait 10\n"                                                           \
    "    repeat 1 + player_lives { fire orb at 180 speed 1 }\n    wait 1\n"   \
    "    repeat 1 + player_bombs { fire orb at 180 speed 1 }\n    wait 1\n"   \
    "    repeat player_power * 4 { fire orb at 180 speed 1 }\n    wait 1\n"   \
    "    repeat 1 + player_focused { fire orb at 180 speed 1 }\n    wait 1\n" \
    "    repeat 1 + shot_type { fire orb at 180 speed 1 }\n    wait 1\n"      \
    "    repeat 1 + difficulty { fire orb at 180 speed 1 }\n    wait 1\n"     \
    "    repeat 1 + (shot_type == second) + 2 * (difficulty >= hard) {\n"     \
    "        fire orb at 180 speed 1 }\n    wait 1\n"                         \
    "    repeat 1 + (player_score == 0) + 2 * (player_graze == 0) {\n"        \
    "        fire orb at 180 speed 1 }\n    wait 1\n"                         \
    "    repeat 1 + (shot_type != first) { fire orb at 180 speed 1 }\n"       \
    "    wait 100000\n"                                                       \
    "}\n"

static const char pv_ship[] = "ship wren {\n    name \"Wren\"\n"
                              "    type first { shot 1 { fire rice red at 0 speed 14 } }\n"
                              "    type second { shot 1 { fire rice blue at 0 speed 14 } }\n"
                              "}\n";

static library *pv_compile(const char *stage)
{
    library_file f[2] = {{"stage.pat", stage, strlen(stage)},
                         {"ship.pat", pv_ship, strlen(pv_ship)}};
    diag_list diags;
    diag_init(&diags);
    library *lib = library_compile(f, 2, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

/* The bullets spawned on each of frames 10 to 18 of a run of cfg, holding
 * focus when `focus`, into counts; the state hash after frame 30. */
static uint64_t pv_run(const library *lib, const world_config *cfg, int focus, int counts[9])
{
    world *w = mem_alloc(sizeof *w);
    uint64_t hash = 0;
    CHECK(w && world_init(w, cfg, lib) == 0);
    uint64_t before = 0;
    for (int f = 0; w && f <= 30; f++) {
        world_step(w, focus ? INPUT_BIT(INPUT_FOCUS) : 0);
        uint64_t now = w->bullets.stats.spawned;
        if (f >= 10 && f <= 18)
            counts[f - 10] = (int)(now - before);
        before = now;
    }
    if (w) {
        hash = world_hash(w);
        world_free(w);
    }
    mem_free(w);
    return hash;
}

static void pv_values(void)
{
    library *lib = pv_compile(PV_STAGE);
    CHECK(lib != NULL);
    if (!lib)
        return;
    world_config cfg = {.seed = 5, .difficulty = 1, .flags = WORLD_FLAG_INVULNERABLE};
    int c[9] = {0};
    pv_run(lib, &cfg, 0, c);
    /* lives 2, bombs 3, power 1.00, not focused, type 0, Normal, neither test, score
     * and graze 0, the first type */
    const int want[9] = {3, 4, 4, 1, 1, 2, 1, 4, 1};
    for (int i = 0; i < 9; i++)
        CHECK_EQ_INT(c[i], want[i]);

    cfg.shot_type = 1;
    cfg.difficulty = 3;
    pv_run(lib, &cfg, 1, c);
    const int want2[9] = {3, 4, 4, 2, 2, 4, 4, 4, 2}; /* focused, type 1, Lunatic */
    for (int i = 0; i < 9; i++)
        CHECK_EQ_INT(c[i], want2[i]);
    library_free(lib);
}

/* world_player_prop reads what the world holds, and the world's own numbers. */
static void pv_world_prop(void)
{
    library *lib = pv_compile(PV_STAGE);
    world *w = mem_alloc(sizeof *w);
    world_config cfg = {.seed = 5, .difficulty = 2, .shot_type = 1};
    CHECK(lib && w && world_init(w, &cfg, lib) == 0);
    if (lib && w) {
        w->player.lives = 5;
        w->player.bombs = 1;
        w->player.power = 275;
        w->score = 123456789012u;
        w->graze = 77;
        double v = -9;
        CHECK(world_player_prop(w, VM_PROP_LIVES, &v) && v == 5);
        CHECK(world_player_prop(w, VM_PROP_BOMBS, &v) && v == 1);
        CHECK(world_player_prop(w, VM_PROP_POWER, &v) && v == 2.75);
        CHECK(world_player_prop(w, VM_PROP_SCORE, &v) && v == 123456789012.0);
        CHECK(world_player_prop(w, VM_PROP_GRAZE, &v) && v == 77);
        CHECK(world_player_prop(w, VM_PROP_FOCUSED, &v) && v == 0);
        CHECK(world_player_prop(w, VM_PROP_SHOT_TYPE, &v) && v == 1);
        CHECK(world_player_prop(w, VM_PROP_DIFFICULTY, &v) && v == 2);
        CHECK(!world_player_prop(w, VM_PROP_RANK, &v));
        world_free(w);
    }
    mem_free(w);
    library_free(lib);
}

/* Reading changes nothing: a stage that reads each value hashes, frame by
 * frame, as one that has the same numbers written in (a GET and a CONST are
 * one instruction each, so the two programs keep the same shape). */
static void pv_reading_changes_nothing(void)
{
    static const char *const names[] = {"player_lives", "player_bombs", "player_power",
                                        "player_score", "player_graze", "player_focused",
                                        "shot_type",    "difficulty"};
    static const char *const values[] = {"2", "3", "1", "0", "0", "0", "0", "1"};
    char reads[1024], plain[1024];
    for (int k = 0; k < 2; k++) {
        char *out = k ? plain : reads;
        size_t n = (size_t)snprintf(out, 1024, "stage stage1 {\n    loop {\n");
        for (int i = 0; i < 8; i++)
            n += (size_t)snprintf(out + n, 1024 - n, "        var v%d = %s\n", i,
                                  k ? values[i] : names[i]);
        snprintf(out + n, 1024 - n,
                 "        fire orb at v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 speed 1\n"
                 "        wait 7\n    }\n}\n");
    }
    library *l1 = pv_compile(reads), *l2 = pv_compile(plain);
    CHECK(l1 && l2);
    if (l1 && l2) {
        world_config cfg = {.seed = 9, .difficulty = 1};
        int c[9];
        CHECK_EQ_U64(pv_run(l1, &cfg, 0, c), pv_run(l2, &cfg, 0, c));
    }
    library_free(l1);
    library_free(l2);
}

int main(void)
{
    pv_values();
    pv_world_prop();
    pv_reading_changes_nothing();
    return check_done("game.player_values");
}
