/*
 * view: `curtain view FILE`, the live pattern sandbox window.
 */
#ifndef CURTAIN_APP_VIEW_H
#define CURTAIN_APP_VIEW_H

int view_main(int argc, char **argv, int first, const char *command);

#endif
