/*
 * bulletml_import: the ".xml" importer of pattern libraries. The document's
 * diagnostics are handed over as they are (same form, same positions), then its
 * code is compiled into the library's builder behind one entry function.
 */
#include "pattern/bulletml/bulletml_import.h"

#include "core/mem.h"

#include <stdio.h>
#include <string.h>

static bulletml_dialect bulletml_import_dialect = BULLETML_DIALECT_DEBIAN;

void bulletml_import_set_dialect(bulletml_dialect dialect)
{
    bulletml_import_dialect = dialect;
}

void bulletml_import_register(void)
{
    library_register_importer(".xml", bulletml_import);
}

/* Copies the document's diagnostics into the library's list. Those the loader
 * only counted are counted in the list too, as the errors and warnings they
 * are: diag_print ends with "(N more diagnostics not shown)" as for pattern
 * files (a note at 1:1 used to print first and count as one more error). */
static void bulletml_import_diags(const bulletml_diags *bd, const library_file *file,
                                  diag_list *diags)
{
    int kept_errors = 0;
    for (int i = 0; i < bd->kept; i++) {
        kept_errors += bd->items[i].severity == BULLETML_ERROR;
        const bulletml_diag *d = &bd->items[i];
        diag_code code = d->severity == BULLETML_WARNING ? DIAG_OTHER_WARNING : DIAG_OTHER;
        if (d->line == 0)
            code = strcmp(d->message, "out of memory") == 0 ? DIAG_OUT_OF_MEMORY : code;
        diag_report(diags, code, file->path, file->text, file->len, d->line ? d->line : 1,
                    d->line ? d->col : 1, "%s", d->message);
    }
    diags->errors += bd->errors - kept_errors;
    diags->warnings += bd->warnings - (bd->kept - kept_errors);
}

/* The pattern's function: every entry point but the first as a thread of the
 * object (FORK), then the first one called, so a `run` lasts as long as it. */
static uint32_t bulletml_import_entry(program_builder *b, const bulletml_doc *doc,
                                      const uint32_t *tops)
{
    vm_pos pos = {1, 1, program_add_file(b, doc->path)};
    uint32_t f = program_declare_func(b, "bulletml file", 0, pos);
    program_begin_func(b, f);
    for (int32_t t = 1; t < doc->top_count; t++)
        program_emit_ax(b, VM_OP_FORK, tops[t], pos);
    if (doc->top_count > 0)
        program_emit_ax(b, VM_OP_CALL, tops[0], pos);
    program_emit_ax(b, VM_OP_RET, 0, pos);
    program_end_func(b, f, 0);
    return f;
}

/* bulletml_compile_looks with the library's rules as the compiler's looks
 * (at most 64 rules for one file; more are ignored). */
static int bulletml_import_compile(const bulletml_doc *doc, program_builder *b, uint32_t *tops,
                                   const library_look_rule *looks, int nlooks, char *err,
                                   size_t err_size)
{
    bulletml_look mine[64];
    int n = 0;
    for (int k = 0; k < nlooks && n < 64; k++)
        mine[n++] = (bulletml_look){looks[k].label, looks[k].look};
    return bulletml_compile_looks(doc, bulletml_import_dialect, b, tops, mine, n, err, err_size);
}

/* A look rule whose label no bullet of the document has: an error at the rule. */
static int bulletml_import_check_labels(const bulletml_doc *doc, const library_look_rule *looks,
                                        int nlooks, diag_list *diags)
{
    int bad = 0;
    for (int k = 0; k < nlooks; k++) {
        if (!looks[k].label)
            continue;
        int found = 0;
        for (int32_t n = 0; n < doc->node_count && !found; n++) {
            const char *label = bulletml_node_label(doc, n);
            found = doc->nodes[n].elem == BULLETML_BULLET && label &&
                    strcmp(label, looks[k].label) == 0;
        }
        if (!found) {
            diag_report(diags, DIAG_UNKNOWN_NAME, looks[k].path, looks[k].text, looks[k].len,
                        looks[k].line, looks[k].col, "no <bullet label=\"%s\"> in %s",
                        looks[k].label, doc->path);
            bad = 1;
        }
    }
    return bad;
}

int64_t bulletml_import(program_builder *b, const library_file *file,
                        const library_look_rule *looks, int nlooks, diag_list *diags)
{
    bulletml_diags bd;
    bulletml_doc *doc = bulletml_load_buffer(file->path, file->text, file->len, &bd);
    bulletml_import_diags(&bd, file, diags);
    if (!doc)
        return -1;
    int64_t entry = -1;
    char err[400];
    uint32_t *tops = mem_calloc((size_t)doc->top_count + 1, sizeof *tops);
    if (!tops) {
        diag_report(diags, DIAG_OUT_OF_MEMORY, file->path, NULL, 0, 1, 1, "out of memory");
    } else if (bulletml_import_check_labels(doc, looks, nlooks, diags)) {
        /* reported */
    } else if (bulletml_import_compile(doc, b, tops, looks, nlooks, err, sizeof err) != 0) {
        diag_report(diags, DIAG_OTHER, file->path, NULL, 0, 1, 1, "%s", err);
    } else {
        entry = bulletml_import_entry(b, doc, tops);
    }
    mem_free(tops);
    bulletml_unload(doc);
    return entry;
}
