/* realpath (file_write_target) is X/Open, beyond the POSIX the build asks for. */
#define _XOPEN_SOURCE 700

#include "core/file.h"

#include "core/mem.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void file_set_error(char *err, size_t err_size, const char *what, const char *path)
{
    if (err && err_size)
        snprintf(err, err_size, "%s: %s: %s", path, what, strerror(errno));
}

/* A byte count for messages: "512 B", "16 MiB", "3.0 GiB". */
static void file_format_size(char *out, size_t size, uint64_t bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024.0 && u < 6) {
        v /= 1024.0;
        u++;
    }
    if (u == 0 || v == (double)(uint64_t)v)
        snprintf(out, size, "%.0f %s", v, units[u]);
    else
        snprintf(out, size, "%.1f %s", v, units[u]);
}

/* "path: file too large (SIZE; the limit is LIMIT)"; bytes 0 when the size is
 * not known (a file that grew while it was read): "(over the limit of LIMIT)". */
static void file_set_too_large(char *err, size_t err_size, const char *path, uint64_t bytes,
                               size_t limit)
{
    if (!err || !err_size)
        return;
    char have[32], most[32];
    file_format_size(most, sizeof most, limit);
    if (bytes) {
        file_format_size(have, sizeof have, bytes);
        if (strtod(have, NULL) == strtod(most, NULL) &&
            strcmp(strchr(have, ' '), strchr(most, ' ')) == 0) {
            /* "64.0 MiB; the limit is 64 MiB" would read as no excess: in bytes. */
            snprintf(have, sizeof have, "%llu B", (unsigned long long)bytes);
            snprintf(most, sizeof most, "%llu B", (unsigned long long)limit);
        }
        snprintf(err, err_size, "%s: file too large (%s; the limit is %s)", path, have, most);
    } else {
        snprintf(err, err_size, "%s: file too large (over the limit of %s)", path, most);
    }
}

/* Refuses what is not a regular file (0 when st is one), or a pipe when
 * pipes_ok: a device never ends (/dev/zero) or blocks (a terminal), a named
 * pipe opened the usual way may wait for ever for a writer; a folder gets
 * read's own reason. Then a file over limit. */
static int file_refuse(const struct stat *st, const char *path, size_t limit, int pipes_ok,
                       char *err, size_t err_size)
{
    if (S_ISDIR(st->st_mode)) {
        errno = EISDIR;
        file_set_error(err, err_size, "cannot read", path);
        return -1;
    }
    if (!S_ISREG(st->st_mode) && !(pipes_ok && S_ISFIFO(st->st_mode))) {
        const char *what = S_ISFIFO(st->st_mode)   ? "a named pipe"
                           : S_ISSOCK(st->st_mode) ? "a socket"
                                                   : "a device";
        if (err && err_size)
            snprintf(err, err_size, "%s: cannot read: not a file (%s)", path, what);
        return -1;
    }
    if (st->st_size > 0 && (uint64_t)st->st_size > limit) {
        file_set_too_large(err, err_size, path, (uint64_t)st->st_size, limit);
        return -1;
    }
    return 0;
}

int file_check_limit(const char *path, size_t limit, char *err, size_t err_size)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        file_set_error(err, err_size, "cannot open", path);
        return -1;
    }
    return file_refuse(&st, path, limit, 0, err, err_size);
}

/* Reads fd to its end into a buffer of at most limit bytes (plus the NUL); the
 * size, when known, sizes the first allocation. NULL with errno set on failure,
 * or with *too_large set. */
