/*
 * run_reference: the reference-host half of `curtain run` (run.c parses the
 * command line and hands BulletML files here when --reference is given).
 */
#include "app/run_reference.h"

#include "app/cli.h"
#include "core/hash.h"
#include "pattern/bulletml/bulletml_host.h"

#include <inttypes.h>
#include <string.h>

int run_reference(const run_reference_options *o)
{
    bulletml_diags diags;
    bulletml_pattern pattern;
    if (bulletml_pattern_load(&pattern, o->path, o->dialect, &diags) != 0) {
        for (int i = 0; i < diags.kept; i++)
            fprintf(stderr, "%s\n", diags.items[i].text);
        return CLI_EXIT_FAILURE;
    }
    for (int i = 0; i < diags.kept; i++)
        fprintf(stderr, "%s\n", diags.items[i].text); /* warnings */
    bulletml_host_options ho = {0};
    ho.rank = o->rank;
    ho.rand_value = o->rand_value;
    ho.use_rand_value = o->use_rand_value;
    ho.seed = o->seed;
    bulletml_host *h = bulletml_host_create(&pattern, &ho);
    if (!h) {
        fprintf(stderr, "curtain run: out of memory\n");
        bulletml_pattern_unload(&pattern);
        return CLI_EXIT_FAILURE;
    }
    hasher hs;
    hash_begin(&hs, 0);
    uint64_t rows = 0;
    for (int f = 0; f < o->frames; f++) {
        bulletml_host_step(h);
        for (uint32_t i = 0; i < bulletml_host_count(h); i++) {
            uint32_t id;
            double x, y;
            bulletml_host_bullet(h, i, &id, &x, &y);
            char row[96];
            int len = snprintf(row, sizeof row, "%d,%u,%.3f,%.3f\n", f, (unsigned)id, x, y);
            hash_bytes(&hs, row, (size_t)len);
            rows++;
            if (o->trace)
                fputs(row, o->trace);
        }
    }
    bulletml_host_stats s = bulletml_host_get_stats(h);
    printf("frames %d bullets %u spawned %" PRIu64 " rows %" PRIu64 " errors %" PRIu64
           " hash %016" PRIx64 "\n",
           o->frames, (unsigned)bulletml_host_count(h), s.spawned, rows, s.errors, hash_end(&hs));
    if (s.errors)
        fprintf(stderr, "%s\n", bulletml_host_error(h));
    if (s.refused || s.vm.refused)
        fprintf(stderr,
                "curtain run: %" PRIu64 " bullets and %" PRIu64
                " scripts refused: the reference host is full\n",
                s.refused, s.vm.refused);
    int failed = s.refused || s.vm.refused;
    bulletml_host_destroy(h);
    bulletml_pattern_unload(&pattern);
    return failed ? CLI_EXIT_FAILURE : CLI_EXIT_OK;
}

int run_reference_command(const char *command, int reference, const char *const *files, int nfiles,
                          int frames, double rank, double rand_value, uint64_t seed,
                          bulletml_dialect dialect, const char *trace, const char *screenshot)
{
    size_t len = strlen(files[0]);
    if (!reference)
        return cli_usage_error(command, "--rand goes with --reference");
    if (nfiles != 1 || len < 5 || strcmp(files[0] + len - 4, ".xml") != 0)
        return cli_usage_error(command, "--reference runs one BulletML file (FILE.xml)");
    if (screenshot)
        return cli_usage_error(command, "--screenshot pictures the sandbox, not --reference");
    run_reference_options o = {files[0],        frames, rank,    rand_value,
                               rand_value >= 0, seed,   dialect, NULL};
    if (trace && !(o.trace = fopen(trace, "w"))) {
        fprintf(stderr, "curtain %s: cannot write %s\n", command, trace);
        return CLI_EXIT_FAILURE;
    }
    if (o.trace)
        fputs("frame,id,x,y\n", o.trace);
    int rc = run_reference(&o);
    if (o.trace && fclose(o.trace) != 0) {
        fprintf(stderr, "curtain %s: error writing %s\n", command, trace);
        rc = CLI_EXIT_FAILURE;
    }
    return rc;
}
