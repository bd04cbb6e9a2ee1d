/*
 * laser_mesh: the lasers of a laser_pool as one triangle mesh, drawn in one
 * call: three vertex streams (positions x, y; texture coordinates u, v; a
 * colour r, g, b, a bytes) and triangle indices, what SDL_RenderGeometryRaw
 * takes; and a CPU rasterizer of the same mesh for the software renderer
 * (laser_mesh_blit).
 *
 * A straight laser is one quad along its beam; a curvy laser a strip of quads
 * along its nodes (two vertices a node, each side of the body at the node's
 * tapered half width, laser_pool_taper). Across its width a laser shows the
 * atlas's "laser" slice (a white core in a glow), stretched along its length
 * and tinted by its colour; drawn LASER_MESH_GLOW times as wide as its
 * hitbox so that the core is about the width that hurts. The warning line is
 * thin and translucent; a fading laser dims as it narrows. Every laser goes
 * additive, in slot order.
 *
 * A build writes the positions of every laser; the texture coordinates and
 * the triangles only from the first laser whose node count or place in the
 * mesh changed since the last build, and a laser's colours only then or when
 * its colour changed (a steady screen writes 8 bytes a vertex).
 *
 * The player's lasers (game/world.h's shot_lasers) join the enemies' in the
 * same mesh (laser_mesh_add), at the shots' opacity, a beam that stopped at
 * an enemy drawn only up to it.
 *
 * Nothing here touches SDL; nothing is allocated after init. A laser that does
 * not fit is refused whole and counted (`refused`).
 */
#ifndef CURTAIN_RENDER_LASER_MESH_H
#define CURTAIN_RENDER_LASER_MESH_H

#include "render/sprite_blit.h"
#include "sim/laser_pool.h"

#include <stdint.h>

#define LASER_MESH_GLOW       2.0f  /* drawn width / hurting width */
#define LASER_MESH_WARN_ALPHA 0.45f /* the warning line's opacity */

typedef struct laser_mesh {
    int vertex_cap, index_cap;
    int vertex_count, index_count;
    float *xy;       /* x, y per vertex */
    float *uv;       /* u, v per vertex */
    uint8_t *colors; /* r, g, b, a per vertex */
    int *indices;    /* three per triangle */
    float *nx, *ny;  /* scratch: a curvy body's normals, one per node */
    float *taper;    /* the taper of a body of taper_n nodes, node by node */
    uint32_t taper_n;
    int node_cap;
    float origin_x, origin_y; /* added to every position */
    float u0, u1, v;          /* the slice's texture coordinates: left, right, middle row */
    int frame;                /* the atlas frame of the slice */
    /* The last build's node count and colour of each laser drawn, in order:
     * while a build meets the same counts, the triangles and texture
     * coordinates are already in place and are not written again, nor a
     * laser's colours while they are the same. */
    int *layout;
    uint32_t *layout_rgba;
    int layout_len, rewrite;
    int drawn; /* lasers added since laser_mesh_begin (the next build's layout_len) */
    uint64_t refused;
} laser_mesh;

/* Room for `vertices` vertices (indices: 3 per vertex) and bodies of up to
 * node_cap nodes. Returns 0, or -1 out of memory (laser_mesh_free is safe). */
int laser_mesh_init(laser_mesh *m, int vertices, int node_cap);
void laser_mesh_free(laser_mesh *m);
void laser_mesh_set_origin(laser_mesh *m, float x, float y);

/* Empties the mesh and adds every live laser of p. */
void laser_mesh_build(laser_mesh *m, const laser_pool *p);
/* The same in steps, for lasers of more than one pool in one mesh (the
 * enemies', then the player's): empties the mesh; adds every live laser of p
 * at `alpha` times its opacity, each straight beam i drawn reach[i] px long
 * where that is shorter than its length (reach NULL: all of it). */
void laser_mesh_begin(laser_mesh *m);
void laser_mesh_add(laser_mesh *m, const laser_pool *p, const float *reach, float alpha);

/* The mesh's colour of a bullet colour (sim/bullet_kind.h): r, g, b. */
void laser_mesh_tint(int color, uint8_t rgb[3]);

/* Rasterizes the mesh onto t, additive: each pixel whose centre is inside a
 * triangle (top-left rule: shared edges drawn once) gets the slice's texel at
 * its interpolated u, times the vertex colour and alpha, added with
 * saturation. `a` is the blitter's atlas (premultiplied frames). */
void laser_mesh_blit(const laser_mesh *m, const sprite_blit_atlas *a, const sprite_blit_target *t);

#endif
