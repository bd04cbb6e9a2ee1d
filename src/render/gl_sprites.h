/*
 * gl_sprites: the instanced OpenGL path for bullets, on the GL context of
 * SDL's own "opengl" renderer.
 *
 * One static quad (four corners made from gl_VertexID, no vertex buffer), one
 * streamed buffer of 16-byte instances (render/sprite_instances.h), the atlas
 * as SDL's texture of it, a look table as a small float texture: each layer
 * (alpha-blended bullets, then additive ones) is one glDrawArraysInstanced.
 * The buffer is written where it lies: a ring of three, each mapped
 * unsynchronized in its turn and the builder storing straight into it, a
 * fence after its draws saying when the GPU is done with it (so the CPU does
 * not wait for the frame the GPU is drawing, and no storage is allocated per
 * frame, which orphaning one buffer costs on Mesa's llvmpipe).
 *
 * It shares SDL's context rather than making one of its own, so that the
 * HUD, text, backdrops and every other sprite stay SDL's, drawn in the same
 * target in the same order: gl_sprites_draw flushes SDL's queue
 * (SDL_GL_BindTexture does, and binds the atlas), saves every piece of GL
 * state it changes (program, vertex array, buffer, textures, blending,
 * scissor, viewport), draws, and puts it all back, so SDL's cache of that
 * state stays true. It needs OpenGL 3.3 under SDL's "opengl" renderer
 * (a compatibility profile: SDL asks for 2.1 and Mesa and the vendors give
 * their newest) or OpenGL ES 3.0 under its "opengles2" renderer (the same
 * shaders, with GLSL ES's header; red and blue swapped where SDL keeps an
 * ARGB texture's bytes as they are); where that or the shaders cannot be had,
 * gl_sprites_init fails and the caller keeps the geometry path. The function pointers come from
 * SDL_GL_GetProcAddress: no loader, no new dependency.
 */
#ifndef CURTAIN_RENDER_GL_SPRITES_H
#define CURTAIN_RENDER_GL_SPRITES_H

#include "render/atlas_texture.h"
#include "render/sprite_instances.h"

#include <SDL.h>
#include <stddef.h>

typedef struct gl_sprites gl_sprites; /* opaque: its GL names and functions */

/* Whether r is SDL's opengl renderer on OpenGL 3.3 or later, or its
 * opengles2 renderer on OpenGL ES 3.0 or later (r's context current: SDL
 * leaves it so after creating r). */
int gl_sprites_supported(SDL_Renderer *r);

/* Prepares drawing up to `capacity` bullets a frame in each layer on r, with
 * atlas `at`; the looks come from batch b (whose
 * origin places the bullets). Returns the path, or NULL with err set. */
gl_sprites *gl_sprites_init(SDL_Renderer *r, const atlas_texture *at, const sprite_batch *b,
                            int capacity, char *err, size_t err_size);
void gl_sprites_free(gl_sprites *g);

/* The batch's looks changed (a mod's art laid out): sent again at the next draw. */
void gl_sprites_refresh_looks(gl_sprites *g);

/* Starts a frame's instances: maps the buffer (orphaning last frame's). */
void gl_sprites_begin(gl_sprites *g);
/* Appends bullets (sprite_instances_add, into the mapped buffer). */
void gl_sprites_add_bullets(gl_sprites *g, const sprite_bullets *in);
/* Instances this frame, both layers; and refused since init. */
int gl_sprites_count(const gl_sprites *g);
uint64_t gl_sprites_refused(const gl_sprites *g);
/* Draws the frame's instances into r's target: the alpha layer at
 * opacity[0]/255, then the additive one at opacity[1]/255, clipped to `clip`
 * (logical pixels). Flushes SDL's queue first and leaves GL as it found it. */
void gl_sprites_draw(gl_sprites *g, const SDL_Rect *clip, const uint8_t opacity[2]);
/* glFinish on r's context (benchmarks: the frame done). */
void gl_sprites_finish(gl_sprites *g);

#endif
