/*
 * view: `curtain view FILE [MORE...]`, the pattern sandbox window.
 *
 * Runs FILE's boss, when it defines one, else its default entry (or --entry /
 * --boss) from the top of the field in the sandbox, with a dummy player moved by the arrow keys or
 * WASD (Shift: slow). Keys: R restart, P or Space pause, N or '.' one frame while paused, + and -
 * rank up and down (a difficulty level at a time), Tab the next entry of the
 * file, Esc or Q quit. The files are polled four times a second; a change is
 * recompiled and restarted. A broken edit shows its errors on screen and the
 * last good version keeps running. The backdrop is the game's at that point
 * (sandbox_backdrop: pattern/content/backdrop_cue.h).
 *
 * A file that declares a ship and nothing else to run (or --ship NAME) flies
 * the ship instead, at the bottom of the field in a world of its own firing its
 * volleys, as the ship select screen shows it (game/ship_preview.h): the arrows
 * move it, Shift focuses it (F keeps it focused), X bombs (the bomb's
 * spectacle shows), + and - change the power level, Tab the next shot type or ship.
 */
#include "app/view.h"

#include "app/cli.h"
#include "app/view_draw.h"
#include "core/clock.h"
#include "core/file.h"
#include "core/mem.h"
#include "game/difficulty.h"
#include "game/ship_preview.h"
#include "pattern/content/library.h"
#include "pattern/objects/sandbox.h"
#include "platform/frame_pacer.h"
#include "platform/window.h"
#include "sim/playfield.h"
#include "ui/world_view.h"

#include <SDL.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define VIEW_MAX_FILES   64
#define VIEW_POLL_FRAMES 15 /* a quarter of a second */

typedef struct viewer {
    const char *const *files;
    int nfiles;
    uint64_t mtime[VIEW_MAX_FILES];
    library *lib;
    /* the art: its sheets' stamps, and a count of changes (a new library or a
     * sheet saved) that the drawing catches up with (art_drawn) */
    uint64_t sheet_mtime[ART_MAX_SHAPES];
    uint64_t backdrop_mtime[BACKDROP_MAX_SHEETS]; /* the data backdrops' sheets' */
    uint32_t art_changes, art_drawn;
    char entry_name[128]; /* what runs; "" = the default */
    int boss_mode;        /* entry_name names a boss */
    sandbox *sb;
    sandbox_config cfg;
    double player_x, player_y;
    int paused, step_once;
    char errors[4096]; /* the last failed compile's diagnostics; "" when clean */
    int error_count;   /* how many diagnostics that compile gave (errors may hold fewer) */
    double step_ms;    /* smoothed time of one sandbox step */
    int quit;
    char prints[SANDBOX_PRINT_KEEP * 260]; /* the scripts' last print lines, for the field */
    /* a ship, when the viewer flies one instead (ship_mode) */
    int ship_mode;
    char ship_name[128]; /* the ship flown; "" until chosen (the file's first) */
    uint32_t ship_type;  /* its shot type (index; a reload keeps it while it exists) */
    world *ship;         /* its preview world; ship->vm is NULL when none runs */
    world_view ship_view;
    spectacle show; /* what a pattern's presentation statements show */
    int power;      /* level 1..SHIP_PREVIEW_LEVELS */
    int focus_lock; /* F: focused without Shift held */
    int focused;    /* the last frame flew focused */
    uint64_t shots; /* fired since the ship (re)started */
} viewer;

/* A script's print: to the terminal as it happens (the field shows the last few). */
static void viewer_print(void *user, const char *line)
{
    (void)user;
    fprintf(stderr, "%s\n", line);
}

/* A presentation statement a pattern reached: shown over the field. */
static void viewer_show(void *user, const vm_show *show, float x, float y)
{
    spectacle_show(user, show, x, y, 0);
}

/* The sandbox's last print lines, oldest first, one a line, into v->prints;
 * the file's folders left out, so that a line fits the field's width. */
static const char *viewer_prints(viewer *v)
{
    size_t len = 0;
    v->prints[0] = 0;
    for (int k = SANDBOX_PRINT_KEEP - 1; k >= 0; k--) {
        const char *line = sandbox_print_line(v->sb, (uint32_t)k);
        for (const char *c = line; c && *c && *c != ':'; c++)
            if (*c == '/')
                line = c + 1;
        if (line && len < sizeof v->prints)
            len += (size_t)snprintf(v->prints + len, sizeof v->prints - len, "%s\n", line);
    }
    return v->prints;
}

