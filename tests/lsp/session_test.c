/*
 * session: a scripted editor drives a language server process (`curtain lsp`,
 * or tests' lsp_host without SDL) through a whole session over pipes, as an
 * editor would: initialize; open a file with errors in a folder of two files
 * (its diagnostics must be exactly what `curtain lint` reports for the
 * folder's files: the same lines, columns, severities and messages); fix it
 * (its diagnostics are cleared); hover, completion at several places, go to
 * definition and find references across the two files, document symbols;
 * malformed messages and unknown methods get protocol errors and the session
 * goes on; shutdown and exit end it with status 0. A BulletML file's
 * diagnostics are lint's too.
 *
 * usage: test_lsp.session SERVER [ARGS...]
 */
#include "../check.h"
#include "core/file.h"
#include "lsp/jsonrpc.h"
#include "pattern/bulletml/bulletml_import.h"
#include "pattern/content/library.h"

#include <cjson/cJSON.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t server_pid;
static int to_server = -1, from_server = -1;
static jsonrpc_reader reader;
static int next_id = 1;
static char dir[64], a_path[128], b_path[128], a_uri[160], b_uri[160];
static char sounds_dir[96], boom_path[128];
static char wave_path[128], wave_uri[160];
static char xml_dir[64], xml_path[128], xml_uri[160];

static const char a_text[] = "# A ring of bullets that turns a little each time.\n"
                             "# count: how many bullets.\n"
                             "pattern burst(count = 12, spin_by = 0) {\n"
                             "    fire orb red ring count at time * spin_by speed 2\n"
                             "}\n"
                             "\n"
                             "enemy fairy(side = 1) {\n"
                             "    health 10\n"
                             "    run burst(8)\n"
                             "}\n"
                             "\n"
                             "shared hits = 0\n"
                             "function twice(v) {\n"
                             "    return v * 2\n"
                             "}\n";

static const char b_broken[] = "pattern use_it {\n"
                               "    var unused = 1\n"
                               "    repeat 3 as i {\n"
                               "        run burst(count: 6 + i)\n"
                               "        fire orb bleu at angel speed 2\n"
                               "        wait 10\n"
                               "    }\n"
                               "}\n";

static const char b_fixed[] = "pattern use_it {\n"
                              "    repeat 3 as i {\n"
                              "        run burst(count: 6 + i)\n"
                              "        fire orb blue at aim speed 2\n"
                              "        wait 10\n"
                              "    }\n"
                              "}\n"
                              "\n"
                              "stage s {\n"
                              "    spawn fairy(1) at (100, -20)\n"
                              "    run wave\n"
                              "}\n"
                              "\n"
                              "boss big {\n"
                              "    phase \"Card\" spell time 10 { wait 1 }\n"
                              "}\n"
                              "\n"
                              "art garden \"art/sheet.png\" {\n"
                              "    shape petal frame 16 16 hitbox 3\n"
                              "}\n"
                              "\n"
                              "pattern petals {\n"
                              "    fire petal at aim speed 2\n"
                              "}\n"
                              "\n"
                              "pattern chimes {\n"
                              "    sound boom\n"
                              "    sound graze\n"
                              "}\n"
                              "enemy lamp {\n"
                              "    look petal\n"
                              "    wait 1\n"
                              "}\n"
                              "ship kite {\n"
                              "    option_look option\n"
                              "}\n"
                              "backdrop night {\n"
                              "    layer fill (1, 2, 3)\n"
                              "}\n"
                              "\n"
                              "stage s2 {\n"
                              "    background night\n"
                              "    background lake\n"
                              "}\n"
                              "character fox {\n"
                              "    name \"Fox\"\n"
                              "    portrait normal petal\n"
                              "    portrait angry petal\n"
                              "}\n"
                              "\n"
                              "stage talk {\n"
                              "    say fox angry \"Hello\"\n"
                              "}\n";

/* sounds/boom.wav beside them: a WAV of two 16-bit samples, played by chimes. */
static const char boom_wav[] = "RIFF\x28\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0\x80\xbb\0\0"
                               "\0\x77\x01\0\x02\0\x10\0data\x04\0\0\0\x10\0\xf0\xff";

/* A BulletML file beside them: the pattern `wave`. */
static const char wave_xml[] = "<?xml version=\"1.0\" ?>\n"
                               "<bulletml>\n"
                               "<action label=\"top\"><fire><bullet/></fire></action>\n"
                               "</bulletml>\n";

/* A BulletML file with an error, alone in its folder. */
static const char xml_broken[] = "<?xml version=\"1.0\" ?>\n"
                                 "<bulletml>\n"
                                 "<action label=\"top\">\n"
                                 "<fire><bullet/></fire>\n"
                                 "<wait>x</wait>\n"
                                 "</action>\n"
                                 "</bulletml>\n";

/* ---- the server process ---- */

static void server_start(char **argv)
{
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) {
        perror("pipe");
        exit(1);
    }
    server_pid = fork();
    if (server_pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[1]);
        close(out[0]);
        execvp(argv[0], argv);
        perror(argv[0]);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_server = in[1];
    from_server = out[0];
    signal(SIGPIPE, SIG_IGN);
    jsonrpc_reader_init(&reader);
}

static void send_raw(const char *bytes, size_t n)
{
    while (n > 0) {
        ssize_t w = write(to_server, bytes, n);
        if (w <= 0) {
            fprintf(stderr, "the server stopped reading\n");
            exit(1);
        }
        bytes += w;
        n -= (size_t)w;
    }
}

static void send_json(cJSON *msg)
{
    cJSON_AddStringToObject(msg, "jsonrpc", "2.0");
    char *body = cJSON_PrintUnformatted(msg);
    char head[64];
    int n = snprintf(head, sizeof head, "Content-Length: %zu\r\n\r\n", strlen(body));
    send_raw(head, (size_t)n);
    send_raw(body, strlen(body));
    cJSON_free(body);
    cJSON_Delete(msg);
}

/* The next message from the server; exits the test if none comes in 30 s (a
 * hung server must not hang ctest: this is a guard, not a timed check). */
static cJSON *receive(void)
{
    for (;;) {
        const char *body;
        size_t len;
        char err[160];
        int rc = jsonrpc_reader_next(&reader, &body, &len, err, sizeof err);
        if (rc > 0) {
            cJSON *m = cJSON_ParseWithLength(body, len);
            CHECK(m != NULL);
            if (m)
                return m;
            continue;
        }
        CHECK(rc == 0);
        struct pollfd p = {from_server, POLLIN, 0};
        char buf[65536];
        ssize_t n = poll(&p, 1, 30000) > 0 ? read(from_server, buf, sizeof buf) : -1;
        if (n <= 0) {
            fprintf(stderr, "no answer from the server\n");
            kill(server_pid, SIGKILL);
            exit(1);
        }
        jsonrpc_reader_push(&reader, buf, (size_t)n);
    }
}

