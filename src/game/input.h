/*
 * input: the logical buttons of one frame, as the simulation sees them.
 *
 * A frame's input is one byte of button bits. It is everything the simulation
 * reads from the player, so a replay is a seed plus one of these per frame.
 * The list is an X-macro: the enum, the names (for options and key binding)
 * and the bits come from the same rows.
 */
#ifndef CURTAIN_GAME_INPUT_H
#define CURTAIN_GAME_INPUT_H

#include <stdint.h>

/*          id      name */
#define INPUT_BUTTONS(X) \
    X(UP, "up")          \
    X(DOWN, "down")      \
    X(LEFT, "left")      \
    X(RIGHT, "right")    \
    X(SHOT, "shot")      \
    X(FOCUS, "focus")    \
    X(BOMB, "bomb")      \
    X(SKIP, "skip") /* held: a dialogue scene is skipped (pattern/content/dialogue.h) */

typedef enum input_button {
#define INPUT_ENUM(id, name) INPUT_##id,
    INPUT_BUTTONS(INPUT_ENUM)
#undef INPUT_ENUM
    INPUT_BUTTON_COUNT
} input_button;

typedef uint8_t input_bits;

#define INPUT_BIT(button) ((input_bits)(1u << (button)))

static inline int input_held(input_bits bits, input_button button)
{
    return (bits >> button) & 1u;
}

#endif