/* Reads the modification stamps of every file. Returns 1 if one changed. A
 * sheet of the library's art or of its data backdrops that changed counts an
 * art change instead (the art is drawn again; nothing is compiled). */
static int viewer_poll(viewer *v)
{
    int changed = 0;
    for (int i = 0; i < v->nfiles; i++) {
        uint64_t m = file_mtime_ns(v->files[i]);
        if (m != v->mtime[i])
            changed = 1;
        v->mtime[i] = m;
    }
    for (uint32_t k = 0; v->lib && k < v->lib->art_count; k++) {
        uint64_t m = file_mtime_ns(v->lib->art[k].sheet);
        if (m != v->sheet_mtime[k])
            v->art_changes++;
        v->sheet_mtime[k] = m;
    }
    for (uint32_t k = 0; v->lib && k < v->lib->backdrop_sheet_count && k < BACKDROP_MAX_SHEETS;
         k++) {
        uint64_t m = file_mtime_ns(v->lib->backdrop_sheets[k].path);
        if (m != v->backdrop_mtime[k])
            v->art_changes++;
        v->backdrop_mtime[k] = m;
    }
    return changed;
}

/* Draws the library's art again when it changed: errors (a sheet missing,
 * a frame outside it) go over the field like a compile's. */
static void viewer_update_art(viewer *v, view_draw *draw)
{
    if (v->art_drawn == v->art_changes)
        return;
    v->art_drawn = v->art_changes;
    char err[1024];
    if (view_draw_load_art(draw, v->lib, err, sizeof err) != 0) {
        snprintf(v->errors, sizeof v->errors, "%s\n", err);
        v->error_count = 1;
        fprintf(stderr, "curtain view: %s", v->errors);
    } else if (v->lib && (v->lib->art_count || v->lib->backdrop_count)) {
        fprintf(stderr, "curtain view: drew %u art shape%s and %u backdrop%s\n",
                (unsigned)v->lib->art_count, v->lib->art_count == 1 ? "" : "s",
                (unsigned)v->lib->backdrop_count, v->lib->backdrop_count == 1 ? "" : "s");
    }
}

/* What runs from lib: the chosen entry or boss, else the file's default.
 * Returns 0 when lib has nothing to run. */
static int viewer_pick(const viewer *v, const library *lib, const library_entry **entry,
                       const library_boss **boss)
{
    const library_entry *e = NULL;
    const library_boss *b = NULL;
    if (v->boss_mode)
        b = library_find_boss(lib, v->entry_name);
    else if (v->entry_name[0])
        e = library_find(lib, v->entry_name);
    for (uint32_t i = 0; !e && !b && !v->entry_name[0] && i < lib->boss_count; i++)
        if (strcmp(lib->bosses[i].file, v->files[0]) == 0)
            b = &lib->bosses[i]; /* a file that defines a boss is about its boss */
    if (!e && !b)
        e = library_default_entry(lib, v->files[0]);
    if (!e && !b && lib->boss_count)
        b = &lib->bosses[0];
    *entry = e;
    *boss = b;
    return e || b;
}

/* (Re)starts the sandbox on the chosen entry of the current library. A name
 * asked for (--entry, --boss) that the files do not define is said, on the
 * screen too, before the default runs instead. */
static void viewer_restart(viewer *v)
{
    if (!v->lib)
        return;
    const library_entry *e = NULL;
    const library_boss *b = NULL;
    viewer_pick(v, v->lib, &e, &b);
    const char *found = e ? e->name : b ? b->name : NULL;
    if (found && v->entry_name[0] && (strcmp(found, v->entry_name) != 0 || !b != !v->boss_mode)) {
        snprintf(v->errors, sizeof v->errors, "%s: no %s '%s'; running %s %s instead\n",
                 v->files[0], v->boss_mode ? "boss" : "pattern, enemy or stage", v->entry_name,
                 b ? "boss" : "entry", found);
        fprintf(stderr, "curtain view: %s", v->errors);
    }
    if (e)
        snprintf(v->entry_name, sizeof v->entry_name, "%s", e->name), v->boss_mode = 0;
    else if (b)
        snprintf(v->entry_name, sizeof v->entry_name, "%s", b->name), v->boss_mode = 1;
    sandbox_set_player(v->sb, v->player_x, v->player_y);
    if (e || b)
        fprintf(stderr, "curtain view: running %s %s\n", b ? "boss" : "entry", v->entry_name);
    spectacle_clear(&v->show); /* a new run, or a new library: its shows go */
    if (sandbox_start(v->sb, v->lib, e, b) != 0)
        snprintf(v->errors, sizeof v->errors,
                 "%s: nothing to run (a pattern without parameters, "
                 "an enemy, a stage or a boss)\n",
                 v->files[0]);
}

