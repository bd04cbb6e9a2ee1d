/*
 * cli: the command-line conventions every subcommand shares (app/cli.h): one
 * option table per command, parsed and printed in help by the same code, so that
 * every command accepts the same forms and reports usage errors alike.
 */
#include "app/cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_usage_error(const char *command, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "curtain%s%s: ", command ? " " : "", command ? command : "");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'curtain%s%s --help' for more information.\n", command ? " " : "",
            command ? command : "");
    return CLI_EXIT_USAGE;
}

int cli_wants_help(int argc, char **argv, int first)
{
    for (int i = first; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return 0;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return 1;
    }
    return 0;
}

static const cli_option *cli_find(const cli_spec *spec, const char *name, size_t len)
{
    for (int i = 0; i < spec->option_count; i++) {
        const char *n = spec->options[i].name;
        if (strlen(n) == len && strncmp(n, name, len) == 0)
            return &spec->options[i];
    }
    return NULL;
}

/* Reads a whole number, decimal or 0x hex, with nothing before or after it and no
 * sign, into *out; 0 if text is not one or it exceeds 64 bits. (strtoull with base
 * 0 read "010" as octal 8, skipped leading spaces and wrapped " -1" to 2^64-1.) */
static int cli_parse_u64(const char *text, uint64_t *out)
{
    int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const char *p = hex ? text + 2 : text;
    unsigned base = hex ? 16 : 10;
    uint64_t v = 0;
    if (!*p)
        return 0;
    for (; *p; p++) {
        int c = *p;
        unsigned d = c >= '0' && c <= '9'          ? (unsigned)(c - '0')
                     : hex && c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : hex && c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                                   : base;
        if (d >= base || v > (UINT64_MAX - d) / base)
            return 0;
        v = v * base + d;
    }
    *out = v;
    return 1;
}

/* Stores the text value of an option into its destination, checking its form. */
static int cli_store(const cli_spec *spec, const cli_option *opt, const char *text)
{
    char *end = NULL;
    errno = 0;
    switch (opt->kind) {
    case CLI_FLAG: *(int *)opt->dest = 1; return CLI_EXIT_OK;
    case CLI_STRING: *(const char **)opt->dest = text; return CLI_EXIT_OK;
    case CLI_INT: {
        long v = strtol(text, &end, 10);
        if (!*text || *end || errno || v < opt->min || v > opt->max)
            return cli_usage_error(spec->command,
                                   "--%s wants a whole number from %.0f to %.0f, not '%s'",
                                   opt->name, opt->min, opt->max, text);
        *(int *)opt->dest = (int)v;
        return CLI_EXIT_OK;
    }
    case CLI_U64: {
        uint64_t v = 0;
        if (!cli_parse_u64(text, &v))
            return cli_usage_error(spec->command,
                                   "--%s wants a non-negative whole number (decimal, or hex "
                                   "after 0x) below 2^64, not '%s'",
                                   opt->name, text);
        *(uint64_t *)opt->dest = v;
        return CLI_EXIT_OK;
    }
    case CLI_DOUBLE: {
        double v = strtod(text, &end);
        if (!*text || *end || errno || !isfinite(v) || v < opt->min || v > opt->max)
            return cli_usage_error(spec->command, "--%s wants a number from %g to %g, not '%s'",
                                   opt->name, opt->min, opt->max, text);
        *(double *)opt->dest = v;
        return CLI_EXIT_OK;
    }
    }
    return CLI_EXIT_USAGE;
}

int cli_parse(const cli_spec *spec, int argc, char **argv, int first, const char **positional,
              int *positional_count)
{
    int npos = 0, only_positional = 0;
    for (int i = first; i < argc; i++) {
        const char *arg = argv[i];
        if (!only_positional && strcmp(arg, "--") == 0) {
            only_positional = 1;
            continue;
        }
        if (only_positional || arg[0] != '-' || arg[1] == '\0') {
            if (npos >= spec->max_positional)
                return spec->max_positional == 0
                           ? cli_usage_error(spec->command, "unexpected argument '%s'", arg)
                           : cli_usage_error(spec->command, "too many arguments at '%s'", arg);
            positional[npos++] = arg;
            continue;
        }
        if (arg[1] != '-')
            return cli_usage_error(spec->command, "unknown option '%s'", arg);
        const char *name = arg + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const cli_option *opt = cli_find(spec, name, len);
        if (!opt)
            return cli_usage_error(spec->command, "unknown option '%s'", arg);
        const char *value = NULL;
        if (opt->kind == CLI_FLAG) {
            if (eq)
                return cli_usage_error(spec->command, "--%s takes no value", opt->name);
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return cli_usage_error(spec->command, "--%s needs a value (%s)", opt->name,
                                   opt->value_name ? opt->value_name : "VALUE");
        }
        int rc = cli_store(spec, opt, value);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    if (npos < spec->min_positional)
        return cli_usage_error(spec->command, "missing %s",
                               spec->positional_name ? spec->positional_name : "argument");
    if (positional_count)
        *positional_count = npos;
    return CLI_EXIT_OK;
}

void cli_print_options(FILE *out, const cli_spec *spec)
{
    for (int i = 0; i < spec->option_count; i++) {
        const cli_option *o = &spec->options[i];
        char left[64];
        if (o->kind == CLI_FLAG)
            snprintf(left, sizeof left, "--%s", o->name);
        else
            snprintf(left, sizeof left, "--%s %s", o->name,
                     o->value_name ? o->value_name : "VALUE");
        fprintf(out, "  %-24s %s\n", left, o->help);
    }
}