static void notify(const char *method, cJSON *params)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "method", method);
    if (params)
        cJSON_AddItemToObject(m, "params", params);
    send_json(m);
}

/* The response to message with this id; notifications before it are dropped. */
static cJSON *response_to(int id)
{
    for (;;) {
        cJSON *m = receive();
        const cJSON *mid = cJSON_GetObjectItem(m, "id");
        if (cJSON_IsNumber(mid) && mid->valueint == id && !cJSON_GetObjectItem(m, "method"))
            return m;
        if (cJSON_IsNull(mid) && cJSON_GetObjectItem(m, "error"))
            return m; /* an error for a message without an id */
        cJSON_Delete(m);
    }
}

static cJSON *request(const char *method, cJSON *params)
{
    int id = next_id++;
    cJSON *m = cJSON_CreateObject();
    cJSON_AddNumberToObject(m, "id", id);
    cJSON_AddStringToObject(m, "method", method);
    cJSON_AddItemToObject(m, "params", params ? params : cJSON_CreateNull());
    send_json(m);
    return response_to(id);
}

/* The diagnostics the server publishes next for uri. */
static cJSON *diagnostics_for(const char *uri)
{
    for (;;) {
        cJSON *m = receive();
        const cJSON *method = cJSON_GetObjectItem(m, "method");
        const cJSON *params = cJSON_GetObjectItem(m, "params");
        const char *u = cJSON_GetStringValue(cJSON_GetObjectItem(params, "uri"));
        if (cJSON_IsString(method) &&
            strcmp(method->valuestring, "textDocument/publishDiagnostics") == 0 && u &&
            strcmp(u, uri) == 0)
            return m;
        cJSON_Delete(m);
    }
}

/* ---- messages ---- */

static cJSON *text_document(const char *uri)
{
    cJSON *p = cJSON_CreateObject();
    cJSON *td = cJSON_AddObjectToObject(p, "textDocument");
    cJSON_AddStringToObject(td, "uri", uri);
    return p;
}

static cJSON *at_position(const char *uri, int line, int character)
{
    cJSON *p = text_document(uri);
    cJSON *pos = cJSON_AddObjectToObject(p, "position");
    cJSON_AddNumberToObject(pos, "line", line);
    cJSON_AddNumberToObject(pos, "character", character);
    return p;
}

/* The place just after the first `after` on line `line` of text (ASCII text:
 * characters are bytes). */
static int column_after(const char *text, int line, const char *after)
{
    const char *l = text;
    for (int i = 0; i < line && l; i++) {
        l = strchr(l, '\n');
        l = l ? l + 1 : NULL;
    }
    const char *at = l ? strstr(l, after) : NULL;
    CHECK(at != NULL);
    return at ? (int)(at - l + (ptrdiff_t)strlen(after)) : 0;
}

/* ---- the expected diagnostics: curtain lint's own output ---- */

typedef struct lint_line {
    int line, col, warning;
    char message[512];
} lint_line;

/* Parses what lint prints for path ("path:L:C: [warning: ]message" lines) when
 * given the files of paths. */
static int lint_expect(const char *path, const char *const *paths, int npaths, lint_line *out,
                       int max)
{
    static diag_list diags;
    diag_init(&diags);
    library *lib = library_load_paths(paths, npaths, &diags);
    library_free(lib);
    static char text[65536];
    diag_format(&diags, text, sizeof text);
    diag_free(&diags);
    int n = 0;
    size_t plen = strlen(path);
    for (char *l = text; l && *l && n < max; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
        if (strncmp(l, path, plen) != 0 || l[plen] != ':')
            continue;
        lint_line *e = &out[n];
        int used = 0;
        if (sscanf(l + plen, ":%d:%d: %n", &e->line, &e->col, &used) < 2)
            continue;
        const char *m = l + plen + used;
        e->warning = strncmp(m, "warning: ", 9) == 0;
        m += e->warning ? 9 : 0;
        snprintf(e->message, sizeof e->message, "%.*s", (int)strcspn(m, "\n"), m);
        n++;
    }
    return n;
}

/* The published diagnostics of path are lint's for the files of paths; at
 * least `least` of them. */
static void check_diagnostics_equal_lint(const cJSON *published, const char *path,
                                         const char *const *paths, int npaths, int least)
{
    lint_line expect[32];
    int n = lint_expect(path, paths, npaths, expect, 32);
    const cJSON *list =
        cJSON_GetObjectItem(cJSON_GetObjectItem(published, "params"), "diagnostics");
    CHECK(n >= least);
    CHECK_EQ_INT(cJSON_GetArraySize(list), n);
    for (int i = 0; i < n && i < cJSON_GetArraySize(list); i++) {
        const cJSON *d = cJSON_GetArrayItem(list, i);
        const cJSON *start = cJSON_GetObjectItem(cJSON_GetObjectItem(d, "range"), "start");
        CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "line")) + 1, expect[i].line);
        CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "character")) + 1,
                     expect[i].col);
        CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(d, "severity")),
                     expect[i].warning ? 2 : 1);
        const char *m = cJSON_GetStringValue(cJSON_GetObjectItem(d, "message"));
        CHECK(m && strcmp(m, expect[i].message) == 0);
        if (m && strcmp(m, expect[i].message) != 0)
            fprintf(stderr, "server: '%s'\nlint:   '%s'\n", m, expect[i].message);
    }
}

/* ---- the session ---- */

static void write_file(const char *path, const char *text)
{
    char err[256];
    CHECK(file_write_atomic(path, text, strlen(text), err, sizeof err) == 0);
}

static void open_document(const char *uri, const char *text)
{
    cJSON *p = text_document(uri);
    cJSON *td = cJSON_GetObjectItem(p, "textDocument");
    cJSON_AddStringToObject(td, "languageId", "curtain-pattern");
    cJSON_AddNumberToObject(td, "version", 1);
    cJSON_AddStringToObject(td, "text", text);
    notify("textDocument/didOpen", p);
}

static void change_document(const char *uri, const char *text)
{
    cJSON *p = text_document(uri);
    cJSON_AddNumberToObject(cJSON_GetObjectItem(p, "textDocument"), "version", 2);
    cJSON *changes = cJSON_AddArrayToObject(p, "contentChanges");
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "text", text);
    cJSON_AddItemToArray(changes, c);
    notify("textDocument/didChange", p);
}

