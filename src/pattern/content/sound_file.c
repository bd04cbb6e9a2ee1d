/*
 * sound_file: finding a `sound NAME` among the built-in effects and a mod's
 * sounds/ folders (see sound_file.h).
 */
#include "pattern/content/sound_file.h"

#include "core/file.h"
#include "pattern/language/diag.h"
#include "sim/sound.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>

#define SOUND_FILE_PATH  1024
#define SOUND_FILE_HINTS 64 /* file names offered as hints, from the nearest folder */

/* Whether a name can be a file's: letters, digits, '_' and '-', not too long. */
static int sound_file_name_ok(const char *name)
{
    size_t n = strlen(name);
    if (n == 0 || n >= SOUND_FILE_NAME)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/* The folder of a path into out ("." for a bare name, "/" for the root). */
static void sound_file_folder(const char *path, char *out, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(out, size, ".");
    else if (slash == path)
        snprintf(out, size, "/");
    else
        snprintf(out, size, "%.*s", (int)(slash - path), path);
}

/* Moves dir one folder up, in place. Returns 0 when there is none to go to
 * (the working folder or the root, as written). */
static int sound_file_up(char *dir)
{
    if (strcmp(dir, ".") == 0 || strcmp(dir, "/") == 0)
        return 0;
    char *slash = strrchr(dir, '/');
    if (!slash)
        snprintf(dir, 2, ".");
    else if (slash == dir)
        dir[1] = '\0';
    else
        *slash = '\0';
    return 1;
}

const sound_file *sound_file_find(const sound_file *table, uint32_t count, const char *name)
{
    for (uint32_t i = 0; i < count; i++)
        if (strcmp(table[i].name, name) == 0)
            return &table[i];
    return NULL;
}

/* The names of the WAV files in dir/sounds into
 * names (each SOUND_FILE_NAME long, at most max); returns how many. */
static int sound_file_list(const char *dir, char (*names)[SOUND_FILE_NAME], int max)
{
    char sub[SOUND_FILE_PATH + 16];
    snprintf(sub, sizeof sub, "%s/%s", dir, SOUND_FILE_FOLDER);
    DIR *d = opendir(sub);
    if (!d)
        return 0;
    int n = 0;
    size_t ext = strlen(SOUND_FILE_EXTENSION);
    struct dirent *e;
    while (n < max && (e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len <= ext || len - ext >= SOUND_FILE_NAME ||
            strcmp(e->d_name + len - ext, SOUND_FILE_EXTENSION) != 0)
            continue;
        snprintf(names[n], SOUND_FILE_NAME, "%.*s", (int)(len - ext), e->d_name);
        n++;
    }
    closedir(d);
    return n;
}

int sound_file_nearby(const char *path, char (*names)[SOUND_FILE_NAME], int max)
{
    char dir[SOUND_FILE_PATH];
    sound_file_folder(path, dir, sizeof dir);
    for (int up = 0; up <= SOUND_FILE_DEPTH; up++) {
        int k = sound_file_list(dir, names, max);
        if (k > 0)
            return k;
        if (!sound_file_up(dir))
            break;
    }
    return 0;
}

int sound_file_locate(const char *path, const char *name, char *out, size_t out_size, char *dir,
                      size_t dir_size)
{
    if (!sound_file_name_ok(name))
        return 0;
    sound_file_folder(path, dir, dir_size);
    for (int up = 0; up <= SOUND_FILE_DEPTH; up++) {
        snprintf(out, out_size, "%s/%s/%s%s", dir, SOUND_FILE_FOLDER, name, SOUND_FILE_EXTENSION);
        if (file_exists(out))
            return 1;
        if (!sound_file_up(dir))
            break;
    }
    return 0;
}

int sound_file_nearest_folder(const char *path, const char *folder, char *out, size_t out_size,
                              char *dir, size_t dir_size)
{
    sound_file_folder(path, dir, dir_size);
    for (int up = 0; up <= SOUND_FILE_DEPTH; up++) {
        snprintf(out, out_size, "%s/%s", dir, folder);
        if (file_is_dir(out))
            return 1;
        if (!sound_file_up(dir))
            break;
    }
    return 0;
}

/* The unknown-name error with the nearest built-in or file name as a hint. */
static void sound_file_unknown(const char *path, const char *name, char *err, size_t err_size)
{
    char files[SOUND_FILE_HINTS][SOUND_FILE_NAME];
    const char *cands[SOUND_BUILTIN_COUNT + SOUND_FILE_HINTS];
    int n = 0;
    for (int i = 0; i < SOUND_BUILTIN_COUNT; i++)
        cands[n++] = sound_names[i];
    int k = sound_file_nearby(path, files, SOUND_FILE_HINTS);
    for (int i = 0; i < k; i++) /* the folder a name would be found in */
        cands[n++] = files[i];
    const char *near = diag_suggest(name, cands, n);
    char hint[64] = "";
    if (near)
        snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    snprintf(err, err_size,
             "unknown sound '%s'%s: not a built-in one (docs/patterns.md, \"Sounds\") nor a "
             "file %s/%s%s in this script's folder or one above",
             name, hint, SOUND_FILE_FOLDER, name, SOUND_FILE_EXTENSION);
}

int sound_file_resolve(arena *mem, sound_file *table, uint32_t *count, const char *path,
                       const char *name, uint32_t line, uint32_t col, char *err, size_t err_size)
{
    if (sound_by_name(name) >= 0 || sound_file_find(table, *count, name))
        return 0;
    if (!sound_file_name_ok(name)) {
        snprintf(err, err_size,
                 "the sound '%.40s' cannot be a file's name (letters, digits, '_' and '-', at "
                 "most %d)",
                 name, SOUND_FILE_NAME - 1);
        return -2;
    }
    char dir[SOUND_FILE_PATH], wav[SOUND_FILE_PATH + 64];
    if (sound_file_locate(path, name, wav, sizeof wav, dir, sizeof dir)) {
        if (!file_inside(wav, dir)) {
            snprintf(err, err_size, "the sound file %s lies outside its folder (a link out?)", wav);
            return -2;
        }
        if (*count >= SOUND_FILE_MAX) {
            snprintf(err, err_size, "the sound file %s is one too many (at most %d files)", wav,
                     SOUND_FILE_MAX);
            return -2;
        }
        char *n = arena_strndup(mem, name, strlen(name));
        char *p = arena_strndup(mem, wav, strlen(wav));
        char *f = arena_strndup(mem, path, strlen(path));
        if (!n || !p || !f) {
            snprintf(err, err_size, "out of memory for the sound '%s'", name);
            return -2;
        }
        table[(*count)++] = (sound_file){n, p, f, line, col};
        return 0;
    }
    sound_file_unknown(path, name, err, err_size);
    return -1;
}
