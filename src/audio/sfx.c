/*
 * sfx: the recipes of the sound effects and the bank they render into (see sfx.h).
 *
 * Each recipe is a short list of synth layers. The aim is the genre's palette: soft,
 * short and quiet for what happens many times a second (shots, grazes, items),
 * bright and musical for rewards (capture, extend), a sweep and a rumble for
 * bombs, deaths and spell declarations. Notes are equal-tempered (A4 = 440 Hz).
 */
#include "audio/sfx.h"

#include "audio/synth.h"
#include "audio/wav.h"
#include "core/mem.h"
#include "core/rng.h"

#include <stdio.h>
#include <string.h>

/* Note frequencies used by the recipes. */
#define NOTE_A3 220.00f
#define NOTE_E4 329.63f
#define NOTE_C5 523.25f
#define NOTE_D5 587.33f
#define NOTE_E5 659.26f
#define NOTE_G5 783.99f
#define NOTE_A5 880.00f
#define NOTE_B5 987.77f
#define NOTE_C6 1046.50f
#define NOTE_D6 1174.66f
#define NOTE_E6 1318.51f
#define NOTE_G6 1567.98f
#define NOTE_C7 2093.00f

/* Shorthands for the layer lists below. */
#define SINE     .wave = SYNTH_SINE
#define TRIANGLE .wave = SYNTH_TRIANGLE
#define SQUARE   .wave = SYNTH_SQUARE
#define SAW      .wave = SYNTH_SAW
#define NOISE    .wave = SYNTH_NOISE

/* The player's shot: a soft, airy puff with a faint falling tone. */
static const synth_layer sfx_layers_SHOT[] = {
    {NOISE, .length = 0.05f, .freq0 = 14000, .freq1 = 9000, .gain = 1.0f, .attack = 0.002f,
     .decay = 0.014f, .release = 0.01f, .cutoff0 = 7000, .cutoff1 = 2500, .highpass = 900},
    {TRIANGLE, .length = 0.035f, .freq0 = 1400, .freq1 = 700, .gain = 0.35f, .attack = 0.001f,
     .decay = 0.01f, .release = 0.005f},
};

/* An enemy firing: a short bright "tan". */
static const synth_layer sfx_layers_ENEMY_SHOT[] = {
    {SQUARE, .length = 0.05f, .freq0 = 1800, .freq1 = 900, .gain = 0.6f, .attack = 0.001f,
     .decay = 0.012f, .release = 0.01f, .cutoff0 = 5000, .cutoff1 = 2500, .duty = 0.25f},
    {NOISE, .length = 0.025f, .freq0 = 16000, .freq1 = 16000, .gain = 0.4f, .decay = 0.006f,
     .release = 0.005f, .highpass = 2500},
};

/* A shot landing on an enemy: a dry metallic tick. */
static const synth_layer sfx_layers_ENEMY_HIT[] = {
    {SQUARE, .length = 0.05f, .freq0 = 620, .freq1 = 520, .gain = 0.7f, .attack = 0.001f,
     .decay = 0.014f, .release = 0.01f, .cutoff0 = 3500, .cutoff1 = 1500},
    {NOISE, .length = 0.03f, .freq0 = 6000, .freq1 = 3000, .gain = 0.5f, .decay = 0.008f,
     .release = 0.008f, .highpass = 1500},
};

/* A small enemy bursting: a falling crackle over a short thump. */
static const synth_layer sfx_layers_ENEMY_DEATH[] = {
    {NOISE, .length = 0.38f, .freq0 = 5000, .freq1 = 600, .gain = 1.0f, .attack = 0.001f,
     .decay = 0.09f, .release = 0.08f, .cutoff0 = 6000, .cutoff1 = 400},
    {SINE, .length = 0.18f, .freq0 = 220, .freq1 = 45, .gain = 0.9f, .attack = 0.002f,
     .decay = 0.06f, .release = 0.04f},
    {SQUARE, .length = 0.12f, .freq0 = 880, .freq1 = 110, .gain = 0.3f, .attack = 0.001f,
     .decay = 0.04f, .release = 0.03f, .cutoff0 = 3000, .cutoff1 = 500},
};

/* A bullet brushing the hitbox: a quick high "shk" with a glint. */
static const synth_layer sfx_layers_GRAZE[] = {
    {NOISE, .length = 0.05f, .freq0 = 20000, .freq1 = 20000, .gain = 0.8f, .attack = 0.001f,
     .decay = 0.012f, .release = 0.01f, .highpass = 4000},
    {SINE, .length = 0.04f, .freq0 = 3200, .freq1 = 3600, .gain = 0.3f, .attack = 0.001f,
     .decay = 0.01f, .release = 0.01f},
};

