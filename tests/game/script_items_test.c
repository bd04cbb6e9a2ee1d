/*
 * script_items: items from scripts (docs/patterns.md, Items): `drop` where the
 * object is and at a place, a bullet turned into an item, the bound a frame,
 * `collect_line` read and moved (in the game and in the viewer's sandbox),
 * `drop` still a bullet shape in `fire`, and the errors of a wrong kind; a
 * mod's own kinds (`item NAME { ... }`) dropped, picked up, giving their
 * score, power and pieces and running their `on collect`, and the pieces in a
 * snapshot and the state hash. The viewer's sandbox drops them as the game
 * does (same places, same bound, the same `rand` after), and they only fall
 * there: no ship picks them up, the line draws none in, a star does not fly
 * in; they leave off the bottom.
 */
#include "../check.h"
#include "core/mem.h"
#include "game/snapshot.h"
#include "game/world.h"
#include "game/world_host.h"
#include "pattern/objects/sandbox.h"
#include "sim/playfield.h"
#include "test_library.h"

#include <math.h>
#include <string.h>

static library *si_lib(const char *text)
{
    library *lib = test_library_compile("test.pat", text);
    CHECK(lib != NULL);
    return lib;
}

static world *si_world(const library *lib)
{
    world *w = mem_alloc(sizeof *w);
    CHECK(w && world_init(w, &(world_config){.seed = 1}, lib) == 0);
    return w;
}

static void si_free(world *w, library *lib)
{
    world_free(w);
    mem_free(w);
    library_free(lib);
}

static int si_count(const world *w, item_kind kind)
{
    int n = 0;
    for (uint32_t i = 0; i < w->items.count; i++)
        n += w->items.kind[i] == kind;
    return n;
}

/* The errors (and their first text) of compiling one file. */
static int si_errors(const char *text, char *first, size_t size)
{
    diag_list diags;
    diag_init(&diags);
    library_file f = {"test.pat", text, strlen(text)};
    library *lib = library_compile(&f, 1, &diags);
    int errors = diags.errors;
    if (first)
        snprintf(first, size, "%s", diags.count > 0 ? diags.items[0].text : "");
    diag_free(&diags);
    library_free(lib);
    return errors;
}

/* drop KIND N at the stage's place, drop at the enemy, the kinds as named. */
static void si_drop(void)
{
    library *lib = si_lib("enemy e { health 100000 wait 2 drop power 3 drop point wait 100000 }\n"
                          "stage stage1 { drop bomb 2 at (100, 150) drop life 1 at (300, 150)\n"
                          "  spawn e at (192, 100) wait 100000 }\n");
    world *w = si_world(lib);
    CHECK_EQ_INT(w->items.count, 0);
    for (int i = 0; i < 3; i++)
        world_step(w, 0);
    CHECK_EQ_INT(si_count(w, ITEM_BOMB), 2);
    CHECK_EQ_INT(si_count(w, ITEM_LIFE), 1);
    for (uint32_t i = 0; i < w->items.count; i++)
        if (w->items.kind[i] == ITEM_LIFE)
            CHECK(w->items.x[i] > 290.0f && w->items.x[i] < 310.0f && w->items.y[i] < 150.0f);
    for (int i = 0; i < 5; i++)
        world_step(w, 0);
    CHECK_EQ_INT(si_count(w, ITEM_POWER), 3);
    CHECK_EQ_INT(si_count(w, ITEM_POINT), 1);
    for (uint32_t i = 0; i < w->items.count; i++)
        if (w->items.kind[i] == ITEM_POINT) /* where the enemy is */
            CHECK(w->items.x[i] > 180.0f && w->items.x[i] < 204.0f && w->items.y[i] < 100.0f);
    si_free(w, lib);
}

/* A bullet's `drop point` then `vanish`: it becomes a point item where it is;
 * `fire drop` is still the drop-shaped bullet. */
