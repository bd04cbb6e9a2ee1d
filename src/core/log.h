/*
 * log: leveled diagnostics to stderr, with an optional sink so the game can show
 * the latest error on screen and tests can capture what was reported.
 */
#ifndef CURTAIN_CORE_LOG_H
#define CURTAIN_CORE_LOG_H

typedef enum log_level {
    LOG_ERROR,
    LOG_WARN,
    LOG_INFO,
    LOG_DEBUG,
} log_level;

typedef void (*log_sink_fn)(log_level level, const char *message, void *user);

/* Messages above this level are dropped (default LOG_INFO). */
void log_set_level(log_level level);
log_level log_get_level(void);
/* Every message that passes the level also goes to the sink (NULL removes it).
 * With quiet set, stderr is skipped and only the sink sees messages. */
void log_set_sink(log_sink_fn sink, void *user, int quiet);

void log_message(log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define log_error(...) log_message(LOG_ERROR, __VA_ARGS__)
#define log_warn(...)  log_message(LOG_WARN, __VA_ARGS__)
#define log_info(...)  log_message(LOG_INFO, __VA_ARGS__)
#define log_debug(...) log_message(LOG_DEBUG, __VA_ARGS__)

#endif