/* The player hit: a sharp chirp, then a long falling, wobbling tone over a rumble. */
static const synth_layer sfx_layers_PLAYER_DEATH[] = {
    {TRIANGLE, .length = 0.08f, .freq0 = 2200, .freq1 = 1700, .gain = 0.6f, .attack = 0.001f,
     .decay = 0.05f, .release = 0.02f},
    {SQUARE, .length = 0.08f, .freq0 = 1100, .freq1 = 850, .gain = 0.25f, .attack = 0.001f,
     .decay = 0.05f, .release = 0.02f, .cutoff0 = 3500, .cutoff1 = 3500},
    {SAW, .start = 0.07f, .length = 0.8f, .freq0 = 1200, .freq1 = 70, .gain = 0.7f,
     .attack = 0.002f, .decay = 0.3f, .release = 0.15f, .cutoff0 = 5000, .cutoff1 = 300,
     .resonance = 0.5f, .vibrato_hz = 18, .vibrato_depth = 0.04f},
    {NOISE, .start = 0.07f, .length = 0.6f, .freq0 = 3000, .freq1 = 300, .gain = 0.6f,
     .attack = 0.002f, .decay = 0.15f, .release = 0.1f, .cutoff0 = 4000, .cutoff1 = 300},
    {SINE, .start = 0.07f, .length = 0.4f, .freq0 = 110, .freq1 = 40, .gain = 0.7f,
     .attack = 0.003f, .decay = 0.15f, .release = 0.08f},
};

/* A bomb: a rising whoosh, a deep boom, and a dark chord ringing out. */
static const synth_layer sfx_layers_BOMB[] = {
    {NOISE, .length = 0.5f, .freq0 = 9000, .freq1 = 9000, .gain = 0.6f, .attack = 0.35f,
     .release = 0.15f, .cutoff0 = 300, .cutoff1 = 5000, .resonance = 0.4f},
    {SINE, .length = 0.5f, .freq0 = 440, .freq1 = 1760, .gain = 0.2f, .attack = 0.4f,
     .release = 0.1f, .vibrato_hz = 7, .vibrato_depth = 0.02f},
    {NOISE, .start = 0.45f, .length = 1.2f, .freq0 = 6000, .freq1 = 1500, .gain = 1.0f,
     .attack = 0.005f, .decay = 0.4f, .release = 0.3f, .cutoff0 = 5000, .cutoff1 = 200},
    {SINE, .start = 0.45f, .length = 0.9f, .freq0 = 90, .freq1 = 35, .gain = 1.0f, .attack = 0.005f,
     .decay = 0.3f, .release = 0.2f},
    {SAW, .start = 0.45f, .length = 1.1f, .freq0 = NOTE_A3, .freq1 = NOTE_A3, .gain = 0.22f,
     .attack = 0.01f, .decay = 0.4f, .release = 0.3f, .cutoff0 = 2500, .cutoff1 = 300},
    {SAW, .start = 0.45f, .length = 1.1f, .freq0 = NOTE_E4, .freq1 = NOTE_E4, .gain = 0.18f,
     .attack = 0.01f, .decay = 0.4f, .release = 0.3f, .cutoff0 = 2500, .cutoff1 = 300},
};

/* A spell card declared: a resonant sweep charging up into a struck D chord. */
static const synth_layer sfx_layers_SPELL_START[] = {
    {NOISE, .length = 0.6f, .freq0 = 12000, .freq1 = 12000, .gain = 0.45f, .attack = 0.45f,
     .release = 0.15f, .cutoff0 = 400, .cutoff1 = 7000, .resonance = 0.6f},
    {SINE, .length = 0.6f, .freq0 = 300, .freq1 = 1200, .gain = 0.3f, .attack = 0.4f,
     .release = 0.15f},
    {SQUARE, .start = 0.55f, .length = 0.6f, .freq0 = NOTE_D5, .freq1 = NOTE_D5, .gain = 0.3f,
     .attack = 0.002f, .decay = 0.2f, .release = 0.2f, .cutoff0 = 3000, .cutoff1 = 1200,
     .duty = 0.25f},
    {SQUARE, .start = 0.55f, .length = 0.6f, .freq0 = NOTE_A5, .freq1 = NOTE_A5, .gain = 0.25f,
     .attack = 0.002f, .decay = 0.2f, .release = 0.2f, .cutoff0 = 3000, .cutoff1 = 1200,
     .duty = 0.25f},
    {TRIANGLE, .start = 0.55f, .length = 0.7f, .freq0 = NOTE_D6, .freq1 = NOTE_D6, .gain = 0.3f,
     .attack = 0.002f, .decay = 0.25f, .release = 0.2f, .vibrato_hz = 6, .vibrato_depth = 0.006f},
    {NOISE, .start = 0.55f, .length = 0.1f, .freq0 = 16000, .freq1 = 16000, .gain = 0.35f,
     .decay = 0.03f, .release = 0.05f, .highpass = 2000},
};

