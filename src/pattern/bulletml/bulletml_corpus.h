/*
 * bulletml_corpus: finds the BulletML files installed on this machine.
 *
 * Debian's game data packages (noiz2sa-data, parsec47-data, rrootage-data,
 * torus-trooper-data, tumiki-fighters-data) put them under /usr/share/games/, and
 * libbulletml-dev puts its samples under /usr/share/doc/libbulletml-dev/. The
 * corpus test, the differential test against libbulletml and `curtain bench
 * bulletml` all run over this list. CURTAIN_BULLETML_CORPUS (folders separated by
 * ':') replaces the default folders.
 */
#ifndef CURTAIN_PATTERN_BULLETML_CORPUS_H
#define CURTAIN_PATTERN_BULLETML_CORPUS_H

typedef struct bulletml_corpus {
    char **paths; /* sorted */
    int count;
} bulletml_corpus;

/* The default folders, ':'-separated. */
#define BULLETML_CORPUS_DEFAULT "/usr/share/games:/usr/share/doc/libbulletml-dev/doc/sample"

/* Lists every *.xml file below the folders whose start holds a <bulletml element.
 * Returns 0 (possibly with no files), or -1 when out of memory. */
int bulletml_corpus_find(bulletml_corpus *corpus);
void bulletml_corpus_free(bulletml_corpus *corpus);

#endif
