/*
 * curtain: the command line. Each subcommand is a row of the table below; with no
 * subcommand, curtain plays.
 */
#include "app/bench_cmd.h"
#include "app/cli.h"
#include "app/fmt.h"
#include "app/lint.h"
#include "app/lsp_cmd.h"
#include "app/play.h"
#include "app/replay_cmd.h"
#include "app/run.h"
#include "app/view.h"
#include "pattern/bulletml/bulletml_import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct command {
    const char *name;
    const char *summary;
    int (*main)(int argc, char **argv, int first, const char *command);
} command;

static const command commands[] = {
    {"play", "play the game (the default when no command is given)", play_main},
    {"lint", "check pattern files and print their errors", lint_main},
    {"fmt", "print pattern files in the one canonical layout (--write, --check)", fmt_main},
    {"lsp", "the language server for editors (standard input and output)", lsp_cmd_main},
    {"run", "run a pattern file headless, optionally writing a trace", run_main},
    {"view", "a live sandbox window for a pattern file (reloads on change)", view_main},
    {"bench", "run benchmark scenarios headless (--list shows them)", bench_cmd_main},
    {"replay", "watch a replay, or check it headless (--verify)", replay_cmd_main},
};
#define COMMAND_COUNT ((int)(sizeof commands / sizeof commands[0]))

static void main_print_help(void)
{
    printf("usage: curtain [COMMAND] [OPTIONS]\n"
           "\n"
           "curtain is a bullet-hell shoot-'em-up, a moddable bullet-pattern engine and a\n"
           "stress-test reference for bullet systems.\n"
           "\n"
           "Commands:\n");
    for (int i = 0; i < COMMAND_COUNT; i++)
        printf("  %-10s %s\n", commands[i].name, commands[i].summary);
    printf(
        "\n"
        "Options:\n"
        "  -h, --help     show this help; 'curtain COMMAND --help' shows a command's options\n"
        "  --version      print the version and exit\n"
        "  --data DIR     read the game's data (assets/, patterns/) from DIR (as CURTAIN_DATA);\n"
        "                 first, before the command\n"
        "\n"
        "Options of play (also accepted without the word 'play'):\n");
    play_print_options(stdout);
    printf(
        "\nIn the game: arrows or WASD move, Z shoots, X bombs, Shift focuses,\n"
        "Esc pauses, F11 or Alt+Enter toggles fullscreen, F3 shows the performance\n"
        "overlay, F12 takes a screenshot. Keys, controller buttons, display and volumes\n"
        "are set in the Options menu (saved in options.txt in the user folder; docs/manual.md).\n");
}

int main(int argc, char **argv)
{
    bulletml_import_register(); /* .xml files are BulletML wherever patterns are read */
    if (argc >= 3 && strcmp(argv[1], "--data") == 0) {
        setenv("CURTAIN_DATA", argv[2], 1); /* read once, by core/data_path */
        argv[2] = argv[0];
        argv += 2;
        argc -= 2;
    } else if (argc == 2 && strcmp(argv[1], "--data") == 0) {
        return cli_usage_error(NULL, "--data needs a folder");
    }
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        main_print_help(); /* after --data too: `curtain --data DIR --help` */
        return CLI_EXIT_OK;
    }
    if (argc >= 2 && strcmp(argv[1], "--version") == 0) {
        printf("curtain %s\n", CURTAIN_VERSION);
        return CLI_EXIT_OK;
    }
    if (argc < 2 || argv[1][0] == '-')
        return play_main(argc, argv, 1, NULL);
    for (int i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].main(argc, argv, 2, commands[i].name);
    return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
