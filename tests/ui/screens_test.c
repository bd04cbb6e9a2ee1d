/*
 * screens: the front end's screens driven on an app without a window, the way
 * they are entered and acted on: the replay list; a high score kept when the
 * game is left on the results or name entry; the pause when the window loses
 * the focus or a controller goes.
 */
#include "../check.h"
#include "core/mem.h"
#include "ui/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static app the_app; /* large: not on the stack */

/* Writes a replay of a few empty frames, dated `date`, as dir/file. */
static void sc_write_replay(const char *dir, const char *file, int64_t date)
{
    world_config cfg = {.seed = 7};
    world w;
    replay r;
    CHECK(world_init(&w, &cfg, NULL) == 0);
    CHECK(replay_begin(&r, &cfg, 64) == 0);
    for (int i = 0; i < 3; i++) {
        world_step(&w, 0);
        replay_record(&r, 0, &w);
    }
    replay_finish(&r, &w, REPLAY_END_UNFINISHED, "T", (uint64_t)date, date);
    char path[APP_PATH_MAX], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    CHECK(replay_save(&r, path, err, sizeof err) == 0);
    replay_free(&r);
    world_free(&w);
}

/* More files than the list holds: the newest are listed, and the last run
 * however old it is, whatever order the folder gives them in. */
static void sc_replay_list(const char *dir)
{
    const int files = APP_REPLAYS_MAX + 20;
    for (int i = 0; i < files; i++) {
        char name[32];
        snprintf(name, sizeof name, "run-%03d.rpl", (i * 37) % files); /* dates out of order */
        sc_write_replay(dir, name, 1000 + (i * 37) % files);
    }
    sc_write_replay(dir, APP_LAST_REPLAY, 1);
    app *a = &the_app;
    snprintf(a->replay_dir, sizeof a->replay_dir, "%s", dir);
    replays_enter(a);
    replays_state *s = &a->replays;
    CHECK_EQ_INT(s->count, APP_REPLAYS_MAX);
    CHECK(strcmp(s->entries[0].file, APP_LAST_REPLAY) == 0);
    for (int i = 1; i < s->count; i++) {
        CHECK(s->entries[i].ok);
        CHECK_EQ_INT(s->entries[i].date, 1000 + files - i);
    }
    for (int i = 0; i < files; i++) {
        char path[APP_PATH_MAX];
        snprintf(path, sizeof path, "%s/run-%03d.rpl", dir, i);
        remove(path);
    }
    char last[APP_PATH_MAX];
    snprintf(last, sizeof last, "%s/%s", dir, APP_LAST_REPLAY);
    remove(last);
}

/* A finished run left on the results (the window closed) or halfway through name
 * entry still enters the table: as PLAYER, or under the name typed so far. */
static void sc_leave_keeps_score(void)
{
    static const game_phase phases[] = {GAME_ENDING, GAME_RESULTS, GAME_NAME};
    static ui_config cfg;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = &cfg;
    world w;
    CHECK(world_init(&w, &(world_config){.seed = 1, .difficulty = 1}, NULL) == 0);
    a->game.w = &w;
    for (int k = 0; k < 3; k++) {
        game_state *g = &a->game;
        g->config = w.config;
        g->phase = phases[k];
        g->rank = -1;
        snprintf(g->name, sizeof g->name, "%s", k == 2 ? "ACE" : "");
        w.score = 1000u * (uint64_t)(k + 1);
        w.state = WORLD_GAME_OVER;
        game_leave(a);
        const highscore *top = highscores_get(&a->scores, 1, 0);
        CHECK(top && top->score == w.score);
        CHECK(top && strcmp(top->name, k == 2 ? "ACE" : "PLAYER") == 0);
        CHECK_EQ_INT(g->rank, 0);
        game_leave(a); /* a second leave adds nothing */
        CHECK_EQ_INT(a->scores.count[1], k + 1);
    }
    /* Watching a replay or leaving a run in progress enters nothing. */
    a->game.phase = GAME_RESULTS;
    a->game.rank = -1;
    a->game.watching = 1;
    w.score = 99999;
    game_leave(a);
    CHECK_EQ_INT(a->scores.count[1], 3);
    world_free(&w);
    memset(a, 0, sizeof *a);
}

/* A run pauses by itself when the focus or a controller is lost; a replay
 * being watched and other events do not. */
static void sc_auto_pause(void)
{
    static ui_config cfg;
    static audio quiet;
    app *a = &the_app;
    memset(a, 0, sizeof *a);
    a->cfg = &cfg;
    a->sound = &quiet;
    SDL_Event focus = {.window = {.type = SDL_WINDOWEVENT, .event = SDL_WINDOWEVENT_FOCUS_LOST}};
    SDL_Event unplugged = {.cdevice = {.type = SDL_CONTROLLERDEVICEREMOVED, .which = 0}};
    SDL_Event moved = {.window = {.type = SDL_WINDOWEVENT, .event = SDL_WINDOWEVENT_MOVED}};
    const SDL_Event *pausing[] = {&focus, &unplugged};
    for (int k = 0; k < 2; k++) {
        a->game.phase = GAME_RUNNING;
        game_event(a, &moved);
        CHECK_EQ_INT(a->game.phase, GAME_RUNNING);
        game_event(a, pausing[k]);
        CHECK_EQ_INT(a->game.phase, GAME_PAUSED);
        game_event(a, pausing[k]); /* already paused: stays so */
        CHECK_EQ_INT(a->game.phase, GAME_PAUSED);
    }
    a->game.phase = GAME_RUNNING;
    a->game.watching = 1;
    game_event(a, &focus);
    CHECK_EQ_INT(a->game.phase, GAME_RUNNING);
    memset(a, 0, sizeof *a);
}

int main(void)
{
    char dir[] = "/tmp/curtain-screens-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sc_replay_list(dir);
    sc_leave_keeps_score();
    sc_auto_pause();
    rmdir(dir);
    return check_done("screens");
}
