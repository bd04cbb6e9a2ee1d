/*
 * server: the language server's protocol: lifecycle, open files, debounced
 * diagnostics, and the requests of lsp/query.h. See server.h.
 */
#include "lsp/server.h"

#include "core/file.h"
#include "core/mem.h"
#include "lsp/document.h"
#include "lsp/formatting.h"
#include "lsp/jsonrpc.h"
#include "lsp/project.h"
#include "lsp/query.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <string.h>

/* JSON-RPC's and the protocol's error codes. */
enum {
    RPC_PARSE_ERROR = -32700,
    RPC_INVALID_REQUEST = -32600,
    RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602,
    RPC_INTERNAL_ERROR = -32603,
    RPC_SERVER_NOT_INITIALIZED = -32002,
    RPC_REQUEST_FAILED = -32803,
};

#define LSP_MAX_PENDING 64

typedef struct lsp_doc {
    char *uri;
    char *path; /* the file's path, or the URI when it is not a local file */
    char *text;
    size_t len;
} lsp_doc;

typedef struct lsp_pending {
    char *path;
    uint64_t due;
} lsp_pending;

struct lsp_server {
    lsp_send_fn send;
    void *ctx;
    int initialized, shut_down, exited;
    document_encoding enc;
    project_places places; /* the client's workspace folders */
    lsp_doc docs[LSP_MAX_DOCUMENTS];
    int ndocs;
    lsp_pending pending[LSP_MAX_PENDING];
    int npending;
    char **published; /* paths whose last diagnostics were not empty */
    int npublished, cap_published;
};

/* ---- sending ---- */

/* Sends a message; one that memory ran out while building (no version, or
 * neither a result, an error nor a method) is dropped, not sent half made. */
static void server_send_json(lsp_server *s, cJSON *msg)
{
    int whole = cJSON_GetObjectItem(msg, "jsonrpc") &&
                (cJSON_GetObjectItem(msg, "result") || cJSON_GetObjectItem(msg, "error") ||
                 cJSON_GetObjectItem(msg, "method"));
    char *text = whole ? cJSON_PrintUnformatted(msg) : NULL;
    if (text)
        s->send(s->ctx, text, strlen(text));
    cJSON_free(text);
    cJSON_Delete(msg);
}

static cJSON *server_message(void)
{
    cJSON *m = cJSON_CreateObject();
    cJSON_AddStringToObject(m, "jsonrpc", "2.0");
    return m;
}

static void server_respond(lsp_server *s, const cJSON *id, cJSON *result)
{
    cJSON *m = server_message();
    jsonrpc_put(m, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
    jsonrpc_put(m, "result", result ? result : cJSON_CreateNull());
    server_send_json(s, m);
}

static void server_error(lsp_server *s, const cJSON *id, int code, const char *message)
{
    cJSON *m = server_message();
    jsonrpc_put(m, "id", id ? cJSON_Duplicate(id, 1) : cJSON_CreateNull());
    cJSON *e = cJSON_AddObjectToObject(m, "error");
    cJSON_AddNumberToObject(e, "code", code);
    cJSON_AddStringToObject(e, "message", message);
    server_send_json(s, m);
}

static void server_notify(lsp_server *s, const char *method, cJSON *params)
{
    cJSON *m = server_message();
    cJSON_AddStringToObject(m, "method", method);
    jsonrpc_put(m, "params", params);
    server_send_json(s, m);
}

/* ---- open files ---- */

static lsp_doc *server_doc_by_uri(lsp_server *s, const char *uri)
{
    for (int i = 0; i < s->ndocs; i++)
        if (strcmp(s->docs[i].uri, uri) == 0)
            return &s->docs[i];
    return NULL;
}

static lsp_doc *server_doc_by_path(lsp_server *s, const char *path)
{
    for (int i = 0; i < s->ndocs; i++)
        if (strcmp(s->docs[i].path, path) == 0)
            return &s->docs[i];
    return NULL;
}

/* The path a URI stands for: the local file's, else the URI itself. */
static char *server_path_of(const char *uri)
{
    char path[PROJECT_PATH_MAX];
    return mem_strdup(document_uri_to_path(uri, path, sizeof path) == 0 ? path : uri);
}

static void server_doc_free(lsp_doc *d)
{
    mem_free(d->uri);
    mem_free(d->path);
    mem_free(d->text);
    memset(d, 0, sizeof *d);
}

/* Replaces a document's text; -1 when memory ran out (the old text stays). */
static int server_doc_set_text(lsp_doc *d, const char *text)
{
    size_t len = strlen(text);
    char *copy = mem_alloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, text, len + 1);
    mem_free(d->text);
    d->text = copy;
    d->len = len;
    return 0;
}