/* Whether lib should be shown as a ship: --ship was given, or the first file
 * declares a ship and no pattern, enemy, stage or boss to run. */
static int viewer_wants_ship(const viewer *v, const library *lib)
{
    if (v->ship_mode)
        return 1;
    if (v->entry_name[0] || ship_preview_find(lib, NULL, v->files[0]) < 0 ||
        library_default_entry(lib, v->files[0]))
        return 0;
    for (uint32_t i = 0; i < lib->boss_count; i++)
        if (strcmp(lib->bosses[i].file, v->files[0]) == 0)
            return 0;
    return 1;
}

/* The ship to fly from lib: the one named, else the first file's first. */
static int viewer_find_ship(const viewer *v, const library *lib)
{
    return v->ship_name[0] ? ship_preview_find(lib, v->ship_name, NULL)
                           : ship_preview_find(lib, NULL, v->files[0]);
}

/* (Re)starts the ship's preview world on the current library. */
static void viewer_restart_ship(viewer *v)
{
    if (!v->lib)
        return; /* not compiled yet: the errors stay on the screen */
    if (v->ship->vm)
        world_free(v->ship);
    int i = viewer_find_ship(v, v->lib);
    if (i >= 0 && v->ship_type >= v->lib->ships[i].type_count)
        v->ship_type = 0;
    if (i < 0 || ship_preview_init(v->ship, v->lib, (uint32_t)i, v->ship_type) != 0) {
        snprintf(v->errors, sizeof v->errors, "%s: no ship '%s'\n", v->files[0], v->ship_name);
        return;
    }
    snprintf(v->ship_name, sizeof v->ship_name, "%s", v->lib->ships[i].name);
    world_view_reset(&v->ship_view);
    spectacle_clear(&v->show);
    v->shots = 0;
    const library_ship *t = library_ship_type(&v->lib->ships[i], v->ship_type);
    fprintf(stderr, "curtain view: flying ship %s%s%s\n", v->ship_name,
            t->type_name[0] ? " type " : "", t->type_name);
}

/* A reload of a ship: the new library is swapped in when it still declares the
 * ship (the world is made again on it), else the old one keeps flying. */
static void viewer_reload_ship(viewer *v, library *lib)
{
    if (viewer_find_ship(v, lib) < 0) {
        if (v->lib)
            snprintf(v->errors, sizeof v->errors,
                     "%s: no ship '%s' any more; the last good version keeps flying\n", v->files[0],
                     v->ship_name);
        else
            snprintf(v->errors, sizeof v->errors, "%s: no ship '%s' in the files given\n",
                     v->files[0], v->ship_name);
        v->error_count = 0;
        fprintf(stderr, "curtain view: %s", v->errors);
        library_free(lib);
        return;
    }
    if (v->lib)
        fprintf(stderr, "curtain view: reloaded %s\n", v->files[0]);
    if (v->ship->vm)
        world_free(v->ship); /* it reads the old library */
    library_free(v->lib);
    v->lib = lib;
    v->art_changes++;
    v->errors[0] = 0;
    v->error_count = 0;
    v->ship_mode = 1;
    viewer_restart_ship(v);
}

/* Compiles the files; on success swaps the library in and restarts, else keeps
 * the old one running and remembers the errors for the screen. A version with
 * nothing to run (an empty file, or one caught half-saved) is not swapped in
 * either. */
static void viewer_reload(viewer *v)
{
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_paths(v->files, v->nfiles, &diags);
    diag_print(&diags, stderr);
    const library_entry *e;
    const library_boss *b;
    if (lib && viewer_wants_ship(v, lib)) {
        viewer_reload_ship(v, lib);
    } else if (lib && v->lib && !viewer_pick(v, lib, &e, &b)) {
        snprintf(v->errors, sizeof v->errors,
                 "%s: nothing to run (a pattern without parameters, an enemy, a stage or a "
                 "boss); the last good version keeps running\n",
                 v->files[0]);
        v->error_count = 0;
        fprintf(stderr, "curtain view: %s", v->errors);
        library_free(lib);
    } else if (lib) {
        if (v->lib)
            fprintf(stderr, "curtain view: reloaded %s\n", v->files[0]);
        library_free(v->lib);
        v->lib = lib;
        v->art_changes++;
        v->errors[0] = 0;
        v->error_count = 0;
        viewer_restart(v);
    } else {
        diag_format(&diags, v->errors, sizeof v->errors);
        v->error_count = diags.errors + diags.warnings;
        if (!v->errors[0])
            snprintf(v->errors, sizeof v->errors, "%s: cannot load\n", v->files[0]);
    }
    diag_free(&diags);
}

