/*
 * bulletml_import: BulletML files in pattern libraries (pattern/content/library.h).
 *
 * Once registered, a ".xml" file given to the library loader (curtain lint, run,
 * view, the game's pattern folder, a mod) is loaded and checked as BulletML, its
 * diagnostics join the library's, and it compiles into the library's program as
 * a pattern without parameters named after the file: `run boss1` in a pattern
 * file runs boss1.xml as an attack (every entry point of the document as a
 * thread of the object; the `run` lasts as long as the first entry point).
 */
#ifndef CURTAIN_PATTERN_BULLETML_IMPORT_H
#define CURTAIN_PATTERN_BULLETML_IMPORT_H

#include "pattern/bulletml/bulletml_compile.h"
#include "pattern/content/library.h"

/* Registers the importer for ".xml" (once is enough; again is harmless). */
void bulletml_import_register(void);

/* The dialect later imports use (default: Debian's). */
void bulletml_import_set_dialect(bulletml_dialect dialect);

/* The importer itself (library_import_fn): compiles file into b, reporting to
 * diags; returns the pattern's function, or -1 after an error. */
int64_t bulletml_import(program_builder *b, const library_file *file,
                        const library_look_rule *looks, int nlooks, diag_list *diags);

#endif