/* The editor's text of a file (project_text_fn); a text over the pattern file
 * limit is not given, so that the file is read and refused as lint refuses it. */
static const char *server_text_of(void *ctx, const char *path, size_t *len)
{
    lsp_doc *d = server_doc_by_path(ctx, path);
    if (!d || d->len > FILE_LIMIT_PATTERN)
        return NULL;
    *len = d->len;
    return d->text;
}

/* Loads the project of a file, with every open file given to it. */
static int server_project(lsp_server *s, const char *path, project *p)
{
    const char *extra[LSP_MAX_DOCUMENTS];
    for (int i = 0; i < s->ndocs; i++)
        extra[i] = s->docs[i].path;
    return project_load(p, path, &s->places, extra, s->ndocs, server_text_of, s);
}

/* ---- diagnostics ---- */

static void server_schedule(lsp_server *s, const char *path, uint64_t due)
{
    for (int i = 0; i < s->npending; i++)
        if (strcmp(s->pending[i].path, path) == 0) {
            s->pending[i].due = due;
            return;
        }
    if (s->npending >= LSP_MAX_PENDING)
        return; /* so many files at once: they are compiled when one of these runs */
    char *copy = mem_strdup(path);
    if (!copy)
        return;
    s->pending[s->npending].path = copy;
    s->pending[s->npending].due = due;
    s->npending++;
}

int64_t lsp_server_due_ms(const lsp_server *s, uint64_t now_ms)
{
    int64_t best = -1;
    for (int i = 0; i < s->npending; i++) {
        int64_t wait = s->pending[i].due > now_ms ? (int64_t)(s->pending[i].due - now_ms) : 0;
        if (best < 0 || wait < best)
            best = wait;
    }
    return best;
}

static void server_uri_of(lsp_server *s, const char *path, char *uri, size_t size)
{
    lsp_doc *d = server_doc_by_path(s, path);
    if (d)
        snprintf(uri, size, "%s", d->uri);
    else if (path[0] != '/' || document_path_to_uri(path, uri, size) != 0)
        snprintf(uri, size, "%s", path);
}

/* Lint's message of a diagnostic: its first line without "path:line:col: " and
 * "warning: " (the severity says it). */
static void server_diag_message(const diag *g, char *out, size_t size)
{
    char prefix[PROJECT_PATH_MAX + 48];
    int n = snprintf(prefix, sizeof prefix, "%s:%u:%u: ", g->path, g->line, g->col);
    const char *m = g->text;
    if (n > 0 && strncmp(m, prefix, (size_t)n) == 0)
        m += n;
    if (g->severity == DIAG_WARNING && strncmp(m, "warning: ", 9) == 0)
        m += 9;
    size_t len = strcspn(m, "\n");
    snprintf(out, size, "%.*s", (int)(len < size ? len : size - 1), m);
}

