/* options: defaults, round trips, and files that are missing, wrong, cut short or
 * garbage all give usable options and say what was wrong. */
#include "../check.h"
#include "core/file.h"
#include "core/log.h"
#include "core/mem.h"
#include "core/rng.h"
#include "game/binding.h"
#include "game/options.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Options that differ from the defaults in every setting and binding. */
static void options_test_changed(options *o)
{
    options_defaults(o);
    for (int id = 0; id < OPTION_COUNT; id++) {
        const option_info *in = options_info((option_id)id);
        options_set(o, (option_id)id, in->def == in->max ? in->min : in->max);
    }
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++) {
        o->keys[b][0] = (uint16_t)binding_key_at(b * 2);
        o->keys[b][1] = (uint16_t)(b == 3 ? KEY_NONE : binding_key_at(b * 2 + 1));
        o->pads[b][0] = (uint8_t)(PAD_CONTROL_COUNT - 1 - b);
        o->pads[b][1] = (uint8_t)(b == 2 ? PAD_NONE : PAD_A + b);
    }
}

/* Every value is within its range and every binding names a known control. */
static int options_test_sane(const options *o)
{
    for (int id = 0; id < OPTION_COUNT; id++) {
        const option_info *in = options_info((option_id)id);
        int v = options_get(o, (option_id)id);
        if (v < in->min || v > in->max)
            return 0;
    }
    for (int b = 0; b < OPTIONS_CONTROL_COUNT; b++)
        for (int s = 0; s < OPTIONS_BINDINGS; s++)
            if (!binding_key_name(o->keys[b][s]) || !binding_pad_name(o->pads[b][s]))
                return 0;
    return 1;
}

static void options_test_defaults(void)
{
    options o;
    options_defaults(&o);
    CHECK_EQ_INT(o.vsync, 1);
    CHECK_EQ_INT(o.master_volume, 80);
    CHECK_EQ_INT(o.difficulty, DIFFICULTY_NORMAL);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][0], KEY_Z);
    CHECK_EQ_INT(o.keys[INPUT_FOCUS][0], KEY_LSHIFT);
    CHECK_EQ_INT(o.pads[INPUT_BOMB][0], PAD_B);
    CHECK(options_test_sane(&o));
    options_set(&o, OPTION_master_volume, 500);
    CHECK_EQ_INT(o.master_volume, 100);
    options_set(&o, OPTION_window_scale, -2);
    CHECK_EQ_INT(o.window_scale, 0);
    CHECK(strcmp(options_info(OPTION_show_fps)->name, "show_fps") == 0);
    CHECK(strcmp(options_button_name(INPUT_FOCUS), "focus") == 0);
}

static void options_test_round_trip(const char *dir)
{
    options a, b;
    options_test_changed(&a);
    char text[OPTIONS_TEXT_MAX];
    int len = options_format(&a, text, sizeof text);
    CHECK(len > 0);
    CHECK_STR_CONTAINS(text, "version = 1");
    CHECK_STR_CONTAINS(text, "key.shot = ");
    options_report r;
    CHECK_EQ_INT(options_parse(&b, text, (size_t)len, "x", &r), 0);
    CHECK_EQ_INT(r.problems, 0);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    /* Too small a buffer is refused rather than cut. */
    CHECK_EQ_INT(options_format(&a, text, 64), -1);

    char path[512], err[256];
    snprintf(path, sizeof path, "%s/options.txt", dir);
    CHECK_EQ_INT(options_load(&b, path, &r), OPTIONS_MISSING);
    options d;
    options_defaults(&d);
    CHECK(memcmp(&b, &d, sizeof b) == 0);
    CHECK_EQ_INT(options_save(&a, path, err, sizeof err), 0);
    CHECK_EQ_INT(options_load(&b, path, &r), OPTIONS_LOADED);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    /* The defaults written out read back as the defaults. */
    CHECK_EQ_INT(options_save(&d, path, err, sizeof err), 0);
    CHECK_EQ_INT(options_load(&b, path, &r), OPTIONS_LOADED);
    CHECK(memcmp(&d, &b, sizeof d) == 0);
}