/* --phase N: the viewer must be running a boss that has that phase. */
static int viewer_check_phase(const viewer *v, const char *command, int phase)
{
    const library_boss *b =
        v->lib && v->boss_mode ? library_find_boss(v->lib, v->entry_name) : NULL;
    if (!b)
        return cli_usage_error(command, "--phase N is for a boss: give --boss NAME, or a file "
                                        "that defines one");
    if (phase >= (int)b->phase_count)
        return cli_usage_error(command, "boss '%s' has %u phases (0 to %u), no phase %d", b->name,
                               (unsigned)b->phase_count, (unsigned)b->phase_count - 1, phase);
    return CLI_EXIT_OK;
}

/* Tab: the next runnable entry of the first file, then its bosses, round. */
static void viewer_next_entry(viewer *v)
{
    if (!v->lib)
        return;
    const char *names[256];
    int bosses[256], n = 0, cur = -1;
    for (uint32_t i = 0; i < v->lib->entry_count && n < 256; i++) {
        const library_entry *e = &v->lib->entries[i];
        if (strcmp(e->file, v->files[0]) == 0 && library_entry_runnable(e))
            names[n] = e->name, bosses[n++] = 0;
    }
    for (uint32_t i = 0; i < v->lib->boss_count && n < 256; i++)
        names[n] = v->lib->bosses[i].name, bosses[n++] = 1;
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], v->entry_name) == 0 && bosses[i] == v->boss_mode)
            cur = i;
    if (n == 0)
        return;
    int next = (cur + 1) % n;
    sandbox_set_boss_phase(v->sb, 0); /* --phase was the first boss's */
    snprintf(v->entry_name, sizeof v->entry_name, "%s", names[next]);
    v->boss_mode = bosses[next];
    viewer_restart(v);
}

/* Tab with a ship: its next shot type, else the library's next ship (its
 * first type), round. */
static void viewer_next_ship(viewer *v)
{
    int i = v->lib ? viewer_find_ship(v, v->lib) : -1;
    if (i < 0 || v->lib->ship_count == 0)
        return;
    if (v->ship_type + 1 < v->lib->ships[i].type_count) {
        v->ship_type++;
        v->errors[0] = 0;
        viewer_restart_ship(v);
        return;
    }
    v->ship_type = 0;
    uint32_t next = ((uint32_t)i + 1) % v->lib->ship_count;
    snprintf(v->ship_name, sizeof v->ship_name, "%s", v->lib->ships[next].name);
    v->errors[0] = 0;
    viewer_restart_ship(v);
}

/* A key that means something else with a ship: returns 1 when it did. */
static int viewer_ship_key(viewer *v, SDL_Keycode key)
{
    switch (key) {
    case SDLK_r:
    case SDLK_F5: viewer_restart_ship(v); return 1;
    case SDLK_TAB: viewer_next_ship(v); return 1;
    case SDLK_f: v->focus_lock = !v->focus_lock; return 1;
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS: v->power += v->power < SHIP_PREVIEW_LEVELS; return 1;
    case SDLK_MINUS:
    case SDLK_KP_MINUS: v->power -= v->power > 1; return 1;
    default: return 0;
    }
}

/* One key press of the viewer. */
static void viewer_key(viewer *v, SDL_Keycode key)
{
    if (v->ship_mode && viewer_ship_key(v, key))
        return;
    switch (key) {
    case SDLK_ESCAPE:
    case SDLK_q: v->quit = 1; break;
    case SDLK_r:
    case SDLK_F5: viewer_restart(v); break;
    case SDLK_p:
    case SDLK_SPACE: v->paused = !v->paused; break;
    case SDLK_n:
    case SDLK_PERIOD: v->step_once = 1; break;
    case SDLK_TAB: viewer_next_entry(v); break;
    case SDLK_z:
    case SDLK_RETURN: sandbox_input(v->sb, 1, 0); break; /* a dialogue's next line */
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS:
    case SDLK_MINUS:
    case SDLK_KP_MINUS: {
        /* step through the difficulties' ranks */
        int up = key == SDLK_PLUS || key == SDLK_EQUALS || key == SDLK_KP_PLUS;
        double r = sandbox_rank(v->sb), next = r;
        for (int d = 0; d < DIFFICULTY_COUNT; d++) {
            double dr = difficulty_rank(d);
            if (up && dr > r + 1e-9 && (next == r || dr < next))
                next = dr;
            if (!up && dr < r - 1e-9 && (next == r || dr > next))
                next = dr;
        }
        sandbox_set_rank(v->sb, next);
        v->cfg.rank = next;
        break;
    }
    default: break;
    }
}

