/*
 * formatting: one edit replacing the whole text, which every client applies
 * the same way, rather than a diff: the layout changes spaces only, and a
 * file's worth of text is small.
 */
#include "lsp/formatting.h"

#include "core/mem.h"
#include "lsp/jsonrpc.h"
#include "pattern/language/format.h"

#include <string.h>

static cJSON *formatting_pos(document_pos p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "line", p.line);
    cJSON_AddNumberToObject(o, "character", p.character);
    return o;
}

/* Whether a position built under memory pressure came out whole. */
static int formatting_pos_whole(const cJSON *p)
{
    return cJSON_GetObjectItem(p, "line") && cJSON_GetObjectItem(p, "character");
}

/* Whether the edit came out whole: half of one would delete text. */
static int formatting_edit_whole(const cJSON *edit)
{
    const cJSON *range = cJSON_GetObjectItem(edit, "range");
    return cJSON_IsString(cJSON_GetObjectItem(edit, "newText")) &&
           formatting_pos_whole(cJSON_GetObjectItem(range, "start")) &&
           formatting_pos_whole(cJSON_GetObjectItem(range, "end"));
}

cJSON *formatting_answer(const char *path, const char *text, size_t len, document_encoding enc)
{
    size_t n = strlen(path);
    if (n < 4 || strcmp(path + n - 4, ".pat") != 0)
        return cJSON_CreateNull(); /* BulletML files are not laid out */
    static diag_list diags;
    diag_init(&diags);
    size_t out_len = 0;
    char *out = format_text(path, text, len, &out_len, &diags);
    int refused = !out && diags.errors > 0;
    diag_free(&diags);
    if (!out)
        return refused ? cJSON_CreateNull() : NULL;
    cJSON *edits = cJSON_CreateArray();
    if (edits && (out_len != len || memcmp(out, text, len) != 0)) {
        cJSON *edit = cJSON_CreateObject();
        cJSON *range = cJSON_CreateObject();
        jsonrpc_put(range, "start", formatting_pos((document_pos){0, 0}));
        jsonrpc_put(range, "end", formatting_pos(document_pos_of(text, len, len, enc)));
        jsonrpc_put(edit, "range", range);
        jsonrpc_put(edit, "newText", cJSON_CreateString(out));
        if (!formatting_edit_whole(edit) || !cJSON_AddItemToArray(edits, edit)) {
            cJSON_Delete(edit);
            cJSON_Delete(edits);
            edits = NULL;
        }
    }
    mem_free(out);
    return edits;
}
