/*
 * bullet_palette: the palettes' colours (see the header).
 */
#include "render/bullet_palette.h"

/* The palettes, indexed by bullet_palette then bullet_color. The colour-blind ones
 * were searched for by hill-climbing over sRGB (largest smallest ΔE*ab under the
 * simulated deficiency, every colour at L* >= 50 so it shows on the dark field,
 * and at least 80% of that distance in normal vision), then each given to the
 * name whose normal hue it is nearest. */
static const bullet_rgb palettes[BULLET_PALETTE_COUNT][BULLET_COLOR_COUNT] = {
    [BULLET_PALETTE_NORMAL] = {{236, 36, 64},
                               {255, 132, 24},
                               {248, 214, 32},
                               {48, 214, 72},
                               {32, 206, 236},
                               {48, 92, 255},
                               {168, 64, 252},
                               {196, 204, 228}},
    [BULLET_PALETTE_DEUTERANOPIA] = {{215, 95, 103},
                                     {255, 217, 0},
                                     {192, 249, 157},
                                     {34, 184, 3},
                                     {0, 177, 255},
                                     {42, 115, 255},
                                     {155, 104, 169},
                                     {196, 204, 228}},
    [BULLET_PALETTE_PROTANOPIA] = {{255, 93, 102},
                                   {255, 236, 128},
                                   {227, 255, 0},
                                   {83, 144, 18},
                                   {160, 255, 205},
                                   {26, 131, 205},
                                   {189, 58, 255},
                                   {196, 204, 228}},
    [BULLET_PALETTE_TRITANOPIA] = {{255, 65, 112},
                                   {255, 0, 0},
                                   {255, 196, 28},
                                   {133, 129, 44},
                                   {99, 118, 217},
                                   {184, 60, 255},
                                   {252, 107, 213},
                                   {196, 204, 228}},
};

static const char *const palette_names[BULLET_PALETTE_COUNT] = {
#define PALETTE_NAME(id, name) name,
    BULLET_PALETTES(PALETTE_NAME)
#undef PALETTE_NAME
};

bullet_rgb bullet_palette_rgb(bullet_palette palette, bullet_color color)
{
    if ((unsigned)palette >= BULLET_PALETTE_COUNT || (unsigned)color >= BULLET_COLOR_COUNT)
        return palettes[0][BULLET_COLOR_WHITE];
    return palettes[palette][color];
}

const char *bullet_palette_name(bullet_palette palette)
{
    return (unsigned)palette < BULLET_PALETTE_COUNT ? palette_names[palette] : "?";
}
