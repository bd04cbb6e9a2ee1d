/*
 * strbuf: formatted text appended to a fixed buffer. See strbuf.h.
 */
#include "core/strbuf.h"

#include <stdarg.h>
#include <stdio.h>

void strbuf_appendf(char *out, size_t size, int *len, const char *fmt, ...)
{
    if (*len < 0 || (size_t)*len >= size) {
        *len = -1;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out + *len, size - (size_t)*len, fmt, ap);
    va_end(ap);
    *len = n < 0 || (size_t)n >= size - (size_t)*len ? -1 : *len + n;
}