/* Moves the dummy player by the held keys. */
static void viewer_move_player(viewer *v)
{
    const Uint8 *k = SDL_GetKeyboardState(NULL);
    double dx =
        (k[SDL_SCANCODE_RIGHT] || k[SDL_SCANCODE_D]) - (k[SDL_SCANCODE_LEFT] || k[SDL_SCANCODE_A]);
    double dy =
        (k[SDL_SCANCODE_DOWN] || k[SDL_SCANCODE_S]) - (k[SDL_SCANCODE_UP] || k[SDL_SCANCODE_W]);
    double speed = (k[SDL_SCANCODE_LSHIFT] || k[SDL_SCANCODE_RSHIFT]) ? 2.0 : 4.5;
    v->player_x += dx * speed;
    v->player_y += dy * speed;
    v->player_x = v->player_x < 12                 ? 12
                  : v->player_x > PLAYFIELD_W - 12 ? PLAYFIELD_W - 12
                                                   : v->player_x;
    v->player_y = v->player_y < 12                 ? 12
                  : v->player_y > PLAYFIELD_H - 12 ? PLAYFIELD_H - 12
                                                   : v->player_y;
    sandbox_set_player(v->sb, v->player_x, v->player_y);
}

/* One frame of the ship: it fires, moved and focused by the held keys. */
static void viewer_step_ship(viewer *v)
{
    if (!v->ship->vm)
        return;
    const Uint8 *k = SDL_GetKeyboardState(NULL);
    input_bits in = 0;
    if (k[SDL_SCANCODE_UP] || k[SDL_SCANCODE_W])
        in |= INPUT_BIT(INPUT_UP);
    if (k[SDL_SCANCODE_DOWN] || k[SDL_SCANCODE_S])
        in |= INPUT_BIT(INPUT_DOWN);
    if (k[SDL_SCANCODE_LEFT] || k[SDL_SCANCODE_A])
        in |= INPUT_BIT(INPUT_LEFT);
    if (k[SDL_SCANCODE_RIGHT] || k[SDL_SCANCODE_D])
        in |= INPUT_BIT(INPUT_RIGHT);
    v->focused = v->focus_lock || k[SDL_SCANCODE_LSHIFT] || k[SDL_SCANCODE_RSHIFT];
    if (v->focused)
        in |= INPUT_BIT(INPUT_FOCUS);
    if (k[SDL_SCANCODE_X]) { /* a bomb, with its spectacle; the preview never runs out */
        in |= INPUT_BIT(INPUT_BOMB);
        v->ship->player.bombs = PLAYER_START_BOMBS;
    }
    v->shots += (uint64_t)ship_preview_step(v->ship, in, v->power);
    world_view_step(&v->ship_view, v->ship);
}

/* The status of the ship flown, one line: the panel's and the terminal's. */
static void viewer_ship_status(const viewer *v, char *out, size_t n)
{
    snprintf(out, n, "ship %s frames %" PRIu64 " power %d %s shots %" PRIu64 " live %u",
             v->ship_name, v->ship->vm ? v->ship->frame : 0, v->power,
             v->focused ? "focused" : "unfocused", v->shots,
             v->ship->vm ? (unsigned)v->ship->shots.live : 0u);
}