/* A file with good and bad lines keeps the good ones and names each bad one. */
static void options_test_partly_wrong(const char *dir)
{
    static const char text[] = "version = 1\n"
                               "fullscreen = yes\n"
                               "master_volume = 150\n"
                               "effects_volume = 25   # quieter\n"
                               "vsync = perhaps\n"
                               "colour = blue\n"
                               "key.shot = Space, Q\n"
                               "key.bomb = Z, Hyperdrive\n"
                               "pad.focus = rightshoulder\n"
                               "difficulty = lunatic\n"
                               "just some words\n"
                               "music_volume = 10\n"
                               "music_volume = 20\n"
                               "show_fps = y\x01s\n"
                               "key.focus = A, B, C\n"
                               "window_scale = 3";
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/partly.txt", dir);
    CHECK_EQ_INT(file_write_atomic(path, text, sizeof text - 1, err, sizeof err), 0);
    options o;
    options_report r;
    CHECK_EQ_INT(options_load(&o, path, &r), OPTIONS_REPAIRED);
    CHECK(options_test_sane(&o));
    CHECK_EQ_INT(o.fullscreen, 1);
    CHECK_EQ_INT(o.master_volume, 80); /* out of range: default */
    CHECK_EQ_INT(o.effects_volume, 25);
    CHECK_EQ_INT(o.vsync, 1);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][0], KEY_SPACE);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][1], KEY_Q);
    CHECK_EQ_INT(o.keys[INPUT_BOMB][0], KEY_X); /* one bad name: the row keeps its default */
    CHECK_EQ_INT(o.pads[INPUT_FOCUS][0], PAD_RIGHTSHOULDER);
    CHECK_EQ_INT(o.pads[INPUT_FOCUS][1], PAD_NONE);
    CHECK_EQ_INT(o.keys[INPUT_FOCUS][0], KEY_LSHIFT);
    CHECK_EQ_INT(o.difficulty, DIFFICULTY_LUNATIC);
    CHECK_EQ_INT(o.music_volume, 20);
    CHECK_EQ_INT(o.show_fps, 0);
    CHECK_EQ_INT(o.window_scale, 0); /* no newline: maybe cut short, not trusted */
    CHECK_EQ_INT(r.problems, 9);
    CHECK_EQ_INT(r.count, 8);
    char where[600];
    snprintf(where, sizeof where, "%s:3:17: master_volume wants a whole number from 0 to 100",
             path);
    CHECK_STR_CONTAINS(r.lines[0], where);
    CHECK_STR_CONTAINS(r.lines[1], ":5:9: vsync wants yes or no");
    CHECK_STR_CONTAINS(r.lines[2], ":6:1: unknown option 'colour'");
    CHECK_STR_CONTAINS(r.lines[3], ":8:15: unknown key 'Hyperdrive'");
    CHECK_STR_CONTAINS(r.lines[4], ":11:1: expected 'name = value'");
    CHECK_STR_CONTAINS(r.lines[5], ":13:1: music_volume is set twice");
    CHECK_STR_CONTAINS(r.lines[6], ":14:13: unreadable bytes");
    CHECK_STR_CONTAINS(r.lines[7], ":15:19: at most 2 keys per button; line ignored");
    CHECK_STR_CONTAINS(r.lines[3], "'Hyperdrive'; line ignored");
    /* Each line says what was done instead: the game shows a lone problem as it is. */
    static const char *const outcomes[] = {"; using ", "; line ignored", "; the later line wins"};
    for (int i = 0; i < r.count; i++) {
        int said = 0;
        for (int k = 0; k < 3; k++)
            said |= strstr(r.lines[i], outcomes[k]) != NULL;
        if (!said)
            fprintf(stderr, "no outcome in: %s\n", r.lines[i]);
        CHECK(said);
    }
}