/* A spell card captured: a quick rising C major arpeggio into a ringing chord. */
static const synth_layer sfx_layers_SPELL_CAPTURE[] = {
    {SQUARE, .start = 0.00f, .length = 0.45f, .freq0 = NOTE_C6, .freq1 = NOTE_C6, .gain = 0.4f,
     .attack = 0.002f, .decay = 0.12f, .release = 0.1f, .cutoff0 = 6000, .cutoff1 = 2500,
     .duty = 0.25f},
    {SQUARE, .start = 0.07f, .length = 0.45f, .freq0 = NOTE_E6, .freq1 = NOTE_E6, .gain = 0.4f,
     .attack = 0.002f, .decay = 0.12f, .release = 0.1f, .cutoff0 = 6000, .cutoff1 = 2500,
     .duty = 0.25f},
    {SQUARE, .start = 0.14f, .length = 0.45f, .freq0 = NOTE_G6, .freq1 = NOTE_G6, .gain = 0.4f,
     .attack = 0.002f, .decay = 0.12f, .release = 0.1f, .cutoff0 = 6000, .cutoff1 = 2500,
     .duty = 0.25f},
    {SQUARE, .start = 0.21f, .length = 0.5f, .freq0 = NOTE_C7, .freq1 = NOTE_C7, .gain = 0.35f,
     .attack = 0.002f, .decay = 0.15f, .release = 0.1f, .cutoff0 = 6000, .cutoff1 = 3000,
     .duty = 0.25f},
    {TRIANGLE, .start = 0.28f, .length = 0.9f, .freq0 = NOTE_C6, .freq1 = NOTE_C6, .gain = 0.3f,
     .attack = 0.01f, .decay = 0.35f, .release = 0.3f, .vibrato_hz = 6, .vibrato_depth = 0.006f},
    {TRIANGLE, .start = 0.28f, .length = 0.9f, .freq0 = NOTE_E6, .freq1 = NOTE_E6, .gain = 0.25f,
     .attack = 0.01f, .decay = 0.35f, .release = 0.3f, .vibrato_hz = 6, .vibrato_depth = 0.006f},
    {TRIANGLE, .start = 0.28f, .length = 0.9f, .freq0 = NOTE_G6, .freq1 = NOTE_G6, .gain = 0.25f,
     .attack = 0.01f, .decay = 0.35f, .release = 0.3f, .vibrato_hz = 6, .vibrato_depth = 0.006f},
    {SINE, .start = 0.21f, .length = 0.6f, .freq0 = 2 * NOTE_C7, .freq1 = 2 * NOTE_C7,
     .gain = 0.12f, .attack = 0.002f, .decay = 0.2f, .release = 0.2f},
};

/* An item collected: a tiny two-step "pip". */
static const synth_layer sfx_layers_ITEM[] = {
    {TRIANGLE, .length = 0.03f, .freq0 = NOTE_G6, .freq1 = NOTE_G6, .gain = 0.7f, .attack = 0.001f,
     .decay = 0.015f, .release = 0.008f},
    {SQUARE, .start = 0.025f, .length = 0.04f, .freq0 = NOTE_C7, .freq1 = NOTE_C7, .gain = 0.35f,
     .attack = 0.001f, .decay = 0.015f, .release = 0.01f, .cutoff0 = 5000, .cutoff1 = 3000},
};

