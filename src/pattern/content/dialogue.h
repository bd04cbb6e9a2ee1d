/*
 * dialogue: the model of a stage's dialogue scenes, one for every host (the
 * game's world and the viewer's sandbox), so both show the same scene from the
 * same inputs (docs/patterns.md, Dialogue).
 *
 *   say CHARACTER [EXPRESSION] "text" [+ value ...]
 *   say "narration"
 *
 * A `say` is the SAY verb (pattern/vm/vm.h) followed by a wait while the line is
 * up (VM_PROP_TALKING): the script that said it waits until the line is
 * advanced. Lines said one after another make one scene: the box stays open
 * while a line is up and closes on the first frame that ends without one.
 *
 * What the simulation sees is only the buttons: a line is advanced by a press
 * of the shot button once it has been up DIALOGUE_MIN_FRAMES frames, and a held
 * skip button advances every line at once (the rest of the scene runs in one
 * frame). How fast the text is revealed is presentation (dialogue_revealed, an
 * option of the player): it never changes when a line may be advanced, so the
 * world's hash, and every replay, do not depend on it. The text, the speaker
 * and the portraits are presentation too: a world hashes only whether a line
 * is up, since when, and how many lines were said (game/world.c), and the
 * content hash skips the words (VM_REF_TEXT).
 *
 * The struct is plain data (no pointers): it lives in the world and is copied
 * with it by snapshots. Nothing here allocates.
 */
#ifndef CURTAIN_PATTERN_DIALOGUE_H
#define CURTAIN_PATTERN_DIALOGUE_H

#include "pattern/content/library.h"

#include <stdint.h>

/* The longest line, in bytes (a longer one is cut), and the most parts (texts
 * and numbers joined with '+') one line is made of. */
#define DIALOGUE_TEXT_MAX   256
#define DIALOGUE_PARTS_MAX  12
/* Frames a line is up before the shot button may advance it: a shot held into a
 * scene, or one press, never skips a line unread. */
#define DIALOGUE_MIN_FRAMES 12
/* The SAY verb's arguments: speaker, expression, the parts' kinds, then the
 * parts (pattern/vm/vm.h). */
#define DIALOGUE_SAY_FIXED  3

/* Where a speaker's portrait stands: the player's character on the left, any
 * other on the right; narration has no speaker. */
typedef enum dialogue_side {
    DIALOGUE_LEFT,
    DIALOGUE_RIGHT,
    DIALOGUE_NARRATION,
} dialogue_side;

typedef struct dialogue {
    int32_t talking;  /* 1 while a line is up: the script that said it waits */
    int32_t open;     /* 1 from a scene's first line to the end of the frame it ends */
    int32_t line_at;  /* the frame the line came up */
    int32_t scene_at; /* the frame the scene's first line came up */
    uint32_t lines;   /* lines said in the run (skipped ones too) */
    uint32_t scenes;  /* scenes begun in the run */
    /* presentation, never hashed */
    int32_t speaker;       /* index into library.characters; -1 narration */
    int32_t side;          /* dialogue_side of the line */
    int32_t shown[2];      /* the character on each side (-1 none) */
    int32_t shown_expr[2]; /* and the expression index it shows */
    int32_t closed_at;     /* the frame the last scene closed; -1 none yet */
    char text[DIALOGUE_TEXT_MAX];
} dialogue;

/* No scene, nothing said. */
void dialogue_reset(dialogue *d);
/* The SAY verb: args[0] the speaker's name (a string of prog, -1 for
 * narration), args[1] the expression's name (-1 the default), args[2] the
 * parts' kinds (bit k set: part k is a string of prog, else a number), then the
 * parts. `player` is the player's character (library.characters index, -1
 * none): it speaks on the left. With skip (the skip button held this frame) the
 * line is passed at once: the script goes on. In a frame's scripts only. */
void dialogue_say(dialogue *d, const library *lib, const vm_program *prog, int32_t player,
                  const double *args, int nargs, int32_t frame, int skip);
/* The buttons of a frame, before its scripts run: a press of the shot button
 * advances a line that has been up DIALOGUE_MIN_FRAMES frames; a held skip
 * button advances it now. */
void dialogue_input(dialogue *d, int shot_pressed, int skip_held, int32_t frame);
/* After a frame's scripts: a scene whose last line was advanced and that said
 * no other closes. */
void dialogue_end_frame(dialogue *d, int32_t frame);
/* Whether the box is up (a line waits). */
int dialogue_active(const dialogue *d);

/* How many bytes of the line are shown at frame `frame` when the text is
 * revealed at `speed` characters a second (0: at once). Presentation only. */
int dialogue_revealed(const dialogue *d, int32_t frame, int speed);

/* The text of parts as a line: strings as they are, numbers as %.10g, joined
 * without spaces, cut to size. Used by SAY and by the hosts' other texts. */
void dialogue_format(char *out, size_t size, const vm_program *prog, uint32_t kinds,
                     const double *parts, int nparts);

#endif