static cJSON *server_diag_json(lsp_server *s, const diag *g, const project_file *f)
{
    const char *text = f ? f->text : "";
    size_t len = f ? f->len : 0;
    size_t at = document_offset_of_col(text, len, g->line, g->col);
    size_t end = at;
    while (end < len && document_is_name_char(text[end]))
        end++;
    if (end == at && end < len && text[end] != '\n')
        end++;
    cJSON *d = cJSON_CreateObject();
    cJSON *r = cJSON_AddObjectToObject(d, "range");
    document_pos a = document_pos_of(text, len, at, s->enc);
    document_pos b = document_pos_of(text, len, end, s->enc);
    cJSON *start = cJSON_AddObjectToObject(r, "start");
    cJSON_AddNumberToObject(start, "line", g->line ? g->line - 1 : 0);
    cJSON_AddNumberToObject(start, "character", a.character);
    cJSON *stop = cJSON_AddObjectToObject(r, "end");
    cJSON_AddNumberToObject(stop, "line", b.line);
    cJSON_AddNumberToObject(stop, "character", b.character);
    cJSON_AddNumberToObject(d, "severity", g->severity == DIAG_ERROR ? 1 : 2);
    cJSON_AddStringToObject(d, "code", diag_code_name(g->code));
    cJSON_AddStringToObject(d, "source", "curtain");
    char message[1024];
    server_diag_message(g, message, sizeof message);
    cJSON_AddStringToObject(d, "message", message);
    return d;
}

static void server_publish(lsp_server *s, const char *path, cJSON *list)
{
    char uri[PROJECT_PATH_MAX * 3 + 16];
    server_uri_of(s, path, uri, sizeof uri);
    cJSON *params = cJSON_CreateObject();
    cJSON_AddStringToObject(params, "uri", uri);
    jsonrpc_put(params, "diagnostics", list);
    server_notify(s, "textDocument/publishDiagnostics", params);
}

static int server_was_published(const lsp_server *s, const char *path)
{
    for (int i = 0; i < s->npublished; i++)
        if (strcmp(s->published[i], path) == 0)
            return i;
    return -1;
}

static void server_remember(lsp_server *s, const char *path)
{
    if (server_was_published(s, path) >= 0)
        return;
    if (s->npublished == s->cap_published) {
        int ncap = s->cap_published ? s->cap_published * 2 : 16;
        char **n = mem_realloc(s->published, (size_t)ncap * sizeof *n);
        if (!n)
            return;
        s->published = n;
        s->cap_published = ncap;
    }
    char *copy = mem_strdup(path);
    if (copy)
        s->published[s->npublished++] = copy;
}

/* Publishes the project's diagnostics, file by file, and clears the files
 * whose diagnostics went away. */
static void server_publish_project(lsp_server *s, project *p, const diag_list *diags)
{
    for (int i = 0; i < p->count; i++) {
        const project_file *f = &p->files[i];
        cJSON *list = cJSON_CreateArray();
        for (int k = 0; k < diags->count; k++)
            if (strcmp(diags->items[k].path, f->path) == 0)
                jsonrpc_push(list, server_diag_json(s, &diags->items[k], f));
        int was = server_was_published(s, f->path);
        if (cJSON_GetArraySize(list) == 0 && was < 0) {
            cJSON_Delete(list);
            continue;
        }
        if (cJSON_GetArraySize(list) == 0) {
            mem_free(s->published[was]);
            s->published[was] = s->published[--s->npublished];
        } else {
            server_remember(s, f->path);
        }
        server_publish(s, f->path, list);
    }
}

/* Compiles the project of path as lint would and publishes what it finds; the
 * other files waiting whose diagnostics this gave (those of the same project)
 * wait no more. Those it did not give (the folder is not a library, and path
 * was compiled alone) keep waiting, for their own turn. */
static void server_lint(lsp_server *s, const char *path)
{
    project p;
    if (server_project(s, path, &p) != 0)
        return;
    for (int k = 0; k < s->npending;) {
        if (project_find(&p, s->pending[k].path) >= 0) {
            mem_free(s->pending[k].path);
            s->pending[k] = s->pending[--s->npending];
        } else {
            k++;
        }
    }
    diag_list *diags = mem_calloc(1, sizeof *diags);
    if (diags) {
        diag_init(diags);
        project_lint(&p, diags);
        server_publish_project(s, &p, diags);
        diag_free(diags);
        mem_free(diags);
    }
    project_unload(&p);
}

void lsp_server_tick(lsp_server *s, uint64_t now_ms)
{
    for (int i = 0; i < s->npending;) {
        if (s->pending[i].due > now_ms) {
            i++;
            continue;
        }
        char *path = s->pending[i].path;
        s->pending[i] = s->pending[--s->npending];
        server_lint(s, path); /* and the others waiting that its project holds */
        mem_free(path);
        i = 0;
    }
}