static const char *hover_text(const cJSON *r)
{
    const cJSON *contents = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "contents");
    const char *v = cJSON_GetStringValue(cJSON_GetObjectItem(contents, "value"));
    return v ? v : "";
}

static void check_hover(const char *uri, int line, int character, const char *expect)
{
    cJSON *r = request("textDocument/hover", at_position(uri, line, character));
    const char *v = hover_text(r);
    if (!strstr(v, expect))
        fprintf(stderr, "hover %d:%d: '%s' lacks '%s'\n", line, character, v, expect);
    CHECK(strstr(v, expect) != NULL);
    cJSON_Delete(r);
}

static int has_label(const cJSON *items, const char *label)
{
    const cJSON *e;
    cJSON_ArrayForEach(e, items)
    {
        const char *l = cJSON_GetStringValue(cJSON_GetObjectItem(e, "label"));
        if (l && strcmp(l, label) == 0)
            return 1;
    }
    return 0;
}

/* Completion at line:character offers every label of `yes` and none of `no`. */
static void check_completion(int line, int character, const char *const *yes, const char *const *no)
{
    cJSON *r = request("textDocument/completion", at_position(b_uri, line, character));
    const cJSON *items = cJSON_GetObjectItem(r, "result");
    for (int i = 0; yes[i]; i++) {
        if (!has_label(items, yes[i]))
            fprintf(stderr, "completion at %d:%d lacks '%s'\n", line, character, yes[i]);
        CHECK(has_label(items, yes[i]));
    }
    for (int i = 0; no && no[i]; i++) {
        if (has_label(items, no[i]))
            fprintf(stderr, "completion at %d:%d offers '%s'\n", line, character, no[i]);
        CHECK(!has_label(items, no[i]));
    }
    cJSON_Delete(r);
}

static void check_completions(void)
{
    int l3 = 3;
    static const char *const fire_yes[] = {"orb", "orb_large", "petal", "ring", "spread", NULL};
    static const char *const fire_no[] = {"red", "wait", NULL};
    check_completion(l3, column_after(b_fixed, l3, "fire "), fire_yes, fire_no);
    static const char *const colour_yes[] = {"blue", "red", "ring", NULL};
    static const char *const colour_no[] = {"orb", "wait", NULL};
    check_completion(l3, column_after(b_fixed, l3, "fire orb "), colour_yes, colour_no);
    static const char *const value_yes[] = {"aim", "sin", "level", "i", "twice", "hits", NULL};
    static const char *const value_no[] = {"wait", "orb", NULL};
    check_completion(l3, column_after(b_fixed, l3, " at "), value_yes, value_no);
    static const char *const params_yes[] = {"count", "spin_by", NULL};
    check_completion(2, column_after(b_fixed, 2, "burst("), params_yes, NULL);
    static const char *const statement_yes[] = {"wait",   "fire",  "repeat", "i", "hits",
                                                "effect", "flash", "cutin",  NULL};
    static const char *const statement_no[] = {"orb", NULL};
    check_completion(4, 8, statement_yes, statement_no);
    static const char *const enemy_yes[] = {"fairy", NULL};
    static const char *const enemy_no[] = {"burst", NULL};
    check_completion(9, column_after(b_fixed, 9, "spawn "), enemy_yes, enemy_no);
    static const char *const character_yes[] = {"fox", NULL};
    static const char *const character_no[] = {"wait", "petal", NULL};
    check_completion(51, column_after(b_fixed, 51, "say "), character_yes, character_no);
    static const char *const expression_yes[] = {"normal", "angry", NULL};
    static const char *const expression_no[] = {"fox", "wait", NULL};
    check_completion(51, column_after(b_fixed, 51, "say fox "), expression_yes, expression_no);
    static const char *const pattern_yes[] = {"burst", "use_it", "wave", NULL};
    check_completion(2, column_after(b_fixed, 2, "run "), pattern_yes, enemy_yes);
    static const char *const phase_yes[] = {"spell", "time", "bonus", NULL};
    check_completion(14, column_after(b_fixed, 14, "\"Card\" "), phase_yes, statement_yes);
    static const char *const boss_yes[] = {"phase", "name", "look", "spell_background", NULL};
    check_completion(14, 4, boss_yes, phase_yes);
    /* after `sound`: the built-in sounds and the files of the nearest sounds/ */
    static const char *const sound_yes[] = {"boom", "graze", "timer", "spell_start", NULL};
    static const char *const sound_no[] = {"orb", "wait", "red", NULL};
    check_completion(26, column_after(b_fixed, 26, "sound "), sound_yes, sound_no);
    /* after background: the built-in backdrops and the project's own */
    static const char *const backdrop_yes[] = {"lake", "dusk_spell", "night", NULL};
    static const char *const backdrop_no[] = {"wait", "orb", "petal", NULL};
    check_completion(41, column_after(b_fixed, 41, "background "), backdrop_yes, backdrop_no);
    static const char *const decl_yes[] = {"pattern", "enemy",    "boss", "stage",
                                           "const",   "backdrop", NULL};
    check_completion(7, 0, decl_yes, statement_yes);
    /* an object's look: the built-in looks and the art; an option's: its own */
    static const char *const look_yes[] = {"petal", "wisp", "boss", "player_heron", NULL};
    static const char *const look_no[] = {"orb", "wait", "red", NULL};
    check_completion(30, column_after(b_fixed, 30, "look "), look_yes, look_no);
    static const char *const option_yes[] = {"option", "petal", NULL};
    static const char *const option_no[] = {"wisp", "orb", NULL};
    check_completion(34, column_after(b_fixed, 34, "option_look "), option_yes, option_no);
}

static const char *token_type_at(const cJSON *data, int line, int character, int *mods);
static void check_token(const cJSON *data, int line, int character, const char *type);

/* A file of contexts, open in the editor beside a.pat and b.pat (not on disk). */
static const char ctx_text[] = "pattern ctx {\n"                   /* 0 */
                               "    laser \n"                      /* 1 */
                               "    laser straight \n"             /* 2 */
                               "    laser curvy red \n"            /* 3 */
                               "    fire orb red ring 4 as g\n"    /* 4 */
                               "    speed 2 over 30 \n"            /* 5 */
                               "    wait g.\n"                     /* 6 */
                               "    music \n"                      /* 7 */
                               "    fire orb arc 5 over 60 \n"     /* 8 */
                               "    if g.alive { wait g.count }\n" /* 9 */
                               "}\n"
                               "boss ctx_boss {\n" /* 11 */
                               "    look boss\n"   /* 12 */
                               "}\n"
                               "game ctx_game {\n"  /* 14 */
                               "    stages talk \n" /* 15 */
                               "}\n"
                               "item ctx_gem {\n" /* 17 */
                               "    look point\n" /* 18 */
                               "    gives \n"     /* 19 */
                               "}\n"
                               "pattern ctx_drop {\n" /* 21 */
                               "    drop \n"          /* 22 */
                               "}\n";