/* A file cut anywhere gives, for every setting, either the written value or the default. */
static void options_test_truncated(void)
{
    options a, b, d;
    options_test_changed(&a);
    options_defaults(&d);
    char text[OPTIONS_TEXT_MAX];
    int len = options_format(&a, text, sizeof text);
    int all_ok = 1, kept_some = 0;
    log_set_sink(NULL, NULL, 0);
    log_level saved = log_get_level();
    log_set_level(LOG_ERROR); /* the cut lines would warn thousands of times */
    for (int cut = 0; cut <= len; cut++) {
        options_parse(&b, text, (size_t)cut, "cut.txt", NULL);
        all_ok &= options_test_sane(&b);
        for (int id = 0; id < OPTION_COUNT; id++) {
            int v = options_get(&b, (option_id)id);
            all_ok &= v == options_get(&a, (option_id)id) || v == options_get(&d, (option_id)id);
        }
        kept_some |= cut < len && b.fullscreen == a.fullscreen && b.fullscreen != d.fullscreen;
    }
    log_set_level(saved);
    CHECK(all_ok);
    CHECK(kept_some);
}

/* Random bytes and random mutations of a good file never give out-of-range options. */
static void options_test_garbage(void)
{
    rng r;
    rng_seed(&r, 77);
    options a, b;
    options_test_changed(&a);
    char good[OPTIONS_TEXT_MAX], text[OPTIONS_TEXT_MAX];
    int len = options_format(&a, good, sizeof good);
    log_level saved = log_get_level();
    log_set_level(LOG_ERROR);
    int all_ok = 1, problems = 0;
    for (int round = 0; round < 400; round++) {
        size_t n;
        if (round % 2 == 0) {
            n = rng_below(&r, sizeof text);
            for (size_t i = 0; i < n; i++)
                text[i] = (char)rng_below(&r, 256);
        } else {
            n = (size_t)len;
            memcpy(text, good, n);
            for (int k = 0; k < 8; k++) {
                size_t at = rng_below(&r, (uint32_t)n);
                text[at] = (char)rng_below(&r, 256);
            }
        }
        options_report rep;
        problems += options_parse(&b, text, n, "garbage.txt", &rep) > 0;
        all_ok &= options_test_sane(&b) && rep.count <= OPTIONS_REPORT_LINES;
    }
    log_set_level(saved);
    CHECK(all_ok);
    CHECK(problems > 300);
}

/* Reading the file fails at every allocation in turn: defaults, a reason, no leak. */
static void options_test_oom(const char *dir)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/oom.txt", dir);
    options a, b, d;
    options_test_changed(&a);
    options_defaults(&d);
    CHECK_EQ_INT(options_save(&a, path, err, sizeof err), 0);
    int64_t live = mem_live_blocks();
    int succeeded = 0;
    for (uint64_t n = 1; n < 64 && !succeeded; n++) {
        uint64_t failed = mem_get_stats().failed;
        options_report r;
        mem_fail_at(n);
        options_status st = options_load(&b, path, &r);
        mem_fail_at(0);
        CHECK_EQ_INT(mem_live_blocks(), live);
        if (mem_get_stats().failed == failed) {
            succeeded = 1;
            CHECK_EQ_INT(st, OPTIONS_LOADED);
            CHECK(memcmp(&a, &b, sizeof a) == 0);
        } else {
            CHECK_EQ_INT(st, OPTIONS_UNREADABLE);
            CHECK(b.save_blocked == 1);
            b.save_blocked = 0;
            CHECK(memcmp(&d, &b, sizeof d) == 0);
            CHECK_STR_CONTAINS(r.lines[0], "cannot be read");
        }
    }
    CHECK(succeeded);
}