/* ---- requests and notifications ---- */

/* Adds a workspace folder's URI (or path) to the places looked at. */
static void server_add_folder(lsp_server *s, const char *uri)
{
    project_places *pl = &s->places;
    if (!uri || pl->count >= PROJECT_MAX_FOLDERS)
        return;
    char *out = pl->folders[pl->count];
    if (document_uri_to_path(uri, out, PROJECT_PATH_MAX) != 0 &&
        snprintf(out, PROJECT_PATH_MAX, "%s", uri) >= PROJECT_PATH_MAX)
        return;
    size_t n = strlen(out);
    while (n > 1 && out[n - 1] == '/')
        out[--n] = '\0';
    if (out[0] == '/')
        pl->count++;
}

/* workspace/didChangeWorkspaceFolders: the folders removed, then those added. */
static void server_change_folders(lsp_server *s, const cJSON *params)
{
    const cJSON *event = cJSON_GetObjectItem(params, "event");
    const cJSON *folder;
    cJSON_ArrayForEach(folder, cJSON_GetObjectItem(event, "removed"))
    {
        const char *uri = cJSON_GetStringValue(cJSON_GetObjectItem(folder, "uri"));
        char path[PROJECT_PATH_MAX];
        if (!uri || document_uri_to_path(uri, path, sizeof path) != 0)
            continue;
        size_t n = strlen(path);
        while (n > 1 && path[n - 1] == '/')
            path[--n] = '\0';
        project_places *pl = &s->places;
        for (int i = 0; i < pl->count; i++)
            if (strcmp(pl->folders[i], path) == 0) {
                memmove(pl->folders[i], pl->folders[pl->count - 1], PROJECT_PATH_MAX);
                pl->count--;
                break;
            }
    }
    cJSON_ArrayForEach(folder, cJSON_GetObjectItem(event, "added"))
    {
        server_add_folder(s, cJSON_GetStringValue(cJSON_GetObjectItem(folder, "uri")));
    }
}

/* The client's workspace folders: workspaceFolders, else rootUri, else rootPath. */
static void server_workspace(lsp_server *s, const cJSON *params)
{
    const cJSON *folder;
    cJSON_ArrayForEach(folder, cJSON_GetObjectItem(params, "workspaceFolders"))
    {
        server_add_folder(s, cJSON_GetStringValue(cJSON_GetObjectItem(folder, "uri")));
    }
    if (s->places.count == 0)
        server_add_folder(s, cJSON_GetStringValue(cJSON_GetObjectItem(params, "rootUri")));
    if (s->places.count == 0)
        server_add_folder(s, cJSON_GetStringValue(cJSON_GetObjectItem(params, "rootPath")));
}