static char ctx_uri[160];

static void check_completion_in(const char *uri, const char *text, int line, const char *after,
                                const char *const *yes, const char *const *no)
{
    cJSON *r =
        request("textDocument/completion", at_position(uri, line, column_after(text, line, after)));
    const cJSON *items = cJSON_GetObjectItem(r, "result");
    for (int i = 0; yes[i]; i++) {
        if (!has_label(items, yes[i]))
            fprintf(stderr, "completion after '%s' lacks '%s'\n", after, yes[i]);
        CHECK(has_label(items, yes[i]));
    }
    for (int i = 0; no && no[i]; i++) {
        if (has_label(items, no[i]))
            fprintf(stderr, "completion after '%s' offers '%s'\n", after, no[i]);
        CHECK(!has_label(items, no[i]));
    }
    cJSON_Delete(r);
}

/* Completion by context: a laser's kinds, colours and its own clauses (a
 * bullet's velocity and run not, nor a laser's after fire); eases after
 * `over N` (not an arc's); a handle's members after '.'; the music themes;
 * a game's stages. Hover on the laser kinds, a handle's members and a look. */
static void check_contexts(void)
{
    snprintf(ctx_uri, sizeof ctx_uri, "file://%s/ctx.pat", dir);
    open_document(ctx_uri, ctx_text);
    static const char *const laser_yes[] = {"straight", "curvy", "red", "length", "warn", NULL};
    static const char *const laser_no[] = {"velocity", "run", "orb", "wait", NULL};
    check_completion_in(ctx_uri, ctx_text, 1, "laser ", laser_yes, laser_no);
    static const char *const straight_yes[] = {"blue", "width", "warn", "follow", NULL};
    static const char *const straight_no[] = {"speed", "accel", "stack", "velocity", NULL};
    check_completion_in(ctx_uri, ctx_text, 2, "straight ", straight_yes, straight_no);
    static const char *const curvy_yes[] = {"length", "speed", "accel", NULL};
    static const char *const curvy_no[] = {"warn", "follow", "red", "velocity", NULL};
    check_completion_in(ctx_uri, ctx_text, 3, "red ", curvy_yes, curvy_no);
    static const char *const fire_no[] = {"length", "width", "warn", "follow", NULL};
    static const char *const fire_yes[] = {"ring", "velocity", NULL};
    check_completion_in(b_uri, b_fixed, 3, "fire ", fire_yes, fire_no);
    static const char *const ease_yes[] = {"linear", "smooth", "in", "out", NULL};
    check_completion_in(ctx_uri, ctx_text, 5, "over 30 ", ease_yes, NULL);
    static const char *const arc_yes[] = {"ring", NULL};
    check_completion_in(ctx_uri, ctx_text, 8, "over 60 ", arc_yes, ease_yes);
    static const char *const member_yes[] = {"x", "speed", "alive", "count", NULL};
    static const char *const member_no[] = {"wait", "orb", "sin", NULL};
    check_completion_in(ctx_uri, ctx_text, 6, "g.", member_yes, member_no);
    static const char *const music_yes[] = {"stage", "boss", "none", "stage1", "stage1_boss", NULL};
    static const char *const music_no[] = {"wait", "orb", NULL};
    check_completion_in(ctx_uri, ctx_text, 7, "music ", music_yes, music_no);
    static const char *const stage_yes[] = {"s", "s2", "talk", NULL};
    static const char *const stage_no[] = {"burst", "wait", NULL};
    check_completion_in(ctx_uri, ctx_text, 15, "stages ", stage_yes, stage_no);
    check_completion_in(ctx_uri, ctx_text, 15, "stages talk ", stage_yes, stage_no);
    /* a mod's own items: `drop` offers them with the built-in kinds; an
     * item's look a built-in item's too; `gives` its gifts */
    static const char *const drop_yes[] = {"power", "star", "ctx_gem", NULL};
    static const char *const drop_no[] = {"wait", "orb", "ctx_drop", NULL};
    check_completion_in(ctx_uri, ctx_text, 22, "drop ", drop_yes, drop_no);
    static const char *const item_look_yes[] = {"point", "power_big", "wisp", NULL};
    check_completion_in(ctx_uri, ctx_text, 18, "look ", item_look_yes, drop_no);
    static const char *const gives_yes[] = {"score", "power", "bomb_piece", "life_piece", NULL};
    check_completion_in(ctx_uri, ctx_text, 19, "gives ", gives_yes, drop_no);
    check_hover(ctx_uri, 19, column_after(ctx_text, 19, "giv"), "What picking it up gives");
    check_hover(ctx_uri, 17, column_after(ctx_text, 17, "ite"), "An item kind of your own");
    check_hover(ctx_uri, 2, column_after(ctx_text, 2, "laser str"), "A straight laser");
    check_hover(ctx_uri, 3, column_after(ctx_text, 3, "laser cu"), "A curvy laser");
    check_hover(ctx_uri, 9, column_after(ctx_text, 9, "g.al"), "`NAME.alive`");
    check_hover(ctx_uri, 9, column_after(ctx_text, 9, "g.co"), "`NAME.count`");
    check_hover(ctx_uri, 12, column_after(ctx_text, 12, "look bo"), "**look** `boss`");
    check_hover(ctx_uri, 15, column_after(ctx_text, 15, "sta"), "The stages a run plays");
    cJSON *r = request("textDocument/semanticTokens/full", text_document(ctx_uri));
    const cJSON *data = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "data");
    check_token(data, 9, column_after(ctx_text, 9, "wait g."), "property"); /* a member */
    check_token(data, 1, 4, "keyword");                                     /* laser */
    cJSON_Delete(r);
}

/* Go to definition of burst in b.pat lands on its name in a.pat; its
 * references are in both files. */