/* An extra life: a bright five-note fanfare ending on a held, wavering C. */
static const synth_layer sfx_layers_EXTEND[] = {
    {SQUARE, .start = 0.00f, .length = 0.1f, .freq0 = NOTE_G5, .freq1 = NOTE_G5, .gain = 0.35f,
     .attack = 0.002f, .decay = 0.06f, .release = 0.03f, .cutoff0 = 4500, .cutoff1 = 4500},
    {SQUARE, .start = 0.07f, .length = 0.1f, .freq0 = NOTE_C6, .freq1 = NOTE_C6, .gain = 0.35f,
     .attack = 0.002f, .decay = 0.06f, .release = 0.03f, .cutoff0 = 4500, .cutoff1 = 4500},
    {SQUARE, .start = 0.14f, .length = 0.1f, .freq0 = NOTE_E6, .freq1 = NOTE_E6, .gain = 0.35f,
     .attack = 0.002f, .decay = 0.06f, .release = 0.03f, .cutoff0 = 4500, .cutoff1 = 4500},
    {SQUARE, .start = 0.21f, .length = 0.1f, .freq0 = NOTE_G6, .freq1 = NOTE_G6, .gain = 0.35f,
     .attack = 0.002f, .decay = 0.06f, .release = 0.03f, .cutoff0 = 4500, .cutoff1 = 4500},
    {TRIANGLE, .start = 0.28f, .length = 0.5f, .freq0 = NOTE_C7, .freq1 = NOTE_C7, .gain = 0.5f,
     .attack = 0.005f, .decay = 0.25f, .release = 0.15f, .vibrato_hz = 8, .vibrato_depth = 0.01f},
    {SQUARE, .start = 0.28f, .length = 0.5f, .freq0 = NOTE_C6, .freq1 = NOTE_C6, .gain = 0.2f,
     .attack = 0.005f, .decay = 0.25f, .release = 0.15f, .cutoff0 = 3000, .cutoff1 = 1500,
     .duty = 0.25f},
};

/* The cursor moving in a menu: a short soft click. */
static const synth_layer sfx_layers_MENU_MOVE[] = {
    {SQUARE, .length = 0.035f, .freq0 = 1200, .freq1 = 1150, .gain = 0.8f, .attack = 0.001f,
     .decay = 0.01f, .release = 0.01f, .cutoff0 = 4000, .cutoff1 = 3000},
    {TRIANGLE, .length = 0.02f, .freq0 = 2400, .freq1 = 2400, .gain = 0.3f, .attack = 0.001f,
     .decay = 0.006f, .release = 0.005f},
};

/* A menu choice confirmed: two rising tones, a fifth apart. */
static const synth_layer sfx_layers_MENU_SELECT[] = {
    {SQUARE, .length = 0.08f, .freq0 = NOTE_E5, .freq1 = NOTE_E5, .gain = 0.5f, .attack = 0.001f,
     .decay = 0.04f, .release = 0.02f, .cutoff0 = 4000, .cutoff1 = 3000},
    {SQUARE, .start = 0.07f, .length = 0.16f, .freq0 = NOTE_B5, .freq1 = NOTE_B5, .gain = 0.5f,
     .attack = 0.001f, .decay = 0.06f, .release = 0.05f, .cutoff0 = 4000, .cutoff1 = 2000},
    {TRIANGLE, .start = 0.07f, .length = 0.16f, .freq0 = 2 * NOTE_B5, .freq1 = 2 * NOTE_B5,
     .gain = 0.2f, .attack = 0.001f, .decay = 0.06f, .release = 0.05f},
};

/* The game paused: two falling soft tones. */
static const synth_layer sfx_layers_PAUSE[] = {
    {TRIANGLE, .length = 0.1f, .freq0 = NOTE_A5, .freq1 = NOTE_A5, .gain = 0.7f, .attack = 0.002f,
     .decay = 0.05f, .release = 0.03f},
    {TRIANGLE, .start = 0.09f, .length = 0.18f, .freq0 = NOTE_D5, .freq1 = NOTE_D5, .gain = 0.7f,
     .attack = 0.002f, .decay = 0.08f, .release = 0.06f},
    {SQUARE, .start = 0.09f, .length = 0.18f, .freq0 = NOTE_D5, .freq1 = NOTE_D5, .gain = 0.15f,
     .attack = 0.002f, .decay = 0.08f, .release = 0.06f, .cutoff0 = 2500, .cutoff1 = 1000},
};

/* The last seconds of a spell card's timer: a clock-like tick. */
static const synth_layer sfx_layers_TIMER[] = {
    {SINE, .length = 0.06f, .freq0 = 1760, .freq1 = 1760, .gain = 0.7f, .attack = 0.001f,
     .decay = 0.02f, .release = 0.015f},
    {SQUARE, .length = 0.04f, .freq0 = 880, .freq1 = 880, .gain = 0.3f, .attack = 0.001f,
     .decay = 0.01f, .release = 0.01f, .duty = 0.125f, .cutoff0 = 3000, .cutoff1 = 3000},
};