static cJSON *server_initialize(lsp_server *s, const cJSON *params)
{
    server_workspace(s, params);
    const cJSON *caps = cJSON_GetObjectItem(params, "capabilities");
    const cJSON *general = cJSON_GetObjectItem(caps, "general");
    const cJSON *encodings = cJSON_GetObjectItem(general, "positionEncodings");
    const cJSON *e;
    s->enc = DOCUMENT_UTF16;
    cJSON_ArrayForEach(e, encodings)
    {
        if (cJSON_IsString(e) && strcmp(e->valuestring, "utf-8") == 0)
            s->enc = DOCUMENT_UTF8;
    }
    s->initialized = 1;
    cJSON *r = cJSON_CreateObject();
    cJSON *c = cJSON_AddObjectToObject(r, "capabilities");
    cJSON_AddStringToObject(c, "positionEncoding", s->enc == DOCUMENT_UTF8 ? "utf-8" : "utf-16");
    cJSON *sync = cJSON_AddObjectToObject(c, "textDocumentSync");
    cJSON_AddTrueToObject(sync, "openClose");
    cJSON_AddNumberToObject(sync, "change", 1); /* the whole text each time */
    cJSON_AddObjectToObject(sync, "save");
    cJSON_AddTrueToObject(c, "hoverProvider");
    cJSON_AddTrueToObject(c, "definitionProvider");
    cJSON_AddTrueToObject(c, "referencesProvider");
    cJSON_AddTrueToObject(c, "documentSymbolProvider");
    cJSON *folders =
        cJSON_AddObjectToObject(cJSON_AddObjectToObject(c, "workspace"), "workspaceFolders");
    cJSON_AddTrueToObject(folders, "supported");
    cJSON_AddTrueToObject(folders, "changeNotifications");
    cJSON_AddObjectToObject(c, "renameProvider");
    cJSON_AddTrueToObject(cJSON_GetObjectItem(c, "renameProvider"), "prepareProvider");
    cJSON *signature = cJSON_AddObjectToObject(c, "signatureHelpProvider");
    static const char *const signature_triggers[] = {"(", ","};
    jsonrpc_put(signature, "triggerCharacters", cJSON_CreateStringArray(signature_triggers, 2));
    cJSON *tokens = cJSON_AddObjectToObject(c, "semanticTokensProvider");
    jsonrpc_put(tokens, "legend", query_token_legend());
    cJSON_AddTrueToObject(tokens, "full");
    cJSON_AddTrueToObject(c, "documentFormattingProvider");
    cJSON *completion = cJSON_AddObjectToObject(c, "completionProvider");
    static const char *const triggers[] = {"(", ",", " ", "."};
    jsonrpc_put(completion, "triggerCharacters", cJSON_CreateStringArray(triggers, 4));
    cJSON *info = cJSON_AddObjectToObject(r, "serverInfo");
    cJSON_AddStringToObject(info, "name", "curtain lsp");
    return r;
}

static const char *server_uri_param(const cJSON *params)
{
    const cJSON *td = cJSON_GetObjectItem(params, "textDocument");
    const cJSON *uri = cJSON_GetObjectItem(td, "uri");
    return cJSON_IsString(uri) ? uri->valuestring : NULL;
}

static void server_did_open(lsp_server *s, const cJSON *params, uint64_t now)
{
    const char *uri = server_uri_param(params);
    const cJSON *text = cJSON_GetObjectItem(cJSON_GetObjectItem(params, "textDocument"), "text");
    if (!uri || !cJSON_IsString(text))
        return;
    lsp_doc *d = server_doc_by_uri(s, uri);
    if (!d) {
        if (s->ndocs >= LSP_MAX_DOCUMENTS)
            return;
        d = &s->docs[s->ndocs];
        d->uri = mem_strdup(uri);
        d->path = server_path_of(uri);
        if (!d->uri || !d->path || server_doc_set_text(d, text->valuestring) != 0) {
            server_doc_free(d);
            return;
        }
        s->ndocs++;
    } else if (server_doc_set_text(d, text->valuestring) != 0) {
        return;
    }
    server_schedule(s, d->path, now);
}

static void server_did_change(lsp_server *s, const cJSON *params, uint64_t now)
{
    lsp_doc *d = server_doc_by_uri(s, server_uri_param(params) ? server_uri_param(params) : "");
    const cJSON *changes = cJSON_GetObjectItem(params, "contentChanges");
    const cJSON *last = cJSON_GetArrayItem(changes, cJSON_GetArraySize(changes) - 1);
    const cJSON *text = cJSON_GetObjectItem(last, "text");
    if (d && cJSON_IsString(text) && server_doc_set_text(d, text->valuestring) == 0)
        server_schedule(s, d->path, now + LSP_DEBOUNCE_MS);
}

static void server_did_save(lsp_server *s, const cJSON *params, uint64_t now)
{
    lsp_doc *d = server_doc_by_uri(s, server_uri_param(params) ? server_uri_param(params) : "");
    if (d)
        server_schedule(s, d->path, now);
}

static void server_did_close(lsp_server *s, const cJSON *params, uint64_t now)
{
    lsp_doc *d = server_doc_by_uri(s, server_uri_param(params) ? server_uri_param(params) : "");
    if (!d)
        return;
    char *path = mem_strdup(d->path);
    server_doc_free(d);
    *d = s->docs[--s->ndocs];
    memset(&s->docs[s->ndocs], 0, sizeof s->docs[0]);
    if (path)
        server_schedule(s, path, now); /* the file on disk now counts again */
    mem_free(path);
}