static void check_navigation(void)
{
    int col = column_after(b_fixed, 2, "run b");
    cJSON *r = request("textDocument/definition", at_position(b_uri, 2, col));
    const cJSON *loc = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "result"), 0);
    const char *uri = cJSON_GetStringValue(cJSON_GetObjectItem(loc, "uri"));
    CHECK(uri && strcmp(uri, a_uri) == 0);
    const cJSON *start = cJSON_GetObjectItem(cJSON_GetObjectItem(loc, "range"), "start");
    CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "line")), 2);
    CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "character")), 8);
    cJSON_Delete(r);

    cJSON *p = at_position(a_uri, 2, 10);
    cJSON_AddTrueToObject(cJSON_AddObjectToObject(p, "context"), "includeDeclaration");
    r = request("textDocument/references", p);
    const cJSON *e;
    int in_a = 0, in_b = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(r, "result"))
    {
        const char *u = cJSON_GetStringValue(cJSON_GetObjectItem(e, "uri"));
        in_a += u && strcmp(u, a_uri) == 0;
        in_b += u && strcmp(u, b_uri) == 0;
    }
    CHECK_EQ_INT(in_a, 2); /* the declaration and fairy's run */
    CHECK_EQ_INT(in_b, 1);
    cJSON_Delete(r);

    /* a variable's definition stays in its declaration */
    r = request("textDocument/definition", at_position(b_uri, 2, column_after(b_fixed, 2, "6 + ")));
    loc = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "result"), 0);
    start = cJSON_GetObjectItem(cJSON_GetObjectItem(loc, "range"), "start");
    CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "line")), 1);
    CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "character")),
                 column_after(b_fixed, 1, " as "));
    cJSON_Delete(r);

    /* an art shape's definition is its name in its art block */
    r = request("textDocument/definition",
                at_position(b_uri, 22, column_after(b_fixed, 22, "fire pe")));
    loc = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "result"), 0);
    start = cJSON_GetObjectItem(cJSON_GetObjectItem(loc, "range"), "start");
    CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "line")), 18);
    CHECK_EQ_INT(cJSON_GetNumberValue(cJSON_GetObjectItem(start, "character")),
                 column_after(b_fixed, 18, "shape "));
    cJSON_Delete(r);

    /* a BulletML file is the pattern named after it */
    r = request("textDocument/definition", at_position(b_uri, 10, column_after(b_fixed, 10, "wa")));
    loc = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "result"), 0);
    uri = cJSON_GetStringValue(cJSON_GetObjectItem(loc, "uri"));
    CHECK(uri && strcmp(uri, wave_uri) == 0);
    cJSON_Delete(r);

    r = request("textDocument/documentSymbol", text_document(a_uri));
    const cJSON *list = cJSON_GetObjectItem(r, "result");
    CHECK_EQ_INT(cJSON_GetArraySize(list), 4); /* burst, fairy, hits, twice */
    const char *n0 = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(list, 0), "name"));
    const char *n1 = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(list, 1), "name"));
    CHECK(n0 && strcmp(n0, "burst") == 0);
    CHECK(n1 && strcmp(n1, "fairy") == 0);
    cJSON_Delete(r);
}

static int error_code(const cJSON *r)
{
    return (int)cJSON_GetNumberValue(cJSON_GetObjectItem(cJSON_GetObjectItem(r, "error"), "code"));
}

/* Two files opened together in a folder that is not a library (not on disk:
 * each is compiled alone) both get their diagnostics: the second was dropped as
 * if compiled with the first. */
static void check_pending_alone(void)
{
    static const char broken[] = "pattern p { fire purple ring 3 }\n";
    char uri[2][200];
    for (int k = 0; k < 2; k++) {
        snprintf(uri[k], sizeof uri[k], "file://%s/not_on_disk/%c.pat", dir, 'c' + k);
        open_document(uri[k], broken);
    }
    int seen[2] = {0, 0};
    while (!seen[0] || !seen[1]) { /* the guard in receive fails the test if one never comes */
        cJSON *m = receive();
        const cJSON *params = cJSON_GetObjectItem(m, "params");
        const char *u = cJSON_GetStringValue(cJSON_GetObjectItem(params, "uri"));
        for (int k = 0; k < 2; k++)
            if (u && strcmp(u, uri[k]) == 0 &&
                cJSON_GetArraySize(cJSON_GetObjectItem(params, "diagnostics")) > 0)
                seen[k] = 1;
        cJSON_Delete(m);
    }
}

/* ---- rename, signature help, semantic tokens ---- */

static cJSON *legend_types; /* initialize's semantic tokens legend */

/* How many edits a rename's WorkspaceEdit makes in uri's file. */
static int edits_in(const cJSON *edit, const char *uri)
{
    return cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(edit, "changes"), uri));
}

static cJSON *rename_at(const char *uri, int line, int character, const char *name)
{
    cJSON *p = at_position(uri, line, character);
    cJSON_AddStringToObject(p, "newName", name);
    return request("textDocument/rename", p);
}

/* Rename follows a declaration across files (a parameter to its named
 * arguments, an art shape to every look, portrait and volley) and refuses a
 * word of the language or a name already taken; prepareRename says what can be. */
static void check_rename(void)
{
    cJSON *r = request("textDocument/prepareRename",
                       at_position(b_uri, 2, column_after(b_fixed, 2, "run bu")));
    const cJSON *start = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "start");
    CHECK_EQ_INT((int)cJSON_GetNumberValue(cJSON_GetObjectItem(start, "character")),
                 column_after(b_fixed, 2, "run "));
    cJSON_Delete(r);
    r = request("textDocument/prepareRename",
                at_position(b_uri, 3, column_after(b_fixed, 3, "fi")));
    CHECK(cJSON_IsNull(cJSON_GetObjectItem(r, "result")));
    cJSON_Delete(r);

    r = rename_at(b_uri, 2, column_after(b_fixed, 2, "run bu"), "volley");
    const cJSON *edit = cJSON_GetObjectItem(r, "result");
    CHECK_EQ_INT(edits_in(edit, a_uri), 2); /* its declaration, `run burst(8)` */
    CHECK_EQ_INT(edits_in(edit, b_uri), 1);
    const cJSON *first =
        cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetObjectItem(edit, "changes"), a_uri), 0);
    CHECK(strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(first, "newText")), "volley") == 0);
    cJSON_Delete(r);
    /* a parameter: its uses in its pattern and the named argument in b.pat, not the comment */
    r = rename_at(a_uri, 2, column_after(a_text, 2, "burst(co"), "n");
    CHECK_EQ_INT(edits_in(cJSON_GetObjectItem(r, "result"), a_uri), 2);
    CHECK_EQ_INT(edits_in(cJSON_GetObjectItem(r, "result"), b_uri), 1);
    cJSON_Delete(r);
    r = rename_at(b_uri, 22, column_after(b_fixed, 22, "fire pe"), "leaf");
    CHECK_EQ_INT(edits_in(cJSON_GetObjectItem(r, "result"), b_uri), 5);
    cJSON_Delete(r);
    r = rename_at(b_uri, 2, column_after(b_fixed, 2, "run bu"), "wait");
    CHECK_EQ_INT(error_code(r), -32803);
    cJSON_Delete(r);
    r = rename_at(b_uri, 2, column_after(b_fixed, 2, "run bu"), "fairy");
    CHECK_EQ_INT(error_code(r), -32803);
    cJSON_Delete(r);
    r = rename_at(b_uri, 3, column_after(b_fixed, 3, "fi"), "shoot");
    CHECK_EQ_INT(error_code(r), -32803);
    cJSON_Delete(r);
}

