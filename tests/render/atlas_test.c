/* atlas: every look the pattern compiler accepts (sim/enemy_look.h) is drawn
 * with a sprite of its own, never the default the renderer falls back to. */
#include "../check.h"
#include "render/atlas.h"
#include "sim/enemy_look.h"

#include <stdio.h>

int main(void)
{
    for (int i = 0; i < ENEMY_LOOK_COUNT; i++) {
        int s = atlas_look_sprite(enemy_look_names[i], -1);
        if (s < 0)
            fprintf(stderr, "look '%s' has no sprite in the atlas\n", enemy_look_names[i]);
        CHECK(s >= 0);
    }
    CHECK_EQ_INT(atlas_look_sprite("drone", -1), ATLAS_SPRITE_ENEMY_DRONE);
    CHECK_EQ_INT(atlas_look_sprite("boss", -1), ATLAS_SPRITE_BOSS);
    CHECK_EQ_INT(atlas_look_sprite("nosuch", -7), -7);
    CHECK_EQ_INT(atlas_look_sprite("", -7), -7);
    return check_done("render.atlas");
}