static void si_bullet_turns(void)
{
    library *lib =
        si_lib("stage stage1 { fire drop red at 90 speed 2 { wait 20 drop point vanish }\n"
               "  wait 100000 }\n");
    world *w = si_world(lib);
    for (int i = 0; i < 5; i++)
        world_step(w, 0);
    CHECK_EQ_INT(w->bullets.live, 1);
    CHECK_EQ_INT(w->items.count, 0);
    for (int i = 0; i < 30; i++)
        world_step(w, 0);
    CHECK_EQ_INT(w->bullets.live, 0);
    CHECK_EQ_INT(si_count(w, ITEM_POINT), 1);
    CHECK(w->items.x[0] > 200.0f); /* it flew right before it turned */
    si_free(w, lib);
}

/* From the firing script: `drop point at (b.x, b.y)` and `b.vanish` turn a
 * handle's bullet into an item; a bullet's `on cancel` drops where it was. */
static void si_handle_and_cancel(void)
{
    library *lib = si_lib("stage stage1 {\n"
                          "  fire orb red at 90 speed 2 as b\n"
                          "  fire orb blue at 270 speed 2 { on cancel { drop power 2 } }\n"
                          "  wait 20 drop point at (b.x, b.y) b.vanish\n"
                          "  wait 10 clear wait 100000 }\n");
    world *w = si_world(lib);
    for (int i = 0; i < 22; i++)
        world_step(w, 0);
    CHECK_EQ_INT(w->bullets.live, 1);
    CHECK_EQ_INT(si_count(w, ITEM_POINT), 1);
    CHECK(w->items.count == 1 && w->items.x[0] > 220.0f && w->items.y[0] < 100.0f);
    for (int i = 0; i < 12; i++)
        world_step(w, 0);
    CHECK_EQ_INT(w->bullets.live, 0);
    CHECK_EQ_INT(si_count(w, ITEM_POWER), 2);
    CHECK_EQ_INT(si_count(w, ITEM_STAR), 1); /* the cancel's own star, as ever */
    for (uint32_t i = 0; i < w->items.count; i++)
        if (w->items.kind[i] == ITEM_POWER) /* where the blue bullet was: left */
            CHECK(w->items.x[i] < 150.0f);
    si_free(w, lib);
}

/* A script dropping in a loop: WORLD_SCRIPT_ITEMS_PER_FRAME a frame, never
 * more than WORLD_SCRIPT_ITEMS_ROOM on the field; the rest counted. */
static void si_bounded(void)
{
    library *lib =
        si_lib("stage stage1 { loop { repeat 100 { drop point 10 at (192, 50) } wait 1 } }\n");
    world *w = si_world(lib);
    world_step(w, 0);
    world_step(w, 0);
    CHECK(w->items.count > 0);
    CHECK(w->items.count <= WORLD_SCRIPT_ITEMS_PER_FRAME * 2);
    CHECK(w->items.refused >= 1000);
    for (int i = 0; i < 200; i++)
        world_step(w, 0);
    CHECK(w->items.count <= WORLD_SCRIPT_ITEMS_ROOM);
    si_free(w, lib);
}

/* collect_line: read, moved (the player below 112 draws items in above 300),
 * and in the state hash only once moved. */