/* What the side panel shows with a ship. */
static void viewer_ship_panel(viewer *v, view_panel *p, float fps)
{
    const library_ship *s = v->lib && viewer_find_ship(v, v->lib) >= 0
                                ? &v->lib->ships[viewer_find_ship(v, v->lib)]
                                : NULL;
    snprintf(p->lines[0], sizeof p->lines[0], "%s", v->files[0]);
    const library_ship *t = s ? library_ship_type(s, v->ship_type) : NULL;
    /* each name cut to 24 bytes: the line's 96 hold all three */
    snprintf(p->lines[1], sizeof p->lines[1], "ship %.24s (%.24s%s%.24s)", v->ship_name,
             s ? s->title : "?", t && t->type_title[0] ? ": " : "", t ? t->type_title : "");
    snprintf(p->lines[2], sizeof p->lines[2], "frame %" PRIu64 "%s",
             v->ship->vm ? v->ship->frame : 0, v->paused ? "  PAUSED" : "");
    snprintf(p->lines[3], sizeof p->lines[3], "power %d of %d, %s%s", v->power, SHIP_PREVIEW_LEVELS,
             v->focused ? "focused" : "unfocused", v->focus_lock ? " (F)" : "");
    snprintf(p->lines[4], sizeof p->lines[4], "shots %u, %" PRIu64 " fired",
             v->ship->vm ? (unsigned)v->ship->shots.live : 0u, v->shots);
    snprintf(p->lines[5], sizeof p->lines[5], "step %.3f ms", v->step_ms);
    snprintf(p->lines[6], sizeof p->lines[6], "%.0f fps", (double)fps);
    p->count = 7;
    p->prints = NULL;
    p->error = v->errors[0] ? v->errors : v->ship->vm ? v->ship->last_error : NULL;
    p->error_count = v->errors[0] ? v->error_count : 0;
    p->help = "arrows/WASD  move\nshift       focus\nF           keep focused\n"
              "X           bomb\n+ -         power\nR           restart\nP, space    pause\n"
              "N           one frame\nTab         next type or ship\nEsc         quit";
}

/* What the side panel shows. */
static void viewer_panel(viewer *v, view_panel *p, float fps)
{
    if (v->ship_mode) {
        viewer_ship_panel(v, p, fps);
        return;
    }
    double rank = sandbox_rank(v->sb);
    int level = 0;
    for (int d = 1; d < DIFFICULTY_COUNT; d++)
        if (rank >= (difficulty_rank(d - 1) + difficulty_rank(d)) / 2)
            level = d;
    snprintf(p->lines[0], sizeof p->lines[0], "%s", v->files[0]);
    snprintf(p->lines[1], sizeof p->lines[1], "%s %.80s", v->boss_mode ? "boss" : "run",
             v->entry_name);
    snprintf(p->lines[2], sizeof p->lines[2], "frame %d%s", (int)sandbox_frame(v->sb),
             v->paused ? "  PAUSED" : "");
    uint64_t refused = sandbox_refused(v->sb); /* the sandbox was full: say so */
    uint32_t lasers = sandbox_lasers(v->sb)->live, items = sandbox_items(v->sb)->count;
    int len = snprintf(p->lines[3], sizeof p->lines[3], "bullets %u",
                       (unsigned)sandbox_bullet_count(v->sb));
    if (refused)
        len += snprintf(p->lines[3] + len, sizeof p->lines[3] - (size_t)len,
                        ", %" PRIu64 " refused", refused);
    else if (lasers > 0)
        len += snprintf(p->lines[3] + len, sizeof p->lines[3] - (size_t)len, "  lasers %u",
                        (unsigned)lasers);
    if (items > 0) /* what the scripts dropped, on the field */
        snprintf(p->lines[3] + len, sizeof p->lines[3] - (size_t)len, "  items %u",
                 (unsigned)items);
    vm_stats vs = sandbox_vm_stats(v->sb); /* scripts stopped or refused */
    if (vs.budget_stops || vs.refused)
        snprintf(p->lines[4], sizeof p->lines[4],
                 "step %.3f ms, %" PRIu64 " over budget, %" PRIu64 " scripts refused", v->step_ms,
                 vs.budget_stops, vs.refused);
    else
        snprintf(p->lines[4], sizeof p->lines[4], "step %.3f ms", v->step_ms);
    snprintf(p->lines[5], sizeof p->lines[5], "%.0f fps", (double)fps);
    snprintf(p->lines[6], sizeof p->lines[6], "rank %.2f %s", rank, difficulty_name(level));
    snprintf(p->lines[7], sizeof p->lines[7], "%s", sandbox_status(v->sb));
    p->count = 8;
    p->prints = viewer_prints(v);
    p->error = v->errors[0] ? v->errors : sandbox_last_error(v->sb);
    p->error_count = v->errors[0] ? v->error_count : 0;
    p->help = "arrows/WASD  move\nshift       slow\nR           restart\nP, space    pause\n"
              "N           one frame\n+ -         rank\nTab         next pattern\n"
              "Z, Ctrl     next line, skip\nEsc         quit";
}

