/* file: atomic writes replace files whole, and failures name the path. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void file_test_round_trip(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/sub/dir/data.txt", dir);
    char parent[512];
    snprintf(parent, sizeof parent, "%s/sub/dir", dir);
    CHECK(file_make_dirs(parent) == 0);
    char err[256] = "";
    CHECK(file_write_atomic(path, "first", 5, err, sizeof err) == 0);
    CHECK(file_write_atomic(path, "second!", 7, err, sizeof err) == 0);
    size_t size = 0;
    char *text = file_read_all(path, &size, err, sizeof err);
    CHECK(text != NULL);
    CHECK_EQ_INT(size, 7);
    CHECK(text && strcmp(text, "second!") == 0);
    mem_free(text);
    CHECK(file_mtime_ns(path) != 0);
    /* No temporary file is left beside it. */
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    CHECK(!file_exists(tmp));
}

static void file_test_errors(const char *dir)
{
    char path[512], err[256] = "";
    snprintf(path, sizeof path, "%s/missing.txt", dir);
    CHECK(file_read_all(path, NULL, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "missing.txt");
    snprintf(path, sizeof path, "%s/no/such/dir/x", dir);
    CHECK(file_write_atomic(path, "x", 1, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "no/such/dir");
    CHECK(file_mtime_ns(path) == 0);
    /* A device is refused, not read for ever (`curtain lint /dev/zero` hung). */
    CHECK(file_read_all("/dev/zero", NULL, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "/dev/zero: cannot read: not a file");
}

/* Writes dir/name, `size` bytes of 'x' (at most 20,000), and its path to path. */
static void file_test_make(char *path, size_t path_size, const char *dir, const char *name,
                           size_t size)
{
    static char bytes[20000];
    char err[256] = "";
    memset(bytes, 'x', sizeof bytes);
    snprintf(path, path_size, "%s/%s", dir, name);
    CHECK(size <= sizeof bytes && file_write_atomic(path, bytes, size, err, sizeof err) == 0);
}

static void file_test_oom(const char *dir)
{
    char path[512], err[256] = "";
    file_test_make(path, sizeof path, dir, "big.txt", 20000);
    /* Fail each allocation of the read in turn: each fails cleanly, none leaks. */
    int64_t live = mem_live_blocks();
    for (int n = 1; n <= 8; n++) {
        mem_fail_at((uint64_t)n);
        char *text = file_read_all(path, NULL, err, sizeof err);
        mem_fail_at(0);
        mem_free(text);
        CHECK_EQ_INT(mem_live_blocks(), live);
    }
}

/* A file over the reader's limit is refused with its size and the limit, before
 * anything is allocated for it (a 3 GiB .pat was read until memory ran out). */
static void file_test_limits(const char *dir)
{
    char path[512], err[256] = "";
    file_test_make(path, sizeof path, dir, "hundred.txt", 100);
    size_t size = 0;
    char *text = file_read_limit(path, 100, &size, err, sizeof err);
    CHECK(text != NULL && size == 100); /* exactly the limit is read */
    mem_free(text);
    CHECK(file_read_limit(path, 99, &size, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "hundred.txt: file too large (100 B; the limit is 99 B)");
    CHECK(file_check_limit(path, 100, err, sizeof err) == 0);
    CHECK(file_check_limit(path, 99, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "hundred.txt: file too large (100 B; the limit is 99 B)");

    /* A sparse 3 GiB file: refused by its size, nothing allocated. */
    snprintf(path, sizeof path, "%s/huge.pat", dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    CHECK(fd >= 0);
    if (fd >= 0) {
        CHECK(ftruncate(fd, (off_t)3 << 30) == 0);
        close(fd);
    }
    int64_t live = mem_live_blocks();
    CHECK(file_read_limit(path, FILE_LIMIT_PATTERN, NULL, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "huge.pat: file too large (3 GiB; the limit is 16 MiB)");
    CHECK(file_read_all(path, NULL, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "huge.pat: file too large (3 GiB; the limit is 256 MiB)");
    CHECK_EQ_INT(mem_live_blocks(), live);
    CHECK(unlink(path) == 0);

    /* A file whose size stat does not tell (/proc) is cut at the limit as it is read. */
    CHECK(file_read_limit("/proc/self/status", 10, NULL, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "/proc/self/status: file too large (over the limit of 10 B)");
    CHECK_EQ_INT(mem_live_blocks(), live);
}

/* A named pipe with no writer is refused at once: opening one the usual way
 * waits for a writer, for ever when none comes (`curtain lint fifo.pat` hung).
 * The alarm fails the test instead. A library that opens files itself is never
 * handed one. */
static void file_test_fifo(const char *dir)
{
    char path[512], err[256] = "";
    snprintf(path, sizeof path, "%s/pipe.pat", dir);
    CHECK(mkfifo(path, 0644) == 0);
    alarm(10);
    CHECK(file_read_all(path, NULL, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "pipe.pat: cannot read: a pipe that gave nothing (no writer?)");
    CHECK(file_check_limit(path, FILE_LIMIT_ANY, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "pipe.pat: cannot read: not a file (a named pipe)");
    alarm(0);
    CHECK(file_check_limit(dir, FILE_LIMIT_ANY, err, sizeof err) == -1);
    CHECK_STR_CONTAINS(err, "cannot read: Is a directory");
}

/* A pipe with a writer is read as it comes (`curtain lint <(gen)`, `cat x |
 * curtain lint /dev/stdin`), up to the limit like a file. */
static void file_test_pipe(void)
{
    static const char text[] = "stage s { wait 1 }\n";
    for (int over = 0; over <= 1; over++) {
        size_t limit = sizeof text - 1 - (size_t)over;
        int fd[2];
        char path[64], err[256] = "";
        size_t size = 0;
        CHECK(pipe(fd) == 0);
        CHECK(write(fd[1], text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
        close(fd[1]);
        snprintf(path, sizeof path, "/dev/fd/%d", fd[0]);
        char *got = file_read_limit(path, limit, &size, err, sizeof err);
        if (!over) { /* exactly at the limit: read */
            CHECK(got && strcmp(got, text) == 0);
            CHECK_EQ_INT((int)size, (int)sizeof text - 1);
        } else { /* one byte over */
            CHECK(got == NULL);
            CHECK_STR_CONTAINS(err, "file too large");
        }
        mem_free(got);
        close(fd[0]);
    }
}

/* Refused files moved aside keep each other: .bad, then .bad.2, .bad.3. */
static void file_test_move_aside(const char *dir)
{
    char path[512], aside[600], err[256];
    snprintf(path, sizeof path, "%s/record.txt", dir);
    for (int i = 1; i <= 3; i++) {
        char text[8];
        snprintf(text, sizeof text, "v%d", i);
        CHECK(file_write_atomic(path, text, 2, err, sizeof err) == 0);
        CHECK(file_move_aside(path, aside, sizeof aside) == 0);
        CHECK(!file_exists(path));
        char want[600];
        if (i == 1)
            snprintf(want, sizeof want, "%s.bad", path);
        else
            snprintf(want, sizeof want, "%s.bad.%d", path, i);
        CHECK(strcmp(aside, want) == 0);
        size_t size = 0;
        char *back = file_read_all(aside, &size, err, sizeof err);
        CHECK(back && strcmp(back, text) == 0);
        mem_free(back);
    }
    CHECK(file_move_aside(path, aside, sizeof aside) == -1); /* nothing there to move */
}

/* A write that fails (here the temporary file cannot be made: a folder has its
 * name; a full disk or a read-only folder fail the same way) leaves the old file
 * whole and names the file in the error: the one being saved, not the temporary. */
static void file_test_failed_write_keeps_old(const char *dir)
{
    char path[512], tmp[600], err[256] = "";
    snprintf(path, sizeof path, "%s/keep.txt", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    CHECK(file_write_atomic(path, "old", 3, err, sizeof err) == 0);
    CHECK(file_make_dirs(tmp) == 0);
    CHECK(file_write_atomic(path, "new!", 4, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "keep.txt");
    /* The file being saved, not the temporary one ("keep.txt.tmp.123: ..."). */
    CHECK(strstr(err, ".tmp.") == NULL);
    CHECK(file_error_reason(err, path) != err);
    size_t size = 0;
    char *text = file_read_all(path, &size, NULL, 0);
    CHECK(text && size == 3 && strcmp(text, "old") == 0);
    mem_free(text);
    CHECK(rmdir(tmp) == 0);
}

/* Only a regular file is replaced: a named pipe (a device alike) or a folder at
 * the path is refused with a reason and left as it was (rename replaced a pipe). */
static void file_test_not_regular(const char *dir)
{
    char fifo[512], sub[512], err[256] = "";
    snprintf(fifo, sizeof fifo, "%s/record.fifo", dir);
    CHECK(mkfifo(fifo, 0600) == 0);
    CHECK(file_write_atomic(fifo, "data", 4, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "record.fifo: cannot replace: not a regular file (a named pipe)");
    struct stat st;
    CHECK(lstat(fifo, &st) == 0 && S_ISFIFO(st.st_mode));
    snprintf(sub, sizeof sub, "%s/folder", dir);
    CHECK(file_make_dirs(sub) == 0);
    CHECK(file_write_atomic(sub, "data", 4, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "not a regular file (a folder)");
    CHECK(file_is_dir(sub));
}

/* A symbolic link is followed: its file is replaced and the link stays; a link
 * to nothing is refused. */
static void file_test_symlink(const char *dir)
{
    char target[512], link[512], dangling[512], err[256] = "";
    snprintf(target, sizeof target, "%s/real.txt", dir);
    snprintf(link, sizeof link, "%s/link.txt", dir);
    snprintf(dangling, sizeof dangling, "%s/dangling.txt", dir);
    CHECK(file_write_atomic(target, "old", 3, err, sizeof err) == 0);
    CHECK(symlink("real.txt", link) == 0);
    CHECK(file_write_atomic(link, "new", 3, err, sizeof err) == 0);
    struct stat st;
    CHECK(lstat(link, &st) == 0 && S_ISLNK(st.st_mode));
    size_t size = 0;
    char *text = file_read_all(target, &size, NULL, 0);
    CHECK(text && strcmp(text, "new") == 0);
    mem_free(text);
    CHECK(symlink("nowhere.txt", dangling) == 0);
    CHECK(file_write_atomic(dangling, "x", 1, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "a symbolic link to nothing");
    CHECK(lstat(dangling, &st) == 0 && S_ISLNK(st.st_mode));
}

/* Temporaries of a save killed midway: those of dead processes go, those of
 * running ones (this one, its parent) and other names stay. */
static void file_test_stale_temps(const char *dir)
{
    pid_t child = fork();
    if (child == 0)
        _exit(0);
    CHECK(child > 0);
    waitpid(child, NULL, 0); /* now a process that no longer runs */
    char sub[512], dead[600], mine[600], parent[600], other[600], err[256];
    snprintf(sub, sizeof sub, "%s/temps", dir);
    CHECK(file_make_dirs(sub) == 0);
    snprintf(dead, sizeof dead, "%s/scores.txt.tmp.%ld", sub, (long)child);
    snprintf(mine, sizeof mine, "%s/options.txt.tmp.%ld", sub, (long)getpid());
    snprintf(parent, sizeof parent, "%s/last.rpl.tmp.%ld", sub, (long)getppid());
    snprintf(other, sizeof other, "%s/notes.tmp.x12", sub);
    const char *all[] = {dead, mine, parent, other};
    for (int i = 0; i < 4; i++)
        CHECK(file_write_atomic(all[i], "x", 1, err, sizeof err) == 0);
    CHECK_EQ_INT(file_remove_stale_temps(sub), 1);
    CHECK(!file_exists(dead));
    CHECK(file_exists(mine) && file_exists(parent) && file_exists(other));
}

int main(void)
{
    char dir[] = "/tmp/curtain-file-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    file_test_round_trip(dir);
    file_test_errors(dir);
    file_test_oom(dir);
    file_test_limits(dir);
    file_test_fifo(dir);
    file_test_pipe();
    file_test_move_aside(dir);
    file_test_failed_write_keeps_old(dir);
    file_test_not_regular(dir);
    file_test_symlink(dir);
    file_test_stale_temps(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return check_done("file");
}