static void si_collect_line(void)
{
    library *lib = si_lib("shared seen = 0\n"
                          "stage stage1 { seen = collect_line collect_line 400 wait 30\n"
                          "  drop point 5 at (60, 200) wait 100000 }\n");
    library *plain = si_lib("shared seen = 0\n"
                            "stage stage1 { seen = collect_line wait 30\n"
                            "  drop point 5 at (60, 200) wait 100000 }\n");
    world *w = si_world(lib), *v = si_world(plain);
    world_step(w, 0);
    world_step(v, 0);
    CHECK(w->collect_line == 400.0f);
    CHECK(v->collect_line == WORLD_COLLECT_LINE);
    CHECK(world_hash(w) != world_hash(v));
    uint64_t score = w->score;
    for (int i = 0; i < 200 && w->items.count + (i < 40) > 0; i++)
        world_step(w, i < 10 ? INPUT_BIT(INPUT_UP) : 0);
    CHECK(w->player.y < 400.0f && w->player.y > WORLD_COLLECT_LINE);
    CHECK_EQ_INT(w->items.count, 0); /* all drawn in, from anywhere */
    CHECK(w->score > score);
    for (int i = 0; i < 40; i++)
        world_step(v, i < 10 ? INPUT_BIT(INPUT_UP) : 0);
    CHECK_EQ_INT(v->items.count, 5); /* the same player, the game's line: they fall */
    si_free(w, lib);
    si_free(v, plain);
}

/* The viewer's sandbox drops items as the game does, at the same places, and
 * `drop` draws no random number in either, so that both read the same `rand`;
 * the sandbox keeps the line a script moves, so both read the same
 * `collect_line`. */
static void si_sandbox(void)
{
    library *lib = si_lib("stage s { collect_line 300 drop point 4\n"
                          "  fire orb at collect_line + rand * 40 speed 0 wait 100000 }\n");
    sandbox_config sc;
    sandbox_config_default(&sc);
    sandbox *sb = sandbox_create(&sc);
    CHECK(sb && sandbox_start(sb, lib, library_find(lib, "s"), NULL) == 0);
    float heading = -1.0f;
    for (int i = 0; i < 2 && sb; i++)
        sandbox_step(sb);
    uint32_t n = 0;
    const sandbox_object *o = sb ? sandbox_objects(sb, &n) : NULL;
    for (uint32_t i = 0; i < n; i++)
        if (o[i].enemy == 0)
            heading = o[i].dir_x;
    world *w = si_world(lib);
    world_step(w, 0);
    world_step(w, 0);
    CHECK_EQ_INT((int)w->bullets.live, 1);
    CHECK_EQ_INT(w->items.count, 4);
    CHECK(heading < -0.3f); /* 300 to 340 degrees: the line read as moved */
    CHECK(fabsf(w->bullets.dir_x[0] - heading) < 1e-6f);
    const item_list *l = sb ? sandbox_items(sb) : NULL;
    CHECK(l && l->count == 4);
    for (uint32_t i = 0; l && i < l->count && i < w->items.count; i++)
        CHECK(l->kind[i] == ITEM_POINT && l->x[i] == w->items.x[i] && l->y[i] == w->items.y[i] &&
              l->vx[i] == w->items.vx[i] && l->vy[i] == w->items.vy[i]);
    sandbox_destroy(sb);
    si_free(w, lib);
}

/* Steps sb n frames; returns its item count then. */
static uint32_t si_steps(sandbox *sb, int n)
{
    for (int i = 0; i < n; i++)
        sandbox_step(sb);
    return sandbox_items(sb)->count;
}

/* The sandbox's items where no ship flies: bounded as the game's (32 a frame,
 * none past the room, the rest refused and counted); items dropped on the
 * dummy player and with the line at the bottom (every item drawn in, in the
 * game) fall through it; a star keeps falling after its delay; all of them
 * leave off the bottom; a new start begins with none. */
