/*
 * dialogue: the dialogue scenes of a stage in the game's world
 * (pattern/content/dialogue.h, tests/game/dialogue_mod). A `say` waits for the shot
 * button, pressed (not held) once the line has been up DIALOGUE_MIN_FRAMES; a
 * held skip button passes the whole scene in one frame; while a line is up
 * nobody fires and nothing hurts the player, who neither shoots nor bombs;
 * practice passes every line; `if ship == NAME` picks each ship's lines; the
 * world's hash never depends on how fast the text is shown; a frame with a
 * scene up allocates nothing.
 */
#include "../check.h"
#include "core/mem.h"
#include "game/replay_player.h"
#include "game/world.h"
#include "test_library.h"

#include <string.h>

static const char *mod_dir;

static library *dt_library(void)
{
    diag_list diags;
    diag_init(&diags);
    library *lib = library_load_dir(CURTAIN_TEST_PATTERNS, mod_dir, &diags);
    diag_print(&diags, stderr);
    diag_free(&diags);
    return lib;
}

static world *dt_world(const library *lib, const char *ship, uint16_t flags)
{
    world *w = mem_alloc(sizeof *w);
    int k = library_find_ship(lib, ship);
    world_config cfg = {
        .seed = 7, .difficulty = 1, .ship = (uint8_t)(k < 0 ? 0 : k), .flags = flags};
    if (!w || world_init(w, &cfg, lib) != 0) {
        mem_free(w);
        return NULL;
    }
    return w;
}

static void dt_free(world *w)
{
    world_free(w);
    mem_free(w);
}

/* Steps with no buttons until a line is up (or the frame limit). */
static int dt_until_line(world *w, uint64_t limit)
{
    while (!dialogue_active(&w->dialogue) && w->frame < limit && !world_over(w))
        world_step(w, 0);
    return dialogue_active(&w->dialogue);
}

/* A scene read line by line: a held shot advances nothing, a press too soon
 * nothing, a press after DIALOGUE_MIN_FRAMES the line; the lines of the ship
 * flown; nothing fires and nothing hurts meanwhile. */
static void test_read(const library *lib)
{
    world *w = dt_world(lib, "shrine", 0);
    CHECK(w != NULL);
    if (!w)
        return;
    CHECK(dt_until_line(w, 600));
    CHECK(strstr(w->dialogue.text, "lanterns of the wood") != NULL);
    CHECK_EQ_INT(w->dialogue.side, DIALOGUE_NARRATION);
    uint32_t lines = w->dialogue.lines;
    int32_t at = w->dialogue.line_at;
    /* the turrets were firing; now nothing comes, and the ship is untouchable */
    uint32_t live = w->bullets.live;
    CHECK(live > 0);
    for (int i = 0; i < DIALOGUE_MIN_FRAMES - 2; i++) /* held, then pressed too soon */
        world_step(w, (input_bits)(i % 2 ? INPUT_BIT(INPUT_SHOT) : 0));
    CHECK_EQ_U64(w->dialogue.lines, lines);
    CHECK(w->bullets.live <= live);
    CHECK_EQ_U64(w->shots.live, 0); /* the shot button reads, it does not shoot */
    if (w->bullets.live > 0) {      /* sit on a bullet: nothing happens */
        w->player.x = w->bullets.x[0];
        w->player.y = w->bullets.y[0];
    }
    world_step(w, 0);
    CHECK_EQ_INT(w->player.state, PLAYER_ALIVE);
    CHECK_EQ_INT(w->deaths, 0);
    while (w->frame - (uint64_t)at < DIALOGUE_MIN_FRAMES)
        world_step(w, 0);
    world_step(w, INPUT_BIT(INPUT_SHOT));
    CHECK_EQ_U64(w->dialogue.lines, lines + 1); /* the next line, the same frame */
    CHECK(dialogue_active(&w->dialogue));
    CHECK_EQ_INT(w->dialogue.side, DIALOGUE_LEFT); /* the shrine maiden is the player's */
    CHECK(strstr(w->dialogue.text, "quiet evening") != NULL);
    CHECK_EQ_U64(w->dialogue.scenes, 1);
    dt_free(w);
    /* the other ship takes the other branch */
    w = dt_world(lib, "hotaru", 0);
    if (!w)
        return;
    CHECK(dt_until_line(w, 600));
    while (w->frame - (uint64_t)w->dialogue.line_at < DIALOGUE_MIN_FRAMES)
        world_step(w, 0);
    world_step(w, INPUT_BIT(INPUT_SHOT));
    CHECK(strstr(w->dialogue.text, "no shrine maiden") != NULL);
    CHECK_EQ_INT(w->dialogue.side, DIALOGUE_NARRATION);
    world_step(w, 0);
    while (w->frame - (uint64_t)w->dialogue.line_at < DIALOGUE_MIN_FRAMES)
        world_step(w, 0);
    world_step(w, INPUT_BIT(INPUT_SHOT));
    CHECK_EQ_INT(w->dialogue.side, DIALOGUE_RIGHT); /* the fox: not the player's */
    CHECK(strstr(w->dialogue.text, "Who goes there") != NULL);
    dt_free(w);
}

/* The skip button held: the scene's every line passes in one frame, the box
 * closes, and the stage goes on to the boss. */
