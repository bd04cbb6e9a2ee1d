/*
 * log: leveled diagnostics to stderr and the optional sink (see log.h).
 */
#include "core/log.h"

#include <stdarg.h>
#include <stdio.h>

static log_level log_threshold = LOG_INFO;
static log_sink_fn log_sink;
static void *log_sink_user;
static int log_quiet;

void log_set_level(log_level level)
{
    log_threshold = level;
}

log_level log_get_level(void)
{
    return log_threshold;
}

void log_set_sink(log_sink_fn sink, void *user, int quiet)
{
    log_sink = sink;
    log_sink_user = user;
    log_quiet = sink ? quiet : 0;
}

void log_message(log_level level, const char *fmt, ...)
{
    static const char *const prefix[] = {"error: ", "warning: ", "", "debug: "};
    if (level > log_threshold)
        return;
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (!log_quiet)
        fprintf(stderr, "curtain: %s%s\n", prefix[level], text);
    if (log_sink)
        log_sink(level, text, log_sink_user);
}