static void si_sandbox_items(void)
{
    library *lib = si_lib("stage s { collect_line 448\n"
                          "  drop point 3 at (192, 380) drop star at (60, 100)\n"
                          "  repeat 3 { drop power 20 at (300, 40) } wait 100000 }\n"
                          "stage flood { loop { drop point 40 at (100, 30) wait 1 } }\n");
    sandbox_config sc;
    sandbox_config_default(&sc); /* the dummy player at (192, 400) */
    sandbox *sb = sandbox_create(&sc);
    CHECK(sb && sandbox_start(sb, lib, library_find(lib, "s"), NULL) == 0);
    if (!sb) {
        library_free(lib);
        return;
    }
    CHECK_EQ_INT(si_steps(sb, 1), 3 + 1 + ITEM_SCRIPT_PER_FRAME - 4); /* 32 in a frame */
    sandbox_drops d = sandbox_drop_counts(sb);
    CHECK(d.dropped == ITEM_SCRIPT_PER_FRAME && d.refused == 3 + 1 + 60 - ITEM_SCRIPT_PER_FRAME);
    float star_y = -1.0f;
    /* the point items pop up from the dummy player's place and fall back through it */
    CHECK_EQ_INT(si_steps(sb, 114), ITEM_SCRIPT_PER_FRAME); /* none picked up */
    const item_list *l = sandbox_items(sb);
    for (uint32_t i = 0; i < l->count; i++) {
        CHECK(!l->drawn[i]); /* none drawn in, by the line or a star's delay */
        if (l->kind[i] == ITEM_STAR)
            star_y = l->y[i];
        if (l->kind[i] == ITEM_POINT) /* past the dummy player, falling */
            CHECK(l->y[i] > 410.0f && l->vy[i] > 1.0f);
    }
    CHECK(star_y > 100.0f);             /* it fell, it did not fly in */
    CHECK_EQ_INT(si_steps(sb, 400), 0); /* all off the bottom */
    CHECK(sandbox_drop_counts(sb).refused == d.refused);
    /* a script dropping every frame: never past the room, the rest refused */
    CHECK(sandbox_start(sb, lib, library_find(lib, "flood"), NULL) == 0);
    CHECK_EQ_INT(sandbox_items(sb)->count, 0);
    CHECK(sandbox_drop_counts(sb).dropped == 0 && sandbox_drop_counts(sb).refused == 0);
    uint32_t most = 0;
    for (int i = 0; i < 120; i++) {
        uint32_t c = si_steps(sb, 1);
        most = c > most ? c : most;
    }
    CHECK_EQ_INT(most, WORLD_SCRIPT_ITEMS_ROOM);
    CHECK(sandbox_drop_counts(sb).refused >= 120 * 8);
    sandbox_destroy(sb);
    library_free(lib);
}

/* The kind is checked, with did-you-mean; `drop` alone wants one. */
static void si_errors_test(void)
{
    char text[512];
    CHECK_EQ_INT(si_errors("pattern p { drop pont 2 }\n", text, sizeof text), 1);
    CHECK(strstr(text, "test.pat:1:18") && strstr(text, "unknown item kind 'pont'") &&
          strstr(text, "did you mean 'point'"));
    CHECK_EQ_INT(si_errors("pattern p { drop\n}\n", text, sizeof text), 1);
    CHECK(strstr(text, "an item kind after 'drop'"));
    CHECK_EQ_INT(si_errors("pattern p { fire drop red at 0 drop point 2 at (1, 2) }\n", NULL, 0),
                 0);
    CHECK_EQ_INT(si_errors("pattern p { effect drop red over 20\n drop star\n"
                           " collect_line collect_line + 10 }\n",
                           NULL, 0),
                 0);
}

/* The declared kinds: a gem's score and power, a shard's bomb piece and its
 * `on collect` (point items 200 px above where it was picked up, as many as
 * `player_bomb_pieces` + 1), a heart's
 * life pieces; each dropped on the ship, picked up at once. */
static const char *const si_kinds =
    "item gem { look point gives score 2000 power 0.05 }\n"
    "item shard { look wisp gives bomb_piece\n"
    "  on collect { drop point player_bomb_pieces + 1 at (x, y - 200) } }\n"
    "item heart { look life gives life_piece 5 }\n"
    "stage stage1 { wait 100000 }\n"
    "pattern give_gem { drop gem 1 at (player_x, player_y) }\n"
    "pattern give_shard { drop shard 1 at (player_x, player_y) }\n"
    "pattern give_heart { drop heart 1 at (player_x, player_y) }\n";