typedef struct sfx_recipe {
    const char *name;
    const synth_layer *layers;
    int count;
    int gap_ms;
    float peak;
} sfx_recipe;

static const sfx_recipe sfx_recipes[SFX_COUNT] = {
#define SFX_RECIPE(id, name, gap, peak) \
    {name, sfx_layers_##id, (int)(sizeof sfx_layers_##id / sizeof sfx_layers_##id[0]), gap, peak},
    SFX_LIST(SFX_RECIPE)
#undef SFX_RECIPE
};

int sfx_bank_init(sfx_bank *bank)
{
    memset(bank, 0, sizeof *bank);
    size_t longest = 0;
    for (int i = 0; i < SFX_COUNT; i++) {
        size_t n = synth_length(sfx_recipes[i].layers, sfx_recipes[i].count);
        bank->total += n;
        longest = n > longest ? n : longest;
    }
    bank->block = mem_alloc(bank->total * sizeof *bank->block);
    float *scratch = mem_alloc(longest * sizeof *scratch);
    if (!bank->block || !scratch) {
        mem_free(scratch);
        sfx_bank_free(bank);
        return -1;
    }
    int16_t *at = bank->block;
    for (int i = 0; i < SFX_COUNT; i++) {
        const sfx_recipe *r = &sfx_recipes[i];
        size_t n = synth_length(r->layers, r->count);
        memset(scratch, 0, n * sizeof *scratch);
        synth_render(scratch, n, r->layers, r->count, rng_mix64((uint64_t)i + 1));
        synth_finish(scratch, n, r->peak, 1, at);
        bank->sounds[i] = (sfx_sound){at, (uint32_t)n, (uint32_t)(r->gap_ms * SYNTH_RATE / 1000)};
        at += n;
    }
    mem_free(scratch);
    return 0;
}

int sfx_bank_add_file(sfx_bank *bank, const char *name, const char *path, char *err,
                      size_t err_size)
{
    if (bank->file_count >= SFX_FILE_MAX) {
        snprintf(err, err_size, "%s: more than %d sound files", path, SFX_FILE_MAX);
        return -1;
    }
    if (strlen(name) >= SFX_FILE_NAME) {
        snprintf(err, err_size, "%s: a sound's name is at most %d letters", path,
                 SFX_FILE_NAME - 1);
        return -1;
    }
    sfx_file *f = &bank->files[bank->file_count];
    if (wav_read(path, SYNTH_RATE, &f->samples, &f->length, err, err_size) != 0)
        return -1;
    snprintf(f->name, sizeof f->name, "%s", name);
    bank->file_count++;
    return 0;
}

void sfx_bank_clear_files(sfx_bank *bank)
{
    for (int k = 0; k < bank->file_count; k++)
        mem_free(bank->files[k].samples);
    memset(bank->files, 0, sizeof bank->files);
    bank->file_count = 0;
}

int sfx_bank_find(const sfx_bank *bank, const char *name)
{
    int id = sfx_from_name(name);
    if (id >= 0)
        return id;
    for (int k = 0; k < bank->file_count; k++)
        if (strcmp(bank->files[k].name, name) == 0)
            return SFX_COUNT + k;
    return -1;
}

sfx_sound sfx_bank_sound(const sfx_bank *bank, int id)
{
    if (id >= 0 && id < SFX_COUNT)
        return bank->sounds[id];
    if (id >= SFX_COUNT && id - SFX_COUNT < bank->file_count) {
        const sfx_file *f = &bank->files[id - SFX_COUNT];
        return (sfx_sound){f->samples, f->length, SFX_FILE_GAP_MS * SYNTH_RATE / 1000};
    }
    return (sfx_sound){NULL, 0, 0};
}

void sfx_bank_free(sfx_bank *bank)
{
    sfx_bank_clear_files(bank);
    mem_free(bank->block);
    memset(bank, 0, sizeof *bank);
}

const char *sfx_name(sfx_id id)
{
    return id < SFX_COUNT ? sfx_recipes[id].name : "?";
}

int sfx_from_name(const char *name)
{
    for (int i = 0; i < SFX_COUNT; i++)
        if (strcmp(name, sfx_recipes[i].name) == 0)
            return i;
    return -1;
}

float sfx_peak(sfx_id id)
{
    return id < SFX_COUNT ? sfx_recipes[id].peak : 0.0f;
}