/* What a request about a place in a file answers. */
typedef enum server_query {
    QUERY_HOVER,
    QUERY_COMPLETION,
    QUERY_DEFINITION,
    QUERY_REFERENCES,
    QUERY_SYMBOLS,
    QUERY_PREPARE_RENAME,
    QUERY_RENAME,
    QUERY_SIGNATURE,
    QUERY_TOKENS,
} server_query;

/* Whether a request of this kind names a place (a position) in its file. */
static int server_query_has_position(server_query what)
{
    return what != QUERY_SYMBOLS && what != QUERY_TOKENS;
}

/* The answer where there is nothing to say: a file that is not a pattern file. */
static cJSON *server_nothing(server_query what, const char **failed)
{
    switch (what) {
    case QUERY_HOVER:
    case QUERY_PREPARE_RENAME:
    case QUERY_SIGNATURE: return cJSON_CreateNull();
    case QUERY_RENAME: *failed = "only a pattern file's names can be renamed"; return NULL;
    case QUERY_TOKENS: return cJSON_Parse("{\"data\":[]}");
    default: return cJSON_CreateArray();
    }
}

/* The answer of a request about the pattern file `file` of p, at offset. */
static cJSON *server_query_run(lsp_server *s, project *p, int file, size_t offset,
                               server_query what, const cJSON *params, const char **failed)
{
    const cJSON *ctx = cJSON_GetObjectItem(params, "context");
    switch (what) {
    case QUERY_HOVER: return query_hover(p, file, offset, s->enc);
    case QUERY_COMPLETION: return query_completion(p, file, offset);
    case QUERY_DEFINITION: return query_definition(p, file, offset, s->enc);
    case QUERY_REFERENCES:
        return query_references(
            p, file, offset, cJSON_IsTrue(cJSON_GetObjectItem(ctx, "includeDeclaration")), s->enc);
    case QUERY_SYMBOLS: return query_symbols(p, file, s->enc);
    case QUERY_PREPARE_RENAME: return query_prepare_rename(p, file, offset, s->enc);
    case QUERY_RENAME:
        return query_rename(p, file, offset,
                            cJSON_GetStringValue(cJSON_GetObjectItem(params, "newName")), s->enc,
                            failed);
    case QUERY_SIGNATURE: return query_signature(p, file, offset);
    case QUERY_TOKENS: return query_tokens(p, file, s->enc);
    }
    return NULL;
}

/* The answer of a request about a file (NULL: memory ran out, or *failed says
 * why the request cannot be done; *bad: its params are wrong). */
static cJSON *server_answer(lsp_server *s, const cJSON *params, server_query what, int *bad,
                            const char **failed)
{
    const char *uri = server_uri_param(params);
    const cJSON *pos = cJSON_GetObjectItem(params, "position");
    const cJSON *line = cJSON_GetObjectItem(pos, "line");
    const cJSON *character = cJSON_GetObjectItem(pos, "character");
    const char *new_name = cJSON_GetStringValue(cJSON_GetObjectItem(params, "newName"));
    if (!uri || (what == QUERY_RENAME && !new_name) ||
        (server_query_has_position(what) &&
         (!cJSON_IsNumber(line) || !cJSON_IsNumber(character) || line->valuedouble < 0 ||
          character->valuedouble < 0))) {
        *bad = 1;
        return NULL;
    }
    char *path = server_path_of(uri);
    project p;
    if (!path || server_project(s, path, &p) != 0) {
        mem_free(path);
        return NULL;
    }
    int file = project_find(&p, path);
    mem_free(path);
    cJSON *result = NULL;
    size_t offset = 0;
    if (file >= 0 && server_query_has_position(what)) {
        document_pos at = {line->valuedouble > 4e9 ? 4000000000u : (uint32_t)line->valuedouble,
                           character->valuedouble > 4e9 ? 4000000000u
                                                        : (uint32_t)character->valuedouble};
        offset = document_offset_of(p.files[file].text, p.files[file].len, at, s->enc);
    }
    if (file < 0 || !project_is_pattern(&p, file)) /* BulletML files get diagnostics only */
        result = server_nothing(what, failed);
    else
        result = server_query_run(s, &p, file, offset, what, params, failed);
    project_unload(&p);
    return result;
}

