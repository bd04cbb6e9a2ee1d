/*
 * difficulty: the four difficulty levels, as one X-macro table.
 *
 * The game feeds the level to every pattern as its rank; options remember the last
 * one chosen and high scores keep one table per level. The names are the words
 * written in the options and high-score files.
 */
#ifndef CURTAIN_GAME_DIFFICULTY_H
#define CURTAIN_GAME_DIFFICULTY_H

#include <string.h>

/*              id       name       title */
#define DIFFICULTIES(X)           \
    X(EASY, "easy", "Easy")       \
    X(NORMAL, "normal", "Normal") \
    X(HARD, "hard", "Hard")       \
    X(LUNATIC, "lunatic", "Lunatic")

typedef enum difficulty {
#define DIFFICULTY_ENUM(id, name, title) DIFFICULTY_##id,
    DIFFICULTIES(DIFFICULTY_ENUM)
#undef DIFFICULTY_ENUM
    DIFFICULTY_COUNT
} difficulty;

/* The lower-case name used in files ("normal"); "?" for an out-of-range value. */
static inline const char *difficulty_name(int d)
{
    static const char *const names[] = {
#define DIFFICULTY_NAME(id, name, title) name,
        DIFFICULTIES(DIFFICULTY_NAME)
#undef DIFFICULTY_NAME
    };
    return d >= 0 && d < DIFFICULTY_COUNT ? names[d] : "?";
}

/* The capitalised title shown on screen ("Lunatic"). */
static inline const char *difficulty_title(int d)
{
    static const char *const titles[] = {
#define DIFFICULTY_TITLE(id, name, title) title,
        DIFFICULTIES(DIFFICULTY_TITLE)
#undef DIFFICULTY_TITLE
    };
    return d >= 0 && d < DIFFICULTY_COUNT ? titles[d] : "?";
}

/* The level named name (exact, lower case), or -1. */
static inline int difficulty_from_name(const char *name)
{
    for (int d = 0; d < DIFFICULTY_COUNT; d++)
        if (strcmp(name, difficulty_name(d)) == 0)
            return d;
    return -1;
}

#endif