/* Runs pattern name once on the stage (its drop), then frames until the
 * items it dropped are picked up. */
static void si_give(world *w, const char *name)
{
    const library_entry *e = library_find(w->lib, name);
    CHECK(e != NULL);
    if (!e)
        return;
    vm_start(w->vm, w->lib->prog, e->func, 0, NULL, 0, (int32_t)w->frame + 1);
    for (int i = 0; i < 4; i++)
        world_step(w, 0);
}

/* The viewer's sandbox drops a mod's own kinds too, as the game does: the
 * same kinds at the same places (a kind past the library's table, none). */
static void si_sandbox_declared(void)
{
    library *lib = si_lib(si_kinds);
    if (!lib)
        return;
    sandbox_config sc;
    sandbox_config_default(&sc);
    sandbox *sb = sandbox_create(&sc);
    CHECK(sb && sandbox_start(sb, lib, library_find(lib, "give_shard"), NULL) == 0);
    si_steps(sb, 2);
    world *w = si_world(lib);
    si_give(w, "give_shard"); /* picked up at once: the game's copy is its pick-up */
    const item_list *l = sb ? sandbox_items(sb) : NULL;
    CHECK(l && l->count == 1);
    CHECK(l && l->count == 1 && l->kind[0] == ITEM_KIND_COUNT + 1); /* shard: the second declared */
    CHECK(w->player.bomb_pieces == 1);
    sandbox_destroy(sb);
    si_free(w, lib);
}

static void si_declared(void)
{
    library *lib = si_lib(si_kinds);
    if (!lib)
        return;
    CHECK_EQ_INT((int)lib->item_count, 3);
    world *w = si_world(lib);
    for (int i = 0; i < 30; i++) /* the ship flies */
        world_step(w, 0);
    player *p = &w->player;
    uint64_t score = w->score;
    int power = p->power;
    si_give(w, "give_gem");
    CHECK_EQ_INT(w->items.count, 0);
    CHECK_EQ_INT((int)(w->score - score), 2000);
    CHECK_EQ_INT(p->power - power, 5);
    /* three shards make a bomb; each one's `on collect` drops point items
     * above where it was, one more than the pieces it reads then */
    int bombs = p->bombs;
    si_give(w, "give_shard");
    CHECK_EQ_INT(p->bomb_pieces, 1);
    CHECK_EQ_INT(p->bombs, bombs);
    CHECK_EQ_INT(si_count(w, ITEM_POINT), 2);
    for (uint32_t i = 0; i < w->items.count; i++)
        if (w->items.kind[i] == ITEM_POINT)
            CHECK(fabsf(w->items.x[i] - p->x) < 20.0f && w->items.y[i] < p->y - 150.0f);
    si_give(w, "give_shard");
    si_give(w, "give_shard");
    CHECK_EQ_INT(p->bomb_pieces, 0);
    CHECK_EQ_INT(p->bombs, bombs + 1);
    CHECK_EQ_INT(si_count(w, ITEM_POINT), 2 + 3 + 1);
    /* a heart's five life pieces make a spare ship at once */
    int lives = p->lives;
    si_give(w, "give_heart");
    CHECK_EQ_INT(p->lives, lives + 1);
    CHECK_EQ_INT(p->life_pieces, 0);
    /* the pieces are state: a snapshot holds them, the hash sees them */
    si_give(w, "give_shard");
    CHECK_EQ_INT(p->bomb_pieces, 1);
    snapshot s;
    CHECK(snapshot_init(&s, w) == 0 && snapshot_take(&s, w) == 0);
    uint64_t held = world_hash(w);
    p->bomb_pieces = 0;
    CHECK(world_hash(w) != held);
    si_give(w, "give_shard");
    CHECK(snapshot_restore(&s, w) == 0);
    CHECK_EQ_INT(w->player.bomb_pieces, 1);
    CHECK(world_hash(w) == held);
    snapshot_free(&s);
    si_free(w, lib);
}

