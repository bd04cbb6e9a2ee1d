/*
 * playfield: the geometry of the field every object lives in.
 *
 * Logic coordinates are pixels of the field, origin at its top-left corner, y
 * pointing down; one logic unit is one pixel of the fixed logical screen. The
 * renderer places the field inside that screen (see platform/window.h).
 */
#ifndef CURTAIN_SIM_PLAYFIELD_H
#define CURTAIN_SIM_PLAYFIELD_H

#define PLAYFIELD_W           384.0f
#define PLAYFIELD_H           448.0f
/* Bullets are culled once they are this far outside the field. */
#define PLAYFIELD_CULL_MARGIN 32.0f

#endif
