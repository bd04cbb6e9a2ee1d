#include "core/file.h"

#include "core/mem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void file_set_error(char *err, size_t err_size, const char *what, const char *path)
{
    if (err && err_size)
        snprintf(err, err_size, "%s: %s: %s", path, what, strerror(errno));
}

char *file_read_all(const char *path, size_t *size, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        file_set_error(err, err_size, "cannot open", path);
        return NULL;
    }
    /* A device never ends (/dev/zero, /dev/urandom) or blocks (a terminal):
     * only files, pipes and folders (refused by fread, with their reason) go on. */
    struct stat st;
    if (fstat(fileno(f), &st) == 0 &&
        (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))) {
        if (err && err_size)
            snprintf(err, err_size, "%s: cannot read: not a file", path);
        fclose(f);
        return NULL;
    }
    size_t cap = 4096, len = 0;
    char *buf = mem_alloc(cap);
    while (buf) {
        if (len + 1 >= cap) {
            char *bigger = mem_realloc(buf, cap * 2);
            if (!bigger) {
                mem_free(buf);
                buf = NULL;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0)
            break;
    }
    if (!buf) {
        errno = ENOMEM;
        file_set_error(err, err_size, "cannot read", path);
    } else if (ferror(f)) {
        file_set_error(err, err_size, "cannot read", path);
        mem_free(buf);
        buf = NULL;
    } else {
        buf[len] = '\0';
        if (size)
            *size = len;
    }
    fclose(f);
    return buf;
}

const char *file_error_reason(const char *err, const char *path)
{
    size_t n = strlen(path);
    if (strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] == ' ')
        return err + n + 2;
    return err;
}

/* Writes all of data to fd, retrying short writes. */
static int file_write_fd(int fd, const void *data, size_t size)
{
    const char *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
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

int file_write_atomic(const char *path, const void *data, size_t size, char *err, size_t err_size)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof tmp) {
        errno = ENAMETOOLONG;
        file_set_error(err, err_size, "cannot write", path);
        return -1;
    }
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        file_set_error(err, err_size, "cannot create", tmp);
        return -1;
    }
    if (file_write_fd(fd, data, size) != 0 || fsync(fd) != 0) {
        file_set_error(err, err_size, "cannot write", tmp);
        close(fd);
        unlink(tmp);
        return -1;
    }
    if (close(fd) != 0) {
        file_set_error(err, err_size, "cannot write", tmp);
        unlink(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        file_set_error(err, err_size, "cannot replace", path);
        unlink(tmp);
        return -1;
    }
    return 0;
}

int file_move_aside(const char *path, char *out, size_t out_size)
{
    for (int i = 1; i <= 99; i++) {
        if (i == 1)
            snprintf(out, out_size, "%s.bad", path);
        else
            snprintf(out, out_size, "%s.bad.%d", path, i);
        if (!file_exists(out))
            return rename(path, out) == 0 ? 0 : -1;
    }
    return -1;
}

uint64_t file_mtime_ns(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    return (uint64_t)st.st_mtim.tv_sec * 1000000000ull + (uint64_t)st.st_mtim.tv_nsec +
           (uint64_t)st.st_size; /* a size change counts too, for coarse clocks */
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
