/*
 * screens: the front end's screens driven on an app without a window, the way
 * they are entered and acted on: the replay list.
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

int main(void)
{
    char dir[] = "/tmp/curtain-screens-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    sc_replay_list(dir);
    rmdir(dir);
    return check_done("screens");
}
