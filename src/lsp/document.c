/*
 * document: places in an editor's text. See document.h.
 */
#include "lsp/document.h"

#include <stdio.h>
#include <string.h>

/* Bytes of the UTF-8 sequence starting with byte c (1 for a stray byte). */
static size_t document_seq_len(unsigned char c)
{
    return c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
}

size_t document_line_start(const char *text, size_t len, uint32_t line)
{
    size_t off = 0;
    for (uint32_t l = 0; l < line; l++) {
        while (off < len && text[off] != '\n')
            off++;
        if (off >= len)
            return len;
        off++;
    }
    return off;
}

document_pos document_pos_of(const char *text, size_t len, size_t offset, document_encoding enc)
{
    document_pos p = {0, 0};
    size_t line_start = 0;
    offset = offset < len ? offset : len;
    for (size_t i = 0; i < offset; i++)
        if (text[i] == '\n') {
            p.line++;
            line_start = i + 1;
        }
    for (size_t i = line_start; i < offset;) {
        size_t n = document_seq_len((unsigned char)text[i]);
        if (enc == DOCUMENT_UTF8)
            p.character += (uint32_t)n;
        else
            p.character += n == 4 ? 2 : 1;
        i += n;
    }
    return p;
}

size_t document_offset_of(const char *text, size_t len, document_pos pos, document_encoding enc)
{
    size_t off = document_line_start(text, len, pos.line);
    uint32_t units = 0;
    while (off < len && text[off] != '\n' && units < pos.character) {
        size_t n = document_seq_len((unsigned char)text[off]);
        units += enc == DOCUMENT_UTF8 ? (uint32_t)n : n == 4 ? 2 : 1;
        off += n;
    }
    return off < len ? off : len;
}

size_t document_offset_of_col(const char *text, size_t len, uint32_t line, uint32_t col)
{
    size_t off = document_line_start(text, len, line ? line - 1 : 0);
    for (uint32_t c = 1; c < col && off < len && text[off] != '\n'; c++)
        off += document_seq_len((unsigned char)text[off]);
    return off < len ? off : len;
}

int document_is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

size_t document_word_at(const char *text, size_t len, size_t offset, size_t *start)
{
    offset = offset < len ? offset : len;
    size_t s = offset, e = offset;
    while (s > 0 && document_is_name_char(text[s - 1]))
        s--;
    while (e < len && document_is_name_char(text[e]))
        e++;
    *start = s;
    if (e == s || (text[s] >= '0' && text[s] <= '9'))
        return 0;
    return e - s;
}

void document_cursor_init(document_cursor *c, const char *text, size_t len, document_encoding enc)
{
    c->text = text;
    c->len = len;
    c->offset = 0;
    c->pos.line = c->pos.character = 0;
    c->enc = enc;
}

document_pos document_cursor_pos(document_cursor *c, size_t offset)
{
    offset = offset < c->len ? offset : c->len;
    if (offset < c->offset) {
        /* back: the lines between, then the column from the line's start */
        for (size_t i = offset; i < c->offset; i++)
            c->pos.line -= c->text[i] == '\n';
        size_t line = offset;
        while (line > 0 && c->text[line - 1] != '\n')
            line--;
        c->offset = line;
        c->pos.character = 0;
    }
    while (c->offset < offset) {
        unsigned char ch = (unsigned char)c->text[c->offset];
        if (ch == '\n') {
            c->pos.line++;
            c->pos.character = 0;
            c->offset++;
            continue;
        }
        size_t n = document_seq_len(ch);
        c->pos.character += c->enc == DOCUMENT_UTF8 ? (uint32_t)n : n == 4 ? 2 : 1;
        c->offset += n;
    }
    return c->pos;
}

static int document_hex(char c)
{
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

int document_uri_to_path(const char *uri, char *out, size_t size)
{
    static const char scheme[] = "file://";
    if (strncmp(uri, scheme, sizeof scheme - 1) != 0 || size == 0)
        return -1;
    const char *p = uri + sizeof scheme - 1;
    if (*p != '/')
        return -1; /* file://host/...: not a local file */
    size_t n = 0;
    for (; *p; p++) {
        char c = *p;
        if (c == '%' && document_hex(p[1]) >= 0 && document_hex(p[2]) >= 0) {
            c = (char)(document_hex(p[1]) * 16 + document_hex(p[2]));
            p += 2;
        }
        if (c == '\0' || n + 1 >= size)
            return -1;
        out[n++] = c;
    }
    out[n] = '\0';
    return 0;
}

int document_path_to_uri(const char *path, char *out, size_t size)
{
    static const char hex[] = "0123456789ABCDEF";
    int n = snprintf(out, size, "file://");
    size_t at = n > 0 ? (size_t)n : 0;
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        int plain = document_is_name_char((char)*p) || strchr("/-._~", *p) != NULL;
        size_t need = plain ? 1 : 3;
        if (at + need + 1 > size)
            return -1;
        if (plain) {
            out[at++] = (char)*p;
        } else {
            out[at++] = '%';
            out[at++] = hex[*p >> 4];
            out[at++] = hex[*p & 15];
        }
    }
    out[at] = '\0';
    return 0;
}
