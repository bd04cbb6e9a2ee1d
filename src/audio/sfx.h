/*
 * sfx: the game's sound effects, synthesized at start-up.
 *
 * The effects are one X-macro table: each row names an effect, the shortest gap
 * between two starts of it (so a shot fired every few frames or a burst of grazes
 * does not pile up into noise), and the peak level it is normalised to (frequent
 * sounds are quieter). The recipes, as synth layers, live in sfx.c.
 *
 * sfx_bank_init renders every effect into one block of 16-bit mono samples at
 * SYNTH_RATE, the same bytes on every run.
 *
 * A mod's own effects are WAV files (pattern/content/sound_file.h finds them, audio/wav
 * reads them) added to the bank by name: at most SFX_FILE_MAX of them, each at
 * most WAV_MAX_SECONDS long, played like a built-in one by id SFX_COUNT + k and
 * restarted at most every SFX_FILE_GAP_MS. The names are those of sim/sound.h's
 * SOUNDS, in the same order (audio.sfx checks it).
 */
#ifndef CURTAIN_AUDIO_SFX_H
#define CURTAIN_AUDIO_SFX_H

#include <stddef.h>
#include <stdint.h>

/*           id              name            gap ms  peak */
#define SFX_LIST(ROW)                               \
    ROW(SHOT, "shot", 70, 0.20f)                    \
    ROW(ENEMY_SHOT, "enemy_shot", 60, 0.22f)        \
    ROW(ENEMY_HIT, "enemy_hit", 50, 0.26f)          \
    ROW(ENEMY_DEATH, "enemy_death", 30, 0.50f)      \
    ROW(GRAZE, "graze", 45, 0.22f)                  \
    ROW(PLAYER_DEATH, "player_death", 200, 0.75f)   \
    ROW(BOMB, "bomb", 200, 0.75f)                   \
    ROW(SPELL_START, "spell_start", 200, 0.55f)     \
    ROW(SPELL_CAPTURE, "spell_capture", 200, 0.55f) \
    ROW(ITEM, "item", 40, 0.18f)                    \
    ROW(EXTEND, "extend", 200, 0.55f)               \
    ROW(MENU_MOVE, "menu_move", 30, 0.30f)          \
    ROW(MENU_SELECT, "menu_select", 60, 0.40f)      \
    ROW(PAUSE, "pause", 100, 0.40f)                 \
    ROW(TIMER, "timer", 200, 0.35f)

typedef enum sfx_id {
#define SFX_ENUM(id, name, gap, peak) SFX_##id,
    SFX_LIST(SFX_ENUM)
#undef SFX_ENUM
    SFX_COUNT
} sfx_id;

/* One rendered effect: samples inside the bank's block. */
typedef struct sfx_sound {
    const int16_t *samples;
    uint32_t length;  /* samples */
    uint32_t min_gap; /* samples between two starts */
} sfx_sound;

#define SFX_FILE_MAX    32 /* a mod's sound files (pattern/content/sound_file.h's SOUND_FILE_MAX) */
#define SFX_FILE_NAME   32 /* a file sound's name, with its terminator */
#define SFX_FILE_GAP_MS 40 /* the shortest gap between two starts of one */

/* A mod's sound, read from its WAV file. */
typedef struct sfx_file {
    char name[SFX_FILE_NAME];
    int16_t *samples; /* mem_alloc */
    uint32_t length;
} sfx_file;

typedef struct sfx_bank {
    int16_t *block; /* every effect, one after another (mem_alloc) */
    size_t total;   /* samples in block */
    sfx_sound sounds[SFX_COUNT];
    sfx_file files[SFX_FILE_MAX];
    int file_count;
} sfx_bank;

/* Renders every effect. Returns 0, or -1 if memory ran out (the bank is then empty). */
int sfx_bank_init(sfx_bank *bank);
void sfx_bank_free(sfx_bank *bank);

/* Reads path (a WAV file, audio/wav) as the sound name, after the others.
 * Returns 0, or -1 with the reason in err (the bank is as it was). */
int sfx_bank_add_file(sfx_bank *bank, const char *name, const char *path, char *err,
                      size_t err_size);
/* Frees the file sounds (the built-in ones stay). */
void sfx_bank_clear_files(sfx_bank *bank);
/* The id of a built-in sound's or a file sound's name (SFX_COUNT + k), or -1. */
int sfx_bank_find(const sfx_bank *bank, const char *name);
/* The sound of an id sfx_bank_find gave; an empty one for any other. */
sfx_sound sfx_bank_sound(const sfx_bank *bank, int id);

const char *sfx_name(sfx_id id);
/* The id of a name ("graze"), or -1. */
int sfx_from_name(const char *name);
/* The peak level an effect is normalised to, from 0 to 1. */
float sfx_peak(sfx_id id);

#endif