static char *file_read_fd(int fd, size_t limit, uint64_t known, size_t *len_out, int *too_large)
{
    size_t cap = known > 0 && known < limit ? (size_t)known + 1 : 4096, len = 0;
    if (cap > limit)
        cap = limit + 1;
    char *buf = mem_alloc(cap);
    if (!buf)
        errno = ENOMEM;
    while (buf) {
        if (len + 1 >= cap) {
            if (len >= limit) {
                /* One byte more than the limit allows tells a file over it. */
                char probe;
                ssize_t more = read(fd, &probe, 1);
                if (more < 0 && errno == EINTR)
                    continue;
                if (more == 0)
                    break;
                if (more > 0)
                    *too_large = 1;
                mem_free(buf);
                return NULL;
            }
            size_t grown = cap > limit / 2 ? limit + 1 : cap * 2;
            char *bigger = mem_realloc(buf, grown);
            if (!bigger) {
                mem_free(buf);
                errno = ENOMEM;
                return NULL;
            }
            buf = bigger;
            cap = grown;
        }
        ssize_t n = read(fd, buf + len, cap - len - 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            int saved = errno;
            mem_free(buf);
            errno = saved;
            return NULL;
        }
        if (n == 0)
            break;
        len += (size_t)n;
    }
    if (buf) {
        buf[len] = '\0';
        *len_out = len;
    }
    return buf;
}

char *file_read_limit(const char *path, size_t limit, size_t *size, char *err, size_t err_size)
{
    /* Without O_NONBLOCK, opening a named pipe waits for a writer: perhaps for ever. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        file_set_error(err, err_size, "cannot open", path);
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        file_set_error(err, err_size, "cannot read", path);
        close(fd);
        return NULL;
    }
    if (file_refuse(&st, path, limit, 1, err, err_size) != 0) {
        close(fd);
        return NULL;
    }
    /* A pipe (`curtain lint <(gen)`, `cat x | curtain lint /dev/stdin`) is read
     * with waits from here on: the non-blocking open did not wait for a writer,
     * and with none a read says end of file at once. */
    int is_pipe = S_ISFIFO(st.st_mode);
    if (is_pipe && fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0) {
        file_set_error(err, err_size, "cannot read", path);
        close(fd);
        return NULL;
    }
    size_t len = 0;
    int too_large = 0;
    char *buf = file_read_fd(fd, limit, (uint64_t)st.st_size, &len, &too_large);
    if (!buf && too_large) {
        file_set_too_large(err, err_size, path, 0, limit);
    } else if (!buf) {
        file_set_error(err, err_size, "cannot read", path);
    } else if (is_pipe && len == 0) { /* no writer, or one that wrote nothing */
        if (err && err_size)
            snprintf(err, err_size, "%s: cannot read: a pipe that gave nothing (no writer?)", path);
        mem_free(buf);
        buf = NULL;
    } else if (size) {
        *size = len;
    }
    close(fd);
    return buf;
}

char *file_read_all(const char *path, size_t *size, char *err, size_t err_size)
{
    return file_read_limit(path, FILE_LIMIT_ANY, size, err, err_size);
}

const char *file_error_reason(const char *err, const char *path)
{
    size_t n = strlen(path);
    if (strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] == ' ')
        return err + n + 2;
    return err;
}

/* Bytes file_write_atomic may still write (file_hook_disk_space), or -1: no limit. */
static long long file_disk_space = -1;

void file_hook_disk_space(long long bytes)
{
    file_disk_space = bytes;
}

/* write(2), or a full disk when the test hook says so. */
static ssize_t file_write_some(int fd, const void *p, size_t size)
{
    if (file_disk_space >= 0 && (long long)size > file_disk_space) {
        if (file_disk_space == 0) {
            errno = ENOSPC;
            return -1;
        }
        size = (size_t)file_disk_space;
    }
    ssize_t n = write(fd, p, size);
    if (n > 0 && file_disk_space >= 0)
        file_disk_space -= n;
    return n;
}

/* Writes all of data to fd, retrying short writes. */
static int file_write_fd(int fd, const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        ssize_t n = file_write_some(fd, p, size);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        size -= (size_t)n;
    }
    return 0;
}

/* Every error names path, the file being saved, never the temporary file: the
 * player is told which save failed ("replays/x.rpl: cannot write: No space left
 * on device"), and file_error_reason finds the reason after it. */
/* Where file_write_atomic puts what is meant for path: path itself when nothing
 * or a regular file is there, the file a symbolic link points to; -1 with a
 * reason for anything else. */
