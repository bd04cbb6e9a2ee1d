/* bulletml corpus: every BulletML file installed on this machine (Debian's game
 * data packages and libbulletml's samples) loads with zero errors. With none
 * installed the test fails: the packages are expected (tools/setup.sh test
 * installs them; configure with -DCURTAIN_BULLETML_CORPUS=OFF to leave it out). */
#include "../check.h"
#include "pattern/bulletml/bulletml.h"
#include "pattern/bulletml/bulletml_corpus.h"

int main(void)
{
    bulletml_corpus corpus;
    CHECK(bulletml_corpus_find(&corpus) == 0);
    if (corpus.count == 0)
        fprintf(stderr,
                "no BulletML corpus found under %s\n"
                "install it: apt-get install libbulletml-dev noiz2sa-data parsec47-data "
                "rrootage-data torus-trooper-data tumiki-fighters-data\n",
                BULLETML_CORPUS_DEFAULT);
    CHECK(corpus.count > 0);
    int loaded = 0, warnings = 0, tops = 0;
    for (int i = 0; i < corpus.count; i++) {
        bulletml_diags diags;
        bulletml_doc *doc = bulletml_load_file(corpus.paths[i], &diags);
        CHECK_EQ_INT(diags.errors, 0);
        for (int k = 0; k < diags.kept; k++)
            fprintf(diags.errors ? stderr : stdout, "%s\n", diags.items[k].text);
        warnings += diags.warnings;
        if (doc) {
            loaded++;
            tops += doc->top_count;
        }
        bulletml_unload(doc);
    }
    CHECK_EQ_INT(loaded, corpus.count);
    printf("%d BulletML files loaded (%d entry points, %d warnings)\n", loaded, tops, warnings);
    bulletml_corpus_free(&corpus);
    return check_done("pattern.bulletml_corpus");
}