/* One displayed frame: the keys, a look at the files every VIEW_POLL_FRAMES (a
 * reload when they changed), a sandbox step unless paused (its time smoothed into
 * the panel's figure), then the picture. */
static void viewer_frame(viewer *v, window *win, frame_pacer *pacer, view_draw *draw, int frame)
{
    frame_pacer_wait(pacer);
    SDL_Event ev;
    while (SDL_PollEvent(&ev)) {
        if (ev.type == SDL_QUIT)
            v->quit = 1;
        else if (ev.type == SDL_KEYDOWN && !ev.key.repeat)
            viewer_key(v, ev.key.keysym.sym);
    }
    if (frame % VIEW_POLL_FRAMES == 0 && viewer_poll(v))
        viewer_reload(v);
    viewer_update_art(v, draw);
    if (!v->paused || v->step_once) {
        uint64_t t0 = clock_now_ns();
        if (v->ship_mode) {
            viewer_step_ship(v);
        } else {
            viewer_move_player(v);
            const Uint8 *k = SDL_GetKeyboardState(NULL);
            sandbox_input(v->sb, 0, k[SDL_SCANCODE_LCTRL] || k[SDL_SCANCODE_RCTRL]);
            spectacle_step(&v->show);
            sandbox_step(v->sb);
        }
        double ms = (double)(clock_now_ns() - t0) / 1e6;
        v->step_ms = v->step_ms == 0 ? ms : v->step_ms * 0.9 + ms * 0.1;
        v->step_once = 0;
    }
    view_panel panel;
    viewer_panel(v, &panel, pacer->fps);
    window_begin_frame(win);
    if (v->ship_mode && v->ship->vm)
        view_draw_world(draw, &v->ship_view, v->ship, &panel);
    else {
        view_draw_set_spectacle(draw, &v->show);
        view_draw_frame(draw, v->sb, v->lib, v->player_x, v->player_y, &panel);
    }
    window_end_frame(win);
    frame_pacer_presented(pacer);
}

