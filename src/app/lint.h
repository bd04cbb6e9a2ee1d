/*
 * lint: `curtain lint FILE...`, checking pattern files without running them.
 */
#ifndef CURTAIN_APP_LINT_H
#define CURTAIN_APP_LINT_H

int lint_main(int argc, char **argv, int first, const char *command);

#endif
