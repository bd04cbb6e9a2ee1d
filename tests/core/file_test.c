/* file: atomic writes replace files whole, and failures name the path. */
#include "../check.h"
#include "core/file.h"
#include "core/mem.h"

#include <stdlib.h>
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

static void file_test_oom(const char *dir)
{
    char path[512], err[256] = "";
    snprintf(path, sizeof path, "%s/big.txt", dir);
    static char big[20000];
    memset(big, 'a', sizeof big);
    CHECK(file_write_atomic(path, big, sizeof big, err, sizeof err) == 0);
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
 * whole and names the file in the error. */
static void file_test_failed_write_keeps_old(const char *dir)
{
    char path[512], tmp[600], err[256] = "";
    snprintf(path, sizeof path, "%s/keep.txt", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    CHECK(file_write_atomic(path, "old", 3, err, sizeof err) == 0);
    CHECK(file_make_dirs(tmp) == 0);
    CHECK(file_write_atomic(path, "new!", 4, err, sizeof err) != 0);
    CHECK_STR_CONTAINS(err, "keep.txt");
    size_t size = 0;
    char *text = file_read_all(path, &size, NULL, 0);
    CHECK(text && size == 3 && strcmp(text, "old") == 0);
    mem_free(text);
    CHECK(rmdir(tmp) == 0);
}

int main(void)
{
    char dir[] = "/tmp/curtain-file-test-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    file_test_round_trip(dir);
    file_test_errors(dir);
    file_test_oom(dir);
    file_test_move_aside(dir);
    file_test_failed_write_keeps_old(dir);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
    return check_done("file");
}