static void options_test_rebinding(void)
{
    options o;
    options_defaults(&o);
    /* Z moves from shot to bomb, and shot gets bomb's X in exchange. */
    CHECK_EQ_INT(options_bind_key(&o, INPUT_BOMB, 0, KEY_Z), INPUT_SHOT);
    CHECK_EQ_INT(o.keys[INPUT_BOMB][0], KEY_Z);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][0], KEY_X);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][1], KEY_J);
    /* The same button's other slot: the two swap. */
    CHECK_EQ_INT(options_bind_key(&o, INPUT_BOMB, 1, KEY_Z), -1);
    CHECK_EQ_INT(o.keys[INPUT_BOMB][0], KEY_K);
    CHECK_EQ_INT(o.keys[INPUT_BOMB][1], KEY_Z);
    CHECK_EQ_INT(options_bind_pad(&o, INPUT_SHOT, 1, PAD_B), INPUT_BOMB);
    CHECK(o.pads[INPUT_BOMB][0] != PAD_NONE && o.pads[INPUT_BOMB][0] != PAD_B);
    CHECK_EQ_INT(options_bind_key(&o, OPTIONS_CONTROL_COUNT, 0, KEY_Z), -1);
    /* Every button keeps a key however keys are moved around. */
    for (int i = 0; i < 500; i++) {
        int b = (i * 7) % INPUT_BUTTON_COUNT, k = (i * 13) % 12;
        options_bind_key(&o, (input_button)b, i % 2,
                         o.keys[(b + 1 + k) % INPUT_BUTTON_COUNT][(i / 2) % 2]);
    }
    int reachable = 1;
    for (int b = 0; b < INPUT_BUTTON_COUNT; b++)
        reachable &= o.keys[b][0] != KEY_NONE || o.keys[b][1] != KEY_NONE;
    CHECK(reachable);
    /* An empty slot may not take another button's only key. */
    options_defaults(&o);
    o.keys[INPUT_BOMB][1] = KEY_NONE;
    o.keys[INPUT_FOCUS][1] = KEY_NONE;
    CHECK_EQ_INT(options_bind_key(&o, INPUT_FOCUS, 1, KEY_X), OPTIONS_BIND_REFUSED);
    CHECK_EQ_INT(o.keys[INPUT_BOMB][0], KEY_X);
    CHECK_EQ_INT(o.keys[INPUT_FOCUS][1], KEY_NONE);
    /* ...but may take one of two. */
    CHECK_EQ_INT(options_bind_key(&o, INPUT_FOCUS, 1, KEY_J), INPUT_SHOT);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][0], KEY_Z);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][1], KEY_NONE);

    /* A button with nothing left gets its default keys back, and that is reported. */
    static const char text[] = "key.bomb = none, none\npad.bomb = none, none\n";
    options_report r;
    CHECK_EQ_INT(options_parse(&o, text, sizeof text - 1, "o.txt", &r), 1);
    CHECK_EQ_INT(o.keys[INPUT_BOMB][0], KEY_X);
    CHECK_STR_CONTAINS(r.lines[0], "o.txt: 'bomb' had no key or control");
    /* A newer file is read, with a note. */
    static const char newer[] = "version = 9\nshow_fps = yes\n";
    CHECK_EQ_INT(options_parse(&o, newer, sizeof newer - 1, "o.txt", &r), 1);
    CHECK_EQ_INT(o.show_fps, 1);
    CHECK_STR_CONTAINS(r.lines[0], "o.txt:1:11: written by a newer curtain");
}

static void options_test_names(void)
{
    CHECK_EQ_INT(binding_key_from_name("left shift"), KEY_LSHIFT);
    CHECK_EQ_INT(binding_key_from_name("NONE"), KEY_NONE);
    CHECK_EQ_INT(binding_key_from_name("Hyperdrive"), -1);
    CHECK(strcmp(binding_key_name(KEY_KP_8), "Keypad 8") == 0);
    CHECK(binding_key_name(3) == NULL);
    CHECK_EQ_INT(binding_pad_from_name("LeftX-"), PAD_LEFTX_NEG);
    CHECK_EQ_INT(binding_pad_find(PAD_AXIS, 1, 1), PAD_LEFTY_POS);
    CHECK_EQ_INT(binding_pad_find(PAD_BUTTON, 6, 0), PAD_START);
    CHECK_EQ_INT(binding_pad_find(PAD_BUTTON, 99, 0), PAD_NONE);
    CHECK_EQ_INT(binding_pad_info(PAD_RIGHTTRIGGER).kind, PAD_AXIS);
    /* Every name reads back to its own code, and no name holds a separator. */
    int ok = 1;
    for (int i = 0; i < binding_key_count(); i++) {
        const char *name = binding_key_name(binding_key_at(i));
        ok &= binding_key_from_name(name) == binding_key_at(i) && !strpbrk(name, ",=#");
    }
    for (int p = 0; p < PAD_CONTROL_COUNT; p++)
        ok &= binding_pad_from_name(binding_pad_name(p)) == p;
    CHECK(ok);
}