int view_main(int argc, char **argv, int first, const char *command)
{
    viewer v;
    memset(&v, 0, sizeof v);
    const char *entry = NULL, *boss = NULL, *renderer = NULL, *ship = NULL;
    int frames = 0, scale = 0, phase = -1;
    uint64_t seed = 1;
    double rank = difficulty_rank(DIFFICULTY_NORMAL);
    const cli_option cli_options[] = {
        {"entry", CLI_STRING, &entry, "NAME", "the pattern, enemy or stage to run", 0, 0},
        {"boss", CLI_STRING, &boss, "NAME", "run the boss NAME (its phases in turn)", 0, 0},
        {"ship", CLI_STRING, &ship, "NAME", "fly the ship NAME firing its volleys", 0, 0},
        {"power", CLI_INT, &v.power, "N", "a ship: its power level at the start (default 1)", 1,
         SHIP_PREVIEW_LEVELS},
        {"phase", CLI_INT, &phase, "N", "a boss: start at its phase N (from 0); R restarts there",
         0, LIBRARY_MAX_PHASES - 1},
        {"rank", CLI_DOUBLE, &rank, "R", "difficulty, 0 to 1 (default: Normal's, 0.35)", 0, 1},
        {"seed", CLI_U64, &seed, "S", "seed of rand (default 1)", 0, 0},
        {"frames", CLI_INT, &frames, "N", "quit after N frames (for scripts)", 1, 1e9},
        {"scale", CLI_INT, &scale, "N", "window size as a multiple of 640x480", 1, 16},
        {"renderer", CLI_STRING, &renderer, "NAME", "SDL render driver (software, opengl...)", 0,
         0},
    };
    cli_spec spec = {command, cli_options,    CLI_OPTION_COUNT(cli_options),
                     1,       VIEW_MAX_FILES, "FILE"};
    if (cli_wants_help(argc, argv, first)) {
        printf("usage: curtain view FILE [MORE...] [OPTIONS]\n\n"
               "A sandbox window for one pattern file: it runs the file's pattern (its boss,\n"
               "when it defines one) from the top of the field and reloads it within a second\n"
               "of a change on disk (the sheet of an `art` or `backdrop` declaration too: it is\n"
               "drawn again). A broken edit shows its errors and the last good version keeps\n"
               "running. The backdrop follows the game's: a stage's background cues, a boss's\n"
               "spell backdrop in its cards, and for a boss run alone the cue where its stage\n"
               "starts it (when the stage's file is one of the files).\n\n"
               "Keys: arrows or WASD move the player (Shift: slow), R restart, P or Space\n"
               "pause, N step one frame, + and - rank, Tab next pattern or boss, Esc quit;\n"
               "a dialogue line: Z (or Return) the next line, Ctrl held skips the scene.\n\n"
               "A file that declares a ship (or --ship NAME) flies the ship at the bottom of\n"
               "the field firing its volleys, as the ship select screen shows it: Shift\n"
               "focuses (F keeps it focused), X bombs (with the bomb's spectacle), + and -\n"
               "change its power level, Tab the next shot type or ship.\n\n"
               "Options:\n");
        cli_print_options(stdout, &spec);
        return CLI_EXIT_OK;
    }
    static const char *files[VIEW_MAX_FILES];
    int rc = cli_parse(&spec, argc, argv, first, files, &v.nfiles);
    if (rc != CLI_EXIT_OK)
        return rc;
    v.files = files;
    if (ship && (boss || entry))
        return cli_usage_error(command, "--ship runs a ship: not with --entry or --boss");
    if (v.power == 0)
        v.power = 1;
    if (ship)
        snprintf(v.ship_name, sizeof v.ship_name, "%s", ship), v.ship_mode = 1;
    if (boss)
        snprintf(v.entry_name, sizeof v.entry_name, "%s", boss), v.boss_mode = 1;
    else if (entry)
        snprintf(v.entry_name, sizeof v.entry_name, "%s", entry);
    sandbox_config_default(&v.cfg);
    v.cfg.rank = rank;
    v.cfg.seed = seed;
    v.cfg.print = viewer_print;
    v.cfg.show = viewer_show;
    v.cfg.show_user = &v.show;
    spectacle_clear(&v.show);
    v.cfg.boss_phase = phase > 0 ? (uint32_t)phase : 0;
    v.player_x = v.cfg.player_x;
    v.player_y = v.cfg.player_y;
    v.sb = sandbox_create(&v.cfg);
    v.ship = mem_calloc(1, sizeof *v.ship);
    world_view_init(&v.ship_view, 0x73686970ull);
    if (!v.sb || !v.ship) {
        fprintf(stderr, "curtain view: out of memory\n");
        rc = CLI_EXIT_FAILURE;
        goto free_sandbox;
    }
    viewer_poll(&v);
    viewer_reload(&v);
    if (phase >= 0 && viewer_check_phase(&v, command, phase) != CLI_EXIT_OK) {
        rc = CLI_EXIT_USAGE;
        goto free_sandbox;
    }
    if (v.ship_mode && !v.ship->vm && v.error_count == 0) { /* compiled, no such ship */
        fprintf(stderr, "curtain view: %s", v.errors);
        rc = CLI_EXIT_FAILURE;
        goto free_sandbox;
    }
    fprintf(stderr, "curtain view: watching %s\n", v.files[0]);

    if (renderer) {
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, renderer);
        SDL_SetHint(SDL_HINT_RENDER_BATCHING, "1");
    }
    rc = CLI_EXIT_FAILURE;
    window win;
    frame_pacer pacer;
    view_draw *draw;
    char err[512];
    if (SDL_Init(SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "curtain view: cannot start SDL: %s\n", SDL_GetError());
        goto free_sandbox;
    }
    window_config wc = {scale, 0, 0, 1};
    if (window_open(&win, &wc, err, sizeof err) != 0) {
        fprintf(stderr, "curtain view: %s\n", err);
        goto quit_sdl;
    }
    SDL_SetWindowTitle(win.sdl, "curtain view");
    frame_pacer_init(&pacer, win.vsync, win.refresh_hz);
    draw = view_draw_create(win.renderer);
    if (!draw) {
        fprintf(stderr, "curtain view: cannot draw (the atlas could not be loaded)\n");
        goto close_window;
    }
    for (int frame = 0; !v.quit && (frames == 0 || frame < frames); frame++)
        viewer_frame(&v, &win, &pacer, draw, frame);
    view_draw_destroy(draw);
    if (v.ship_mode && v.ship->vm) {
        char status[256];
        viewer_ship_status(&v, status, sizeof status);
        printf("%s\n", status);
    }
    rc = CLI_EXIT_OK;
close_window:
    window_close(&win);
quit_sdl:
    SDL_Quit();
free_sandbox:
    if (v.ship && v.ship->vm)
        world_free(v.ship);
    mem_free(v.ship);
    sandbox_destroy(v.sb);
    library_free(v.lib);
    return rc;
}