static int file_write_target(const char *path, char *target, size_t size, char *err,
                             size_t err_size)
{
    struct stat st;
    if (lstat(path, &st) != 0 || S_ISREG(st.st_mode)) {
        snprintf(target, size, "%s", path);
        return 0;
    }
    if (S_ISLNK(st.st_mode)) {
        char real[PATH_MAX];
        if (!realpath(path, real)) {
            file_set_error(err, err_size, "cannot replace: a symbolic link to nothing", path);
            return -1;
        }
        if (stat(real, &st) == 0 && S_ISREG(st.st_mode)) {
            snprintf(target, size, "%s", real);
            return 0;
        }
    }
    const char *what = S_ISDIR(st.st_mode)    ? "a folder"
                       : S_ISFIFO(st.st_mode) ? "a named pipe"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                                              : "a device";
    if (err && err_size)
        snprintf(err, err_size, "%s: cannot replace: not a regular file (%s)", path, what);
    return -1;
}

int file_write_atomic(const char *path, const void *data, size_t size, char *err, size_t err_size)
{
    char target[4096];
    if (file_write_target(path, target, sizeof target, err, err_size) != 0)
        return -1;
    char tmp[4096 + 32];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", target, (long)getpid()) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        file_set_error(err, err_size, "cannot write", path);
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        file_set_error(err, err_size, "cannot create", path);
        return -1;
    }
    if (file_write_fd(fd, data, size) != 0 || fsync(fd) != 0) {
        file_set_error(err, err_size, "cannot write", path);
        close(fd);
        unlink(tmp);
        return -1;
    }
    if (close(fd) != 0) {
        file_set_error(err, err_size, "cannot write", path);
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, target) != 0) {
        file_set_error(err, err_size, "cannot replace", path);
        unlink(tmp);
        return -1;
    }
    return 0;
}

/* The PID of a name "X.tmp.PID" (X not empty), or 0. */
static long file_temp_pid(const char *name)
{
    const char *t = strstr(name, ".tmp.");
    while (t && strstr(t + 1, ".tmp."))
        t = strstr(t + 1, ".tmp.");
    if (!t || t == name || !t[5])
        return 0;
    char *end;
    long pid = strtol(t + 5, &end, 10);
    return *end == '\0' && pid > 0 ? pid : 0;
}

int file_remove_stale_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        long pid = file_temp_pid(e->d_name);
        /* kill(pid, 0) fails with ESRCH only when no such process runs */
        if (pid == 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
            continue;
        char path[4096];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
            continue;
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

int file_unused_name(char *out, size_t size, const char *stem, const char *sep, const char *ext)
{
    for (int i = 1; i <= 99; i++) {
        if (i == 1)
            snprintf(out, size, "%s%s", stem, ext);
        else
            snprintf(out, size, "%s%s%d%s", stem, sep, i, ext);
        if (!file_exists(out))
            return 0;
    }
    return -1;
}

int file_move_aside(const char *path, char *out, size_t out_size)
{
    char stem[4096];
    snprintf(stem, sizeof stem, "%s.bad", path);
    if (file_unused_name(out, out_size, stem, ".", "") != 0)
        return -1;
    return rename(path, out) == 0 ? 0 : -1;
}

uint64_t file_mtime_ns(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    return (uint64_t)st.st_mtim.tv_sec * 1000000000ull + (uint64_t)st.st_mtim.tv_nsec +
           (uint64_t)st.st_size; /* a size change counts too, for coarse clocks */
}

int file_inside(const char *path, const char *dir)
{
    char real[PATH_MAX], root[PATH_MAX];
    if (!realpath(path, real) || !realpath(dir, root))
        return 0;
    size_t n = strlen(root);
    if (n == 1 && root[0] == '/')
        return 1;
    return strncmp(real, root, n) == 0 && real[n] == '/';
}

int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

int file_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

int file_make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char saved = buf[i];
        buf[i] = '\0';
        if (mkdir(buf, 0755) != 0 && errno != EEXIST)
            return -1;
        buf[i] = saved;
    }
    return file_is_dir(path) ? 0 : -1;
}