/* A file that cannot be read (here a folder has its name; a file too large, or
 * not readable, alike) is kept: saving refuses to replace it, with a reason. */
static void options_test_unreadable_kept(const char *dir)
{
    char path[512], err[256] = "";
    snprintf(path, sizeof path, "%s/unreadable.txt", dir);
    /* over the size limit: refused unread */
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (!f)
        return;
    static const char line[] = "# a comment line, repeated past the size limit\n";
    for (size_t n = 0; n <= FILE_LIMIT_OPTIONS; n += sizeof line - 1)
        fputs(line, f);
    fclose(f);
    options o;
    options_report r;
    CHECK_EQ_INT(options_load(&o, path, &r), OPTIONS_UNREADABLE);
    CHECK_STR_CONTAINS(r.lines[0], "not saved over it");
    o.master_volume = 10;
    CHECK(options_save(&o, path, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "not saved over a file that could not be read");
    struct stat st;
    CHECK(stat(path, &st) == 0 && st.st_size > (off_t)FILE_LIMIT_OPTIONS);
    remove(path);
}

/* The accessibility settings: each goes through options.txt and back, by name,
 * and a wrong value keeps the default with the reason. */
static void options_test_accessibility(void)
{
    options a, b;
    options_defaults(&a);
    CHECK_EQ_INT(a.bullet_palette, BULLET_PALETTE_NORMAL);
    CHECK_EQ_INT(a.shot_opacity, 100);
    CHECK_EQ_INT(a.practice_speed, 100);
    a.bullet_palette = BULLET_PALETTE_TRITANOPIA;
    a.background_dim = 40;
    a.shot_opacity = 30;
    a.always_hitbox = 1;
    a.reduce_flash = 1;
    a.reduce_shake = 1;
    a.practice_speed = 75;
    char text[OPTIONS_TEXT_MAX];
    int len = options_format(&a, text, sizeof text);
    CHECK(len > 0);
    CHECK_STR_CONTAINS(text, "bullet_palette = tritanopia\n");
    CHECK_STR_CONTAINS(text, "practice_speed = 75\n");
    CHECK_EQ_INT(options_parse(&b, text, (size_t)len, "a.txt", NULL), 0);
    CHECK_EQ_INT(b.bullet_palette, BULLET_PALETTE_TRITANOPIA);
    CHECK_EQ_INT(b.background_dim, 40);
    CHECK_EQ_INT(b.shot_opacity, 30);
    CHECK_EQ_INT(b.always_hitbox, 1);
    CHECK_EQ_INT(b.reduce_flash, 1);
    CHECK_EQ_INT(b.reduce_shake, 1);
    CHECK_EQ_INT(b.practice_speed, 75);
    static const char names[] = "bullet_palette = Deuteranopia\npractice_speed = 50\n";
    CHECK_EQ_INT(options_parse(&b, names, sizeof names - 1, "n.txt", NULL), 0);
    CHECK_EQ_INT(b.bullet_palette, BULLET_PALETTE_DEUTERANOPIA);
    CHECK_EQ_INT(b.practice_speed, 50);
    static const char wrong[] = "bullet_palette = grey\npractice_speed = 60\nshot_opacity = 5\n";
    options_report rep = {0};
    log_level saved = log_get_level();
    log_set_level(LOG_ERROR);
    CHECK_EQ_INT(options_parse(&b, wrong, sizeof wrong - 1, "w.txt", &rep), 3);
    log_set_level(saved);
    CHECK_EQ_INT(b.bullet_palette, BULLET_PALETTE_NORMAL);
    CHECK_EQ_INT(b.practice_speed, 100);
    CHECK_EQ_INT(b.shot_opacity, 100);
    CHECK_STR_CONTAINS(rep.lines[0], "w.txt:1:18: bullet_palette wants normal, deuteranopia");
    CHECK_STR_CONTAINS(rep.lines[1], "w.txt:2:18: practice_speed wants 100, 75 or 50, not '60'");
    /* options_set snaps a speed to the nearest one offered */
    options_set(&b, OPTION_practice_speed, 70);
    CHECK_EQ_INT(b.practice_speed, 75);
}

/* The savestate actions: default keys F5 and F9, the back button and the right
 * stick press; read and written as key.save_state and pad.load_state; a key
 * bound to one is swapped with the button that had it. */
static void options_test_actions(void)
{
    options o;
    options_defaults(&o);
    int save = OPTIONS_CONTROL_OF(OPTIONS_ACTION_SAVE_STATE);
    int load = OPTIONS_CONTROL_OF(OPTIONS_ACTION_LOAD_STATE);
    CHECK_EQ_INT(o.keys[save][0], KEY_F5);
    CHECK_EQ_INT(o.keys[load][0], KEY_F9);
    CHECK_EQ_INT(o.pads[save][0], PAD_BACK);
    CHECK_EQ_INT(o.pads[load][0], PAD_RIGHTSTICK);
    CHECK(strcmp(options_button_name((input_button)save), "save_state") == 0);
    static const char text[] = "key.save_state = F6, Q\npad.load_state = y, none\n";
    CHECK_EQ_INT(options_parse(&o, text, sizeof text - 1, "o.txt", NULL), 0);
    CHECK_EQ_INT(o.keys[save][0], KEY_F6);
    CHECK_EQ_INT(o.keys[save][1], KEY_Q);
    CHECK_EQ_INT(o.pads[load][0], PAD_Y);
    char out[OPTIONS_TEXT_MAX];
    CHECK(options_format(&o, out, sizeof out) > 0);
    CHECK_STR_CONTAINS(out, "key.save_state = F6, Q\n");
    CHECK_STR_CONTAINS(out, "pad.load_state = y, none\n");
    /* Z, the shot's, bound to load_state: the shot gets load_state's old key */
    CHECK_EQ_INT(options_bind_key(&o, (input_button)load, 0, KEY_Z), INPUT_SHOT);
    CHECK_EQ_INT(o.keys[load][0], KEY_Z);
    CHECK_EQ_INT(o.keys[INPUT_SHOT][0], KEY_F9);
}

/* Saving over a file keeps its comments and the keys this version does not know
 * (a newer version's settings survive a downgrade and back), updates the known
 * ones in place, and adds the missing ones; the result reads back as the
 * options saved. It dropped both before. */
static void options_test_keeps_unknown(const char *dir)
{
    static const char text[] = "# my settings: do not lose this\n"
                               "version = 9\n"
                               "master_volume = 40   # quiet at night\n"
                               "shader_bloom = yes\n"
                               "key.shot = Z, none\n"
                               "\n"
                               "# end of mine\n";
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/keep.txt", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (!f)
        return;
    fputs(text, f);
    fclose(f);
    options o, back;
    options_report r;
    options_load(&o, path, &r);
    CHECK_EQ_INT(o.master_volume, 40);
    options_set(&o, OPTION_master_volume, 70);
    CHECK_EQ_INT(options_save(&o, path, err, sizeof err), 0);
    size_t size = 0;
    char *saved = file_read_all(path, &size, err, sizeof err);
    CHECK(saved != NULL);
    if (!saved)
        return;
    CHECK_STR_CONTAINS(saved, "# my settings: do not lose this\nversion = 9\n");
    CHECK_STR_CONTAINS(saved, "master_volume = 70 # quiet at night\n");
    CHECK_STR_CONTAINS(saved, "shader_bloom = yes\n");
    CHECK_STR_CONTAINS(saved, "key.shot = Z, none\n\n# end of mine\n");
    CHECK_STR_CONTAINS(saved, "show_fps = "); /* what the file lacked, added */
    CHECK(strstr(saved, "master_volume = 40") == NULL);
    options_load(&back, path, &r);
    CHECK(memcmp(&o, &back, sizeof o) == 0);
    /* saved again: the same text (nothing added twice) */
    CHECK_EQ_INT(options_save(&o, path, err, sizeof err), 0);
    char *again = file_read_all(path, &size, err, sizeof err);
    CHECK(again && strcmp(again, saved) == 0);
    mem_free(again);
    mem_free(saved);
}

/* options_step moves a setting by its row's step: stopping at the ends, or going
 * round (OPTION_MENU_ROUND), a negative step from the top down, within a given top. */
static void options_test_step(void)
{
    options o;
    options_defaults(&o);
    o.master_volume = 90; /* stops at 100 */
    options_step(&o, OPTION_master_volume, 1, -1);
    options_step(&o, OPTION_master_volume, 1, -1);
    CHECK_EQ_INT(o.master_volume, 100);
    o.background_dim = 0; /* stops at 0 */
    options_step(&o, OPTION_background_dim, -1, -1);
    CHECK_EQ_INT(o.background_dim, 0);
    o.text_speed = 240; /* round: 240, then 0 (all at once), then 30 */
    options_step(&o, OPTION_text_speed, 1, -1);
    CHECK_EQ_INT(o.text_speed, 0);
    options_step(&o, OPTION_text_speed, 1, -1);
    CHECK_EQ_INT(o.text_speed, 30);
    options_step(&o, OPTION_text_speed, -1, -1);
    options_step(&o, OPTION_text_speed, -1, -1);
    CHECK_EQ_INT(o.text_speed, 240);
    o.practice_speed = 100; /* right goes down: 100, 75, 50, 100 */
    options_step(&o, OPTION_practice_speed, 1, -1);
    CHECK_EQ_INT(o.practice_speed, 75);
    options_step(&o, OPTION_practice_speed, 1, -1);
    options_step(&o, OPTION_practice_speed, 1, -1);
    CHECK_EQ_INT(o.practice_speed, 100);
    options_step(&o, OPTION_practice_speed, -1, -1);
    CHECK_EQ_INT(o.practice_speed, 50);
    o.show_fps = 0; /* a yes/no setting toggles either way */
    options_step(&o, OPTION_show_fps, -1, -1);
    CHECK_EQ_INT(o.show_fps, 1);
    options_step(&o, OPTION_show_fps, 1, -1);
    CHECK_EQ_INT(o.show_fps, 0);
    o.window_scale = 2; /* round within 0..3 when the screen holds 3 */
    options_step(&o, OPTION_window_scale, 1, 3);
    CHECK_EQ_INT(o.window_scale, 3);
    options_step(&o, OPTION_window_scale, 1, 3);
    CHECK_EQ_INT(o.window_scale, 0);
    options_step(&o, OPTION_window_scale, -1, 3);
    CHECK_EQ_INT(o.window_scale, 3);
    options d = o; /* no setting (an id out of range) changes nothing */
    options_step(&o, OPTION_COUNT, 1, -1);
    CHECK(memcmp(&o, &d, sizeof o) == 0);
}

int main(void)
{
    char dir[] = "/tmp/curtain-options-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    options_test_defaults();
    options_test_names();
    options_test_round_trip(dir);
    options_test_partly_wrong(dir);
    options_test_truncated();
    options_test_garbage();
    options_test_oom(dir);
    options_test_unreadable_kept(dir);
    options_test_keeps_unknown(dir);
    options_test_rebinding();
    options_test_accessibility();
    options_test_step();
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    options_test_actions();
    return check_done("options");
}
