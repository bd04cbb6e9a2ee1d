/*
 * bulletml_corpus: a recursive walk of the corpus folders, keeping the XML files
 * that look like BulletML (other games may install other XML there).
 */
#include "pattern/bulletml/bulletml_corpus.h"

#include "core/file.h"
#include "core/mem.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CORPUS_MAX_DEPTH 8
#define CORPUS_SNIFF     4096

typedef struct corpus_list {
    bulletml_corpus *corpus;
    int cap;
    int oom;
} corpus_list;

static int corpus_has_suffix(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n > s && strcmp(name + n - s, suffix) == 0;
}

/* Whether the first few kilobytes of the file hold "<bulletml". */
static int corpus_sniff(const char *path)
{
    /* A named pipe would block the open: only regular files are looked at. */
    if (file_check_limit(path, SIZE_MAX, NULL, 0) != 0)
        return 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char buf[CORPUS_SNIFF + 1];
    size_t n = fread(buf, 1, CORPUS_SNIFF, f);
    fclose(f);
    buf[n] = '\0';
    for (size_t i = 0; i < n; i++)
        if (buf[i] == '\0')
            buf[i] = ' ';
    return strstr(buf, "<bulletml") != NULL;
}

static void corpus_add(corpus_list *list, const char *path)
{
    bulletml_corpus *c = list->corpus;
    if (c->count == list->cap) {
        int cap = list->cap ? list->cap * 2 : 256;
        char **p = mem_realloc(c->paths, (size_t)cap * sizeof *p);
        if (!p) {
            list->oom = 1;
            return;
        }
        c->paths = p;
        list->cap = cap;
    }
    char *copy = mem_strdup(path);
    if (!copy) {
        list->oom = 1;
        return;
    }
    c->paths[c->count++] = copy;
}

static void corpus_walk(corpus_list *list, const char *dir, int depth)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while (!list->oom && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        if (file_is_dir(path)) {
            if (depth < CORPUS_MAX_DEPTH)
                corpus_walk(list, path, depth + 1);
        } else if (corpus_has_suffix(e->d_name, ".xml") && corpus_sniff(path)) {
            corpus_add(list, path);
        }
    }
    closedir(d);
}

static int corpus_compare(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int bulletml_corpus_find(bulletml_corpus *corpus)
{
    memset(corpus, 0, sizeof *corpus);
    corpus_list list = {corpus, 0, 0};
    const char *folders = getenv("CURTAIN_BULLETML_CORPUS");
    if (!folders || !*folders)
        folders = BULLETML_CORPUS_DEFAULT;
    const char *p = folders;
    while (*p && !list.oom) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char dir[4096];
        if (n > 0 && n < sizeof dir) {
            memcpy(dir, p, n);
            dir[n] = '\0';
            corpus_walk(&list, dir, 0);
        }
        p += n + (end != NULL);
    }
    if (list.oom) {
        bulletml_corpus_free(corpus);
        return -1;
    }
    if (corpus->count > 1)
        qsort(corpus->paths, (size_t)corpus->count, sizeof *corpus->paths, corpus_compare);
    return 0;
}

void bulletml_corpus_free(bulletml_corpus *corpus)
{
    for (int i = 0; i < corpus->count; i++)
        mem_free(corpus->paths[i]);
    mem_free(corpus->paths);
    memset(corpus, 0, sizeof *corpus);
}