/* Inside `burst(...)`: its declaration's head, the argument being typed active. */
static void check_signature(void)
{
    cJSON *r = request("textDocument/signatureHelp",
                       at_position(b_uri, 2, column_after(b_fixed, 2, "burst(count: 6")));
    const cJSON *res = cJSON_GetObjectItem(r, "result");
    const cJSON *sig = cJSON_GetArrayItem(cJSON_GetObjectItem(res, "signatures"), 0);
    const char *label = cJSON_GetStringValue(cJSON_GetObjectItem(sig, "label"));
    CHECK(label && strstr(label, "pattern burst(count = 12, spin_by = 0)") != NULL);
    CHECK_EQ_INT(cJSON_GetArraySize(cJSON_GetObjectItem(sig, "parameters")), 2);
    CHECK_EQ_INT((int)cJSON_GetNumberValue(cJSON_GetObjectItem(res, "activeParameter")), 0);
    cJSON_Delete(r);
    r = request("textDocument/signatureHelp", at_position(b_uri, 3, 8)); /* not in a call */
    CHECK(cJSON_IsNull(cJSON_GetObjectItem(r, "result")));
    cJSON_Delete(r);
}

/* The type (the legend's name) of the semantic token at line:character, or "". */
static const char *token_type_at(const cJSON *data, int line, int character, int *mods)
{
    int l = 0, c = 0;
    for (int i = 0; i + 4 < cJSON_GetArraySize(data); i += 5) {
        int dl = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(data, i));
        int dc = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(data, i + 1));
        l += dl;
        c = dl ? dc : c + dc;
        if (l == line && c == character) {
            *mods = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(data, i + 4));
            int type = (int)cJSON_GetNumberValue(cJSON_GetArrayItem(data, i + 3));
            const char *name = cJSON_GetStringValue(cJSON_GetArrayItem(legend_types, type));
            return name ? name : "";
        }
    }
    return "";
}

static void check_token(const cJSON *data, int line, int character, const char *type)
{
    int mods = 0;
    const char *got = token_type_at(data, line, character, &mods);
    if (strcmp(got, type) != 0)
        fprintf(stderr, "token %d:%d is '%s', not '%s'\n", line, character, got, type);
    CHECK(strcmp(got, type) == 0);
}

/* Every token the lexer reads, typed: comments, keywords, the modder's names
 * by what they declare, the language's shapes and colours, numbers. */
static void check_semantic_tokens(void)
{
    cJSON *r = request("textDocument/semanticTokens/full", text_document(a_uri));
    const cJSON *data = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "data");
    CHECK(cJSON_GetArraySize(data) > 0 && cJSON_GetArraySize(data) % 5 == 0);
    check_token(data, 0, 0, "comment");
    check_token(data, 2, 0, "keyword");                                          /* pattern */
    check_token(data, 2, 8, "function");                                         /* burst */
    check_token(data, 2, 14, "parameter");                                       /* count */
    check_token(data, 2, column_after(a_text, 2, "count = "), "number");         /* 12 */
    check_token(data, 3, 4, "keyword");                                          /* fire */
    check_token(data, 3, 9, "enumMember");                                       /* orb */
    check_token(data, 3, column_after(a_text, 3, "ring count at "), "variable"); /* time */
    check_token(data, 6, 6, "class");                                            /* fairy */
    check_token(data, 8, column_after(a_text, 8, "run "), "function");           /* burst */
    int mods = 0;
    token_type_at(data, 2, 8, &mods);
    CHECK(mods & 1); /* burst's declaration */
    token_type_at(data, 8, column_after(a_text, 8, "run "), &mods);
    CHECK(!(mods & 1));
    cJSON_Delete(r);
}

/* ---- a mod and a workspace folder ---- */

static char ws_dir[64], mod_dir[64];

/* The messages of the diagnostics published next for path's file. */
static int diagnostics_of(const char *path, char *messages, size_t size)
{
    char uri[300];
    snprintf(uri, sizeof uri, "file://%s", path);
    cJSON *d = diagnostics_for(uri);
    const cJSON *list = cJSON_GetObjectItem(cJSON_GetObjectItem(d, "params"), "diagnostics");
    const cJSON *e;
    messages[0] = '\0';
    cJSON_ArrayForEach(e, list)
    {
        const char *m = cJSON_GetStringValue(cJSON_GetObjectItem(e, "message"));
        size_t n = strlen(messages);
        snprintf(messages + n, size - n, "%s\n", m ? m : "");
    }
    int count = cJSON_GetArraySize(list);
    cJSON_Delete(d);
    return count;
}

/* The URI go to definition gives at line:character of path (its first). */
static void definition_in(const char *path, int line, int character, char *out, size_t size)
{
    char uri[300];
    snprintf(uri, sizeof uri, "file://%s", path);
    cJSON *r = request("textDocument/definition", at_position(uri, line, character));
    const char *u = cJSON_GetStringValue(
        cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(r, "result"), 0), "uri"));
    snprintf(out, size, "%s", u ? u : "");
    cJSON_Delete(r);
}

static void open_path(const char *path, const char *text)
{
    char uri[300];
    snprintf(uri, sizeof uri, "file://%s", path);
    write_file(path, text);
    open_document(uri, text);
}

/* A file in a subfolder of the client's workspace folder is compiled with the
 * whole folder (its art shapes declared at the top); a mod (marked by
 * curtain-mod.txt) is laid over the game's patterns as `play --mod` lays it:
 * its game.pat names the game's stage1 without an error, and go to definition
 * lands in the game's patterns/. Each file holds one deliberate error, so that
 * its diagnostics are published: that one alone. */