static void test_skip(const library *lib)
{
    world *w = dt_world(lib, "shrine", 0);
    if (!w)
        return;
    CHECK(dt_until_line(w, 600));
    uint32_t lines = w->dialogue.lines;
    world_step(w, INPUT_BIT(INPUT_SKIP));
    CHECK(!dialogue_active(&w->dialogue));
    CHECK_EQ_U64(w->dialogue.lines, lines + 5); /* the rest of the scene's six */
    CHECK(w->boss.active);
    dt_free(w);
}

/* Practice passes every line: the stage never waits on one. */
static void test_practice(const library *lib)
{
    world *w = dt_world(lib, "shrine", WORLD_FLAG_ONE_STAGE);
    if (!w)
        return;
    int talked = 0;
    while (w->frame < 600 && !w->boss.active) {
        world_step(w, 0);
        talked |= dialogue_active(&w->dialogue);
    }
    CHECK(!talked);
    CHECK(w->dialogue.lines >= 6);
    CHECK(w->boss.active);
    dt_free(w);
}

/* The same inputs give the same hash, whatever the text speed: the reveal is
 * drawn from the line's frame, and a press advances a line however much of it
 * is shown. Two worlds read the scene, one pressing as soon as the rules let it
 * (the fastest text) and one as late as a slow reader would: both advance the
 * same lines; a world's hash covers no text and no speed. */
static void test_speed(const library *lib)
{
    world *a = dt_world(lib, "shrine", 0), *b = dt_world(lib, "shrine", 0);
    if (!a || !b) {
        CHECK(0);
        return;
    }
    CHECK(dt_until_line(a, 600) && dt_until_line(b, 600));
    CHECK_EQ_U64(world_hash(a), world_hash(b));
    int32_t now = (int32_t)a->frame;
    /* shown text differs by the speed; nothing else does */
    int slow = dialogue_revealed(&a->dialogue, now + 5, 30);
    int fast = dialogue_revealed(&a->dialogue, now + 5, 240);
    int all = dialogue_revealed(&a->dialogue, now + 5, 0);
    CHECK(slow < fast && fast <= all && all == (int)strlen(a->dialogue.text));
    for (int i = 0; i < 200; i++) {
        input_bits in = (input_bits)(i % 30 == 29 ? INPUT_BIT(INPUT_SHOT) : 0);
        world_step(a, in);
        world_step(b, in);
        char text_a[DIALOGUE_TEXT_MAX];
        memcpy(text_a, a->dialogue.text, sizeof text_a);
        /* what a front end shows never reaches the world: scribbling over the
         * text (as a reveal never does) leaves the hash alone */
        memset(a->dialogue.text, 'x', 8);
        CHECK_EQ_U64(world_hash(a), world_hash(b));
        memcpy(a->dialogue.text, text_a, sizeof text_a);
    }
    CHECK(a->dialogue.lines > 1);
    dt_free(a);
    dt_free(b);
}

/* A frame with a scene up, and frames of a scene read, allocate nothing. */
static void test_no_allocation(const library *lib)
{
    world *w = dt_world(lib, "shrine", 0);
    if (!w)
        return;
    CHECK(dt_until_line(w, 600));
    mem_stats before = mem_get_stats();
    for (int i = 0; i < 400; i++)
        world_step(w, (input_bits)(i % 20 == 19 ? INPUT_BIT(INPUT_SHOT) : 0));
    mem_stats after = mem_get_stats();
    CHECK_EQ_U64(after.allocs, before.allocs);
    CHECK(w->dialogue.lines > 3);
    dt_free(w);
}

/* The replay player marks each scene on its seek bar: the recorded read run of
 * the stage has its scene before the boss, and the one after, marked where the
 * scene began. */
static void test_seek_marks(const library *lib, const char *replays)
{
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/dialogue_read.rpl", replays);
    replay r;
    memset(&r, 0, sizeof r);
    CHECK(replay_load(&r, path, err, sizeof err) == 0);
    /* its ship and boss by name: the game's ships (Tsubame's too) come
     * before the mod's, so the recorded index may name another now */
    CHECK(replay_resolve(&r, lib) == 0);
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &r.config, lib) == 0);
    replay_player p;
    CHECK(replay_player_init(&p, &r, w, 8u << 20) == 0);
    CHECK(replay_player_prepare(&p) == 0);
    int scenes = 0, boss_after_scene = 0;
    uint32_t scene_at = 0;
    for (int i = 0; i < p.mark_count; i++) {
        if (p.marks[i].kind == REPLAY_MARK_DIALOGUE) {
            scenes++;
            scene_at = scene_at ? scene_at : p.marks[i].frame;
        }
        boss_after_scene |=
            p.marks[i].kind == REPLAY_MARK_BOSS && scene_at && p.marks[i].frame > scene_at;
    }
    CHECK_EQ_INT(scenes, 2);
    CHECK(boss_after_scene);
    CHECK(scene_at > 120);
    /* seeking into the scene shows its line as it was */
    CHECK(replay_player_seek(&p, scene_at + 1) == 0);
    CHECK(dialogue_active(&w->dialogue));
    CHECK(strstr(w->dialogue.text, "lanterns of the wood") != NULL);
    replay_player_free(&p);
    world_free(w);
    mem_free(w);
    replay_free(&r);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: test_game.dialogue DIALOGUE_MOD REPLAYS\n");
        return 2;
    }
    mod_dir = argv[1];
    library *lib = dt_library();
    CHECK(lib != NULL);
    if (lib) {
        test_read(lib);
        test_skip(lib);
        test_practice(lib);
        test_speed(lib);
        test_no_allocation(lib);
        test_seek_marks(lib, argv[2]);
        library_free(lib);
    }
    return check_done("game.dialogue");
}