/* textDocument/formatting: the open buffer's text, or the file's. */
static cJSON *server_format(lsp_server *s, const cJSON *params, int *bad)
{
    const char *uri = server_uri_param(params);
    lsp_doc *d = uri ? server_doc_by_uri(s, uri) : NULL;
    if (!uri) {
        *bad = 1;
        return NULL;
    }
    if (d)
        return formatting_answer(d->path, d->text, d->len, s->enc);
    char *path = server_path_of(uri);
    size_t len = 0;
    char *text = path ? file_read_limit(path, FILE_LIMIT_PATTERN, &len, NULL, 0) : NULL;
    cJSON *result = text ? formatting_answer(path, text, len, s->enc) : NULL;
    if (path && !text)
        result = cJSON_CreateNull(); /* no such file: nothing to lay out */
    mem_free(text);
    mem_free(path);
    return result;
}

/* The methods: name, whether it is a request (answered) or a notification. */
typedef enum server_method {
    M_INITIALIZE,
    M_INITIALIZED,
    M_SHUTDOWN,
    M_EXIT,
    M_DID_OPEN,
    M_DID_CHANGE,
    M_DID_SAVE,
    M_DID_CLOSE,
    M_HOVER,
    M_COMPLETION,
    M_DEFINITION,
    M_REFERENCES,
    M_SYMBOLS,
    M_PREPARE_RENAME,
    M_RENAME,
    M_SIGNATURE,
    M_TOKENS,
    M_FOLDERS,
    M_FORMATTING,
    M_UNKNOWN,
} server_method;

static const char *const server_method_names[] = {
    "initialize",
    "initialized",
    "shutdown",
    "exit",
    "textDocument/didOpen",
    "textDocument/didChange",
    "textDocument/didSave",
    "textDocument/didClose",
    "textDocument/hover",
    "textDocument/completion",
    "textDocument/definition",
    "textDocument/references",
    "textDocument/documentSymbol",
    "textDocument/prepareRename",
    "textDocument/rename",
    "textDocument/signatureHelp",
    "textDocument/semanticTokens/full",
    "workspace/didChangeWorkspaceFolders",
    "textDocument/formatting",
};

static server_method server_method_of(const char *name)
{
    for (int i = 0; i < M_UNKNOWN; i++)
        if (strcmp(server_method_names[i], name) == 0)
            return (server_method)i;
    return M_UNKNOWN;
}

static void server_dispatch(lsp_server *s, server_method m, const cJSON *id, const cJSON *params,
                            uint64_t now)
{
    int bad = 0;
    const char *failed = NULL;
    cJSON *result = NULL;
    switch (m) {
    case M_INITIALIZE: result = server_initialize(s, params); break;
    case M_SHUTDOWN:
        s->shut_down = 1;
        result = cJSON_CreateNull();
        break;
    case M_EXIT: s->exited = 1; return;
    case M_DID_OPEN: server_did_open(s, params, now); return;
    case M_DID_CHANGE: server_did_change(s, params, now); return;
    case M_DID_SAVE: server_did_save(s, params, now); return;
    case M_DID_CLOSE: server_did_close(s, params, now); return;
    case M_FOLDERS: server_change_folders(s, params); return;
    case M_HOVER: result = server_answer(s, params, QUERY_HOVER, &bad, &failed); break;
    case M_COMPLETION: result = server_answer(s, params, QUERY_COMPLETION, &bad, &failed); break;
    case M_DEFINITION: result = server_answer(s, params, QUERY_DEFINITION, &bad, &failed); break;
    case M_REFERENCES: result = server_answer(s, params, QUERY_REFERENCES, &bad, &failed); break;
    case M_SYMBOLS: result = server_answer(s, params, QUERY_SYMBOLS, &bad, &failed); break;
    case M_PREPARE_RENAME:
        result = server_answer(s, params, QUERY_PREPARE_RENAME, &bad, &failed);
        break;
    case M_RENAME: result = server_answer(s, params, QUERY_RENAME, &bad, &failed); break;
    case M_SIGNATURE: result = server_answer(s, params, QUERY_SIGNATURE, &bad, &failed); break;
    case M_TOKENS: result = server_answer(s, params, QUERY_TOKENS, &bad, &failed); break;
    case M_FORMATTING: result = server_format(s, params, &bad); break;
    case M_INITIALIZED:
    case M_UNKNOWN: return;
    }
    if (!id) {
        cJSON_Delete(result);
        return;
    }
    if (bad)
        server_error(s, id, RPC_INVALID_PARAMS, "textDocument or position is missing or wrong");
    else if (failed)
        server_error(s, id, RPC_REQUEST_FAILED, failed);
    else if (!result)
        server_error(s, id, RPC_INTERNAL_ERROR, "out of memory");
    else
        server_respond(s, id, result);
}