static void check_mod_and_workspace(void)
{
    char path[200], sub[200], where[400], messages[2048];
    snprintf(sub, sizeof sub, "%s/bosses", ws_dir);
    mkdir(sub, 0755);
    snprintf(path, sizeof path, "%s/art.pat", ws_dir);
    write_file(path, "art garden \"art/sheet.png\" {\n    shape petal frame 16 16 hitbox 3\n}\n");
    snprintf(path, sizeof path, "%s/bosses/boss.pat", ws_dir);
    open_path(path, "pattern petals {\n    fire petal at aim speed 2\n    wait nope\n}\n");
    CHECK_EQ_INT(diagnostics_of(path, messages, sizeof messages), 1);
    CHECK(strstr(messages, "nope") != NULL);
    definition_in(path, 1, 10, where, sizeof where);
    CHECK(strstr(where, "/art.pat") != NULL);

    snprintf(path, sizeof path, "%s/curtain-mod.txt", mod_dir);
    write_file(path, "a mod\n");
    snprintf(path, sizeof path, "%s/game.pat", mod_dir);
    open_path(path, "game main {\n    stages stage1 garden2\n}\n");
    CHECK_EQ_INT(diagnostics_of(path, messages, sizeof messages), 1);
    CHECK(strstr(messages, "garden2") != NULL && strstr(messages, "'stage1'") == NULL);
    if (!strstr(messages, "garden2"))
        fprintf(stderr, "mod game.pat: %s", messages);
    definition_in(path, 1, 14, where, sizeof where);
    CHECK(strstr(where, "/patterns/") != NULL);
    /* the workspace folder taken away: a file of its subfolder is alone again */
    cJSON *change = cJSON_CreateObject();
    cJSON *removed = cJSON_AddArrayToObject(cJSON_AddObjectToObject(change, "event"), "removed");
    cJSON *gone = cJSON_CreateObject();
    char ws_uri[100];
    snprintf(ws_uri, sizeof ws_uri, "file://%s", ws_dir);
    cJSON_AddStringToObject(gone, "uri", ws_uri);
    cJSON_AddItemToArray(removed, gone);
    notify("workspace/didChangeWorkspaceFolders", change);
    snprintf(path, sizeof path, "%s/bosses/alone.pat", ws_dir);
    open_path(path, "pattern alone {\n    fire petal at aim speed 2\n}\n");
    CHECK(diagnostics_of(path, messages, sizeof messages) >= 1);
    CHECK(strstr(messages, "petal") != NULL);
    snprintf(path, sizeof path, "%s/game.pat", mod_dir);

    /* the game's stage1 is not the mod's to rename: its files would break */
    char uri[300];
    snprintf(uri, sizeof uri, "file://%s", path);
    cJSON *r = request("textDocument/prepareRename", at_position(uri, 1, 14));
    CHECK(cJSON_IsNull(cJSON_GetObjectItem(r, "result")));
    cJSON_Delete(r);
}