/* Pieces toward a full stock wait one short of a whole; none given, a
 * player's hash is the one it had before pieces existed (the same fields). */
static void si_pieces(void)
{
    player p;
    player_init(&p, NULL);
    hasher a, b;
    hash_begin(&a, 7);
    player_hash(&p, &a);
    hash_begin(&b, 7); /* player_hash as it was before pieces */
    const float fs[] = {p.x, p.y, p.px, p.py, p.bomb_x, p.bomb_y};
    for (int k = 0; k < 6; k++)
        hash_f32(&b, fs[k]);
    const int32_t ints[] = {p.focused, p.state, p.timer, p.invuln,        p.bomb,
                            p.lives,   p.bombs, p.power, p.shot_cooldown, (int32_t)p.volleys};
    for (int k = 0; k < 10; k++)
        hash_u32(&b, (uint32_t)ints[k]);
    CHECK(hash_end(&a) == hash_end(&b));
    int bombs, lives;
    p.bombs = PLAYER_MAX_BOMBS - 1;
    player_add_pieces(&p, 2 * PLAYER_BOMB_PIECES + 1, 0, &bombs, &lives);
    CHECK_EQ_INT(bombs, 1);
    CHECK_EQ_INT(p.bombs, PLAYER_MAX_BOMBS);
    CHECK_EQ_INT(p.bomb_pieces, PLAYER_BOMB_PIECES - 1);
    p.bombs--; /* a bomb used: the next piece makes it again */
    player_add_pieces(&p, 1, 0, &bombs, &lives);
    CHECK_EQ_INT(p.bombs, PLAYER_MAX_BOMBS);
    CHECK_EQ_INT(p.bomb_pieces, 0);
    p.lives = PLAYER_MAX_LIVES;
    player_add_pieces(&p, 0, 3, &bombs, &lives);
    CHECK_EQ_INT(lives, 0);
    CHECK_EQ_INT(p.life_pieces, 3);
    hash_begin(&b, 7);
    player_hash(&p, &b);
    p.life_pieces = 0;
    hash_begin(&a, 7);
    player_hash(&p, &a);
    CHECK(hash_end(&a) != hash_end(&b));
}

/* The content hash sees what a dropped declared item gives and its `on
 * collect` (a replay of a mod whose item changed says so), not its look. */
static void si_content_hash(void)
{
    static const char *const texts[] = {
        "item gem { look point gives score 2000 on collect { drop point } }\n"
        "stage stage1 { drop gem 1 at (100, 100) wait 10 }\n",
        "item gem { look star gives score 2000 on collect { drop point } }\n"
        "stage stage1 { drop gem 1 at (100, 100) wait 10 }\n",
        "item gem { look point gives score 2001 on collect { drop point } }\n"
        "stage stage1 { drop gem 1 at (100, 100) wait 10 }\n",
        "item gem { look point gives score 2000 on collect { drop star } }\n"
        "stage stage1 { drop gem 1 at (100, 100) wait 10 }\n",
    };
    uint64_t h[4] = {0};
    world_config cfg = {.seed = 1};
    for (int i = 0; i < 4; i++) {
        library *lib = si_lib(texts[i]);
        h[i] = lib ? world_content_hash(lib, &cfg) : 0;
        library_free(lib);
    }
    CHECK(h[0] != 0 && h[0] == h[1]);
    CHECK(h[2] != h[0] && h[3] != h[0] && h[2] != h[3]);
}

int main(void)
{
    CHECK(SANDBOX_COLLECT_LINE == WORLD_COLLECT_LINE);
    si_drop();
    si_bullet_turns();
    si_handle_and_cancel();
    si_bounded();
    si_collect_line();
    si_sandbox();
    si_sandbox_items();
    si_errors_test();
    si_declared();
    si_sandbox_declared();
    si_pieces();
    si_content_hash();
    return check_done("script_items");
}