void lsp_server_handle(lsp_server *s, const char *body, size_t len, uint64_t now_ms)
{
    cJSON *msg = cJSON_ParseWithLength(body, len);
    if (!msg) {
        server_error(s, NULL, RPC_PARSE_ERROR, "the message is not JSON");
        return;
    }
    const cJSON *id = cJSON_GetObjectItem(msg, "id");
    const cJSON *method = cJSON_GetObjectItem(msg, "method");
    const cJSON *params = cJSON_GetObjectItem(msg, "params");
    if (id && !cJSON_IsNumber(id) && !cJSON_IsString(id))
        id = NULL;
    if (!cJSON_IsObject(msg) || !cJSON_IsString(method)) {
        /* a response to a request of ours (there are none) is dropped */
        if (!(cJSON_IsObject(msg) && id &&
              (cJSON_GetObjectItem(msg, "result") || cJSON_GetObjectItem(msg, "error"))))
            server_error(s, id, RPC_INVALID_REQUEST, "a request needs a string 'method'");
        cJSON_Delete(msg);
        return;
    }
    server_method m = server_method_of(method->valuestring);
    if (m == M_UNKNOWN && id) {
        char text[160];
        snprintf(text, sizeof text, "unknown method '%.100s'", method->valuestring);
        server_error(s, id, RPC_METHOD_NOT_FOUND, text);
    } else if (!s->initialized && m != M_INITIALIZE && m != M_EXIT) {
        if (id)
            server_error(s, id, RPC_SERVER_NOT_INITIALIZED, "initialize comes first");
    } else if (s->shut_down && m != M_EXIT) {
        if (id)
            server_error(s, id, RPC_INVALID_REQUEST, "the server is shut down");
    } else {
        server_dispatch(s, m, id, params, now_ms);
    }
    cJSON_Delete(msg);
}

void lsp_server_reject(lsp_server *s, const char *why)
{
    server_error(s, NULL, RPC_PARSE_ERROR, why);
}

int lsp_server_finished(const lsp_server *s, int *code)
{
    *code = s->shut_down ? 0 : 1;
    return s->exited;
}

/* cJSON allocates through the project's hook, so tests count and fail it. */
static void *server_json_alloc(size_t size)
{
    return mem_alloc(size);
}

lsp_server *lsp_server_create(lsp_send_fn send, void *ctx)
{
    cJSON_Hooks hooks = {server_json_alloc, mem_free};
    cJSON_InitHooks(&hooks);
    lsp_server *s = mem_calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->send = send;
    s->ctx = ctx;
    s->enc = DOCUMENT_UTF16;
    return s;
}

void lsp_server_destroy(lsp_server *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->ndocs; i++)
        server_doc_free(&s->docs[i]);
    for (int i = 0; i < s->npending; i++)
        mem_free(s->pending[i].path);
    for (int i = 0; i < s->npublished; i++)
        mem_free(s->published[i]);
    mem_free(s->published);
    mem_free(s);
}
