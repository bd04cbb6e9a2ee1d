/*
 * difficulty: the four difficulty levels and the rank each feeds into patterns.
 *
 * Rank is BulletML's difficulty knob, 0..1; every pattern reads it as $rank.
 */
#ifndef CURTAIN_GAME_DIFFICULTY_H
#define CURTAIN_GAME_DIFFICULTY_H

/*                 id       name       rank */
#define DIFFICULTIES(X)       \
    X(EASY, "Easy", 0.0)      \
    X(NORMAL, "Normal", 0.35) \
    X(HARD, "Hard", 0.7)      \
    X(LUNATIC, "Lunatic", 1.0)

typedef enum difficulty {
#define DIFFICULTY_ENUM(id, name, rank) DIFFICULTY_##id,
    DIFFICULTIES(DIFFICULTY_ENUM)
#undef DIFFICULTY_ENUM
    DIFFICULTY_COUNT
} difficulty;

/* The display name ("Normal"); "?" for a value out of range. */
const char *difficulty_name(int d);
/* The rank patterns see at this difficulty. */
double difficulty_rank(int d);
/* The difficulty named name, in any letter case ("lunatic", "Lunatic"), or -1. The
 * options and high-score files write difficulty_name and read with this. */
int difficulty_from_name(const char *name);

#endif
