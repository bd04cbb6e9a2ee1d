/*
 * persist: what the game keeps between sessions, used the way the game uses it:
 * a finished run enters the high-score table, the table is saved and read back;
 * options changed as the Options screen changes them (volumes, window, a key
 * rebound) are saved and read back; a damaged high-score file is refused, kept
 * aside and the table starts empty; a damaged options file keeps every good line
 * and says which were wrong.
 */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/binding.h"
#include "game/highscores.h"
#include "game/options.h"
#include "game/world.h"
#include "test_library.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* A short run that ends in a game over: the ship never moves under aimed fire. */
static uint64_t persist_lost_run(void)
{
    const char *text = "enemy gunner { health 100000 loop { fire orb red aim speed 4 wait 6 } }\n"
                       "stage stage1 { spawn gunner at (192, 60) wait 100000 }\n";
    library *lib = test_library_compile("gunner.pat", text);
    CHECK(lib != NULL);
    world *w = mem_alloc(sizeof *w);
    CHECK(world_init(w, &(world_config){.seed = 2}, lib) == 0);
    while (!world_over(w) && w->frame < 20000) {
        input_bits in = INPUT_BIT(INPUT_SHOT);
        if (w->state == WORLD_CONTINUE) /* no: down, then shot */
            in = w->cont_cursor == 0 ? INPUT_BIT(INPUT_DOWN)
                                     : (w->frame & 1 ? INPUT_BIT(INPUT_SHOT) : 0);
        world_step(w, in);
    }
    CHECK_EQ_INT(w->state, WORLD_GAME_OVER);
    uint64_t score = w->best_score;
    world_free(w);
    mem_free(w);
    library_free(lib);
    return score;
}

static void persist_high_scores(const char *dir)
{
    static highscores hs, back;
    highscores_clear(&hs);
    uint64_t score = persist_lost_run();
    CHECK(score > 0);
    CHECK_EQ_INT(highscores_rank(&hs, DIFFICULTY_HARD, score), 0);
    highscore e = {.score = score, .stage = 1, .cleared = 0, .date = 20250102};
    highscores_name_clean("tester", e.name);
    CHECK_EQ_INT(highscores_insert(&hs, DIFFICULTY_HARD, &e), 0);
    char path[512], err[512], reason[1024];
    snprintf(path, sizeof path, "%s/%s", dir, HIGHSCORES_FILE_NAME);
    CHECK(highscores_save(&hs, path, err, sizeof err) == 0);
    CHECK_EQ_INT(highscores_load(&back, path, reason, sizeof reason), HIGHSCORES_LOADED);
    const highscore *h = highscores_get(&back, DIFFICULTY_HARD, 0);
    CHECK(h && h->score == score && strcmp(h->name, "TESTER") == 0 && h->date == 20250102);
    CHECK(highscores_get(&back, DIFFICULTY_NORMAL, 0) == NULL);
    /* Cut the file short: refused, kept aside, an empty table. */
    size_t size;
    char *text = file_read_all(path, &size, err, sizeof err);
    CHECK(text && file_write_atomic(path, text, size - 5, err, sizeof err) == 0);
    mem_free(text);
    CHECK_EQ_INT(highscores_load(&back, path, reason, sizeof reason), HIGHSCORES_REFUSED);
    CHECK(highscores_get(&back, DIFFICULTY_HARD, 0) == NULL);
    char bad[600];
    snprintf(bad, sizeof bad, "%s.bad", path);
    CHECK(file_exists(bad));
    remove(bad);
}

static void persist_options(const char *dir)
{
    options o, back;
    options_defaults(&o);
    options_set(&o, OPTION_master_volume, 30);
    options_set(&o, OPTION_window_scale, 2);
    options_set(&o, OPTION_difficulty, DIFFICULTY_LUNATIC);
    o.fullscreen = 1;
    int from = options_bind_key(&o, INPUT_SHOT, 0, KEY_SPACE);
    CHECK(from == -1 || from == INPUT_SHOT);
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, OPTIONS_FILE_NAME);
    CHECK(options_save(&o, path, err, sizeof err) == 0);
    options_report report = {0};
    CHECK_EQ_INT(options_load(&back, path, &report), OPTIONS_LOADED);
    CHECK(memcmp(&o, &back, sizeof o) == 0);
    /* One wrong line among good ones: it keeps its default, the rest is kept. */
    const char *damaged = "version = 1\nmaster_volume = 250\nmusic_volume = 10\n"
                          "key.shot = Space, J\n";
    CHECK(file_write_atomic(path, damaged, strlen(damaged), err, sizeof err) == 0);
    report = (options_report){0};
    CHECK_EQ_INT(options_load(&back, path, &report), OPTIONS_REPAIRED);
    options d;
    options_defaults(&d);
    CHECK_EQ_INT(back.master_volume, d.master_volume);
    CHECK_EQ_INT(back.music_volume, 10);
    CHECK_EQ_INT(back.keys[INPUT_SHOT][0], KEY_SPACE);
    CHECK_EQ_INT(report.problems, 1);
    CHECK_STR_CONTAINS(report.lines[0], "options.txt:2:");
    remove(path);
    CHECK_EQ_INT(options_load(&back, path, &report), OPTIONS_MISSING);
    CHECK(memcmp(&back, &d, sizeof d) == 0);
}

int main(void)
{
    char dir[] = "/tmp/curtain-persist-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    persist_high_scores(dir);
    persist_options(dir);
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, HIGHSCORES_FILE_NAME);
    remove(path);
    rmdir(dir);
    return check_done("persist");
}