/* Broken messages get JSON-RPC errors, and the server keeps answering. */
static void check_protocol_errors(void)
{
    cJSON *r = request("curtain/nothing", NULL);
    CHECK_EQ_INT(error_code(r), -32601);
    cJSON_Delete(r);
    static const char not_json[] = "Content-Length: 9\r\n\r\n{\"id\": 1,";
    send_raw(not_json, sizeof not_json - 1);
    r = receive();
    CHECK_EQ_INT(error_code(r), -32700);
    CHECK(cJSON_IsNull(cJSON_GetObjectItem(r, "id")));
    cJSON_Delete(r);
    static const char array[] = "Content-Length: 5\r\n\r\n[1,2]";
    send_raw(array, sizeof array - 1);
    r = receive();
    CHECK_EQ_INT(error_code(r), -32600);
    cJSON_Delete(r);
    static const char no_length[] = "Content-Type: x\r\n\r\n";
    send_raw(no_length, sizeof no_length - 1);
    r = receive();
    CHECK_EQ_INT(error_code(r), -32700);
    cJSON_Delete(r);
    /* a negative length, then a huge one, each with a body: both bodies are
     * skipped (neither is answered as a message: ids 998, 999), and the next
     * request is in step (a "-1" misframed every later message, exit too) */
    static const char negative[] =
        "Content-Length: -1\r\n\r\n"
        "{\"jsonrpc\":\"2.0\",\"id\":999,\"method\":\"curtain/nothing\"}";
    static const char huge[] = "Content-Length: 99999999999\r\n\r\n"
                               "{\"jsonrpc\":\"2.0\",\"id\":998,\"method\":\"curtain/nothing\"}";
    const char *const broken[] = {negative, huge};
    for (int k = 0; k < 2; k++) {
        send_raw(broken[k], strlen(broken[k]));
        r = receive();
        CHECK_EQ_INT(error_code(r), -32700);
        cJSON_Delete(r);
        int id = next_id++;
        cJSON *m = cJSON_CreateObject();
        cJSON_AddNumberToObject(m, "id", id);
        cJSON_AddStringToObject(m, "method", "curtain/nothing");
        send_json(m);
        r = receive();
        CHECK_EQ_INT((int)cJSON_GetNumberValue(cJSON_GetObjectItem(r, "id")), id);
        CHECK_EQ_INT(error_code(r), -32601);
        cJSON_Delete(r);
    }
    r = request("textDocument/hover", text_document(b_uri)); /* no position */
    CHECK_EQ_INT(error_code(r), -32602);
    cJSON_Delete(r);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s SERVER [ARGS...]\n", argv[0]);
        return 2;
    }
    snprintf(dir, sizeof dir, "/tmp/curtain_lsp_XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(a_path, sizeof a_path, "%s/a.pat", dir);
    snprintf(b_path, sizeof b_path, "%s/b.pat", dir);
    snprintf(a_uri, sizeof a_uri, "file://%s", a_path);
    snprintf(b_uri, sizeof b_uri, "file://%s", b_path);
    write_file(a_path, a_text);
    write_file(b_path, b_broken);
    snprintf(sounds_dir, sizeof sounds_dir, "%s/sounds", dir);
    snprintf(boom_path, sizeof boom_path, "%s/boom.wav", sounds_dir);
    mkdir(sounds_dir, 0755);
    FILE *boom = fopen(boom_path, "wb");
    CHECK(boom && fwrite(boom_wav, 1, sizeof boom_wav - 1, boom) == sizeof boom_wav - 1);
    if (boom)
        fclose(boom);
    snprintf(wave_path, sizeof wave_path, "%s/wave.xml", dir);
    snprintf(wave_uri, sizeof wave_uri, "file://%s", wave_path);
    write_file(wave_path, wave_xml);
    snprintf(xml_dir, sizeof xml_dir, "/tmp/curtain_lsp_XXXXXX");
    if (!mkdtemp(xml_dir)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(xml_path, sizeof xml_path, "%s/broken.xml", xml_dir);
    snprintf(xml_uri, sizeof xml_uri, "file://%s", xml_path);
    write_file(xml_path, xml_broken);
    snprintf(ws_dir, sizeof ws_dir, "/tmp/curtain_lsp_ws_XXXXXX");
    snprintf(mod_dir, sizeof mod_dir, "/tmp/curtain_lsp_mod_XXXXXX");
    if (!mkdtemp(ws_dir) || !mkdtemp(mod_dir)) {
        perror("mkdtemp");
        return 1;
    }
    bulletml_import_register(); /* as curtain lint has it */
    server_start(argv + 1);

    cJSON *r = request("textDocument/hover", at_position(b_uri, 0, 0));
    CHECK_EQ_INT(error_code(r), -32002); /* before initialize */
    cJSON_Delete(r);
    cJSON *init = cJSON_CreateObject();
    cJSON *folder0 = cJSON_CreateObject();
    char ws_uri[100];
    snprintf(ws_uri, sizeof ws_uri, "file://%s", ws_dir);
    cJSON_AddStringToObject(folder0, "uri", ws_uri);
    cJSON_AddStringToObject(folder0, "name", "ws");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(init, "workspaceFolders"), folder0);
    r = request("initialize", init);
    const cJSON *caps = cJSON_GetObjectItem(cJSON_GetObjectItem(r, "result"), "capabilities");
    CHECK(caps != NULL);
    CHECK(cJSON_IsTrue(
        cJSON_GetObjectItem(cJSON_GetObjectItem(caps, "renameProvider"), "prepareProvider")));
    CHECK(cJSON_GetObjectItem(caps, "signatureHelpProvider") != NULL);
    legend_types = cJSON_Duplicate(
        cJSON_GetObjectItem(
            cJSON_GetObjectItem(cJSON_GetObjectItem(caps, "semanticTokensProvider"), "legend"),
            "tokenTypes"),
        1);
    CHECK(cJSON_GetArraySize(legend_types) > 0);
    cJSON_Delete(r);
    notify("initialized", cJSON_CreateObject());

    open_document(b_uri, b_broken);
    cJSON *d = diagnostics_for(b_uri);
    const char *folder[] = {a_path, b_path, wave_path};    /* as lint sorts them */
    check_diagnostics_equal_lint(d, b_path, folder, 3, 3); /* unused, colour, name */
    cJSON_Delete(d);
    open_document(xml_uri, xml_broken);
    d = diagnostics_for(xml_uri);
    const char *xml_folder[] = {xml_path};
    check_diagnostics_equal_lint(d, xml_path, xml_folder, 1, 1);
    cJSON_Delete(d);

    change_document(b_uri, b_fixed);
    d = diagnostics_for(b_uri);
    CHECK_EQ_INT(
        cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(d, "params"), "diagnostics")),
        0);
    cJSON_Delete(d);

    check_hover(b_uri, 2, column_after(b_fixed, 2, "run b"), "A ring of bullets");
    check_hover(b_uri, 2, column_after(b_fixed, 2, "run b"), "pattern burst(count = 12");
    check_hover(a_uri, 3, column_after(a_text, 3, "ri"), "fire clause");
    check_hover(a_uri, 3, column_after(a_text, 3, "fire o"), "bullet shape");
    check_hover(a_uri, 3, column_after(a_text, 3, "fi"), "Fire bullets");
    check_hover(b_uri, 2, column_after(b_fixed, 2, "6 + "), "variable");
    check_hover(b_uri, 2, column_after(b_fixed, 2, "(co"), "parameter");
    /* an art shape where it is fired: its declaration, from the art block */
    check_hover(b_uri, 22, column_after(b_fixed, 22, "fire pe"), "**art shape** `petal`");
    check_hover(b_uri, 30, column_after(b_fixed, 30, "look pe"), "**art shape** `petal`");
    /* a backdrop where it is cued: its declaration; a built-in one: what it shows */
    check_hover(b_uri, 41, column_after(b_fixed, 41, "background ni"),
                "**backdrop** `night`, drawn from data");
    check_hover(b_uri, 41, column_after(b_fixed, 41, "background ni"), "layer fill (1, 2, 3)");
    check_hover(b_uri, 42, column_after(b_fixed, 42, "background la"),
                "**backdrop** `lake`, drawn in code: stage 2: a lake at night");
    check_hover(b_uri, 22, column_after(b_fixed, 22, "fire pe"),
                "art garden \"art/sheet.png\" {\n    shape petal frame 16 16 hitbox 3");
    /* sounds: a mod's file, then a built-in one */
    check_hover(b_uri, 26, column_after(b_fixed, 26, "sound bo"), "**sound file** `");
    check_hover(b_uri, 26, column_after(b_fixed, 26, "sound bo"), "/sounds/boom.wav`");
    check_hover(b_uri, 27, column_after(b_fixed, 27, "sound gr"), "**sound effect** `graze`");
    check_hover(b_uri, 27, column_after(b_fixed, 27, "sound gr"), "brushing the hitbox");
    /* a character and its expressions where a line is said */
    check_hover(b_uri, 51, column_after(b_fixed, 51, "say fox an"),
                "**expression** `angry` of the character `fox`: the portrait `petal`");
    check_hover(b_uri, 51, column_after(b_fixed, 51, "say f"), "character fox");
    check_hover(b_uri, 51, column_after(b_fixed, 51, "sa"), "A dialogue line");
    check_completions();
    check_navigation();
    check_contexts();
    check_rename();
    check_signature();
    check_semantic_tokens();
    check_protocol_errors();
    check_pending_alone();
    check_mod_and_workspace();

    r = request("shutdown", NULL);
    CHECK(r && cJSON_IsNull(cJSON_GetObjectItem(r, "result")));
    cJSON_Delete(r);
    notify("exit", NULL);
    int status = 0;
    CHECK(waitpid(server_pid, &status, 0) == server_pid);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    jsonrpc_reader_free(&reader);
    remove(a_path);
    remove(b_path);
    remove(wave_path);
    remove(boom_path);
    rmdir(sounds_dir);
    rmdir(dir);
    remove(xml_path);
    rmdir(xml_dir);
    cJSON_Delete(legend_types);
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' '%s'", ws_dir, mod_dir);
    CHECK(system(cmd) == 0);
    return check_done("lsp.session");
}
