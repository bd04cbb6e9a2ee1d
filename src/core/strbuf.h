/*
 * strbuf: formatted text appended to a fixed buffer, for the save files.
 *
 * A writer formats a whole file into one buffer and writes it atomically
 * (core/file); running out of room must be noticed once, at the end, not
 * checked after every line.
 */
#ifndef CURTAIN_CORE_STRBUF_H
#define CURTAIN_CORE_STRBUF_H

#include <stddef.h>

/* Appends formatted text to out (size bytes) at *len and moves *len past it;
 * once the text does not fit, *len becomes -1 and stays so (later calls do
 * nothing), and out holds what fitted. */
__attribute__((format(printf, 4, 5))) void strbuf_appendf(char *out, size_t size, int *len,
                                                          const char *fmt, ...);

#endif
