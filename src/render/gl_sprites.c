/*
 * gl_sprites: the instanced bullet path on SDL's OpenGL context.
 */
#include "render/gl_sprites.h"

#include "core/mem.h"

#include <SDL_opengl.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The GL entry points the path uses, loaded by name: return type, name, parameters. */
#define GL_SPRITES_FUNCS(X)                                                                       \
    X(const GLubyte *, glGetString, (GLenum name))                                                \
    X(void, glGetIntegerv, (GLenum pname, GLint * data))                                          \
    X(GLboolean, glIsEnabled, (GLenum cap))                                                       \
    X(void, glEnable, (GLenum cap))                                                               \
    X(void, glDisable, (GLenum cap))                                                              \
    X(void, glBlendFuncSeparate, (GLenum sr, GLenum dr, GLenum sa, GLenum da))                    \
    X(void, glBlendEquationSeparate, (GLenum rgb, GLenum alpha))                                  \
    X(void, glScissor, (GLint x, GLint y, GLsizei w, GLsizei h))                                  \
    X(void, glViewport, (GLint x, GLint y, GLsizei w, GLsizei h))                                 \
    X(void, glActiveTexture, (GLenum unit))                                                       \
    X(void, glBindTexture, (GLenum target, GLuint tex))                                           \
    X(void, glGenTextures, (GLsizei n, GLuint * tex))                                             \
    X(void, glDeleteTextures, (GLsizei n, const GLuint *tex))                                     \
    X(void, glTexParameteri, (GLenum target, GLenum pname, GLint v))                              \
    X(void, glPixelStorei, (GLenum pname, GLint v))                                               \
    X(void, glTexImage2D,                                                                         \
      (GLenum t, GLint l, GLint f, GLsizei w, GLsizei h, GLint b, GLenum pf, GLenum ty,           \
       const void *px))                                                                           \
    X(GLuint, glCreateShader, (GLenum type))                                                      \
    X(void, glShaderSource, (GLuint s, GLsizei n, const GLchar *const *src, const GLint *len))    \
    X(void, glCompileShader, (GLuint s))                                                          \
    X(void, glGetShaderiv, (GLuint s, GLenum pname, GLint * v))                                   \
    X(void, glGetShaderInfoLog, (GLuint s, GLsizei size, GLsizei * len, GLchar * log))            \
    X(void, glDeleteShader, (GLuint s))                                                           \
    X(GLuint, glCreateProgram, (void))                                                            \
    X(void, glAttachShader, (GLuint p, GLuint s))                                                 \
    X(void, glBindAttribLocation, (GLuint p, GLuint i, const GLchar *name))                       \
    X(void, glLinkProgram, (GLuint p))                                                            \
    X(void, glGetProgramiv, (GLuint p, GLenum pname, GLint * v))                                  \
    X(void, glGetProgramInfoLog, (GLuint p, GLsizei size, GLsizei * len, GLchar * log))           \
    X(void, glDeleteProgram, (GLuint p))                                                          \
    X(void, glUseProgram, (GLuint p))                                                             \
    X(GLint, glGetUniformLocation, (GLuint p, const GLchar *name))                                \
    X(void, glUniform1i, (GLint l, GLint v))                                                      \
    X(void, glUniform1f, (GLint l, GLfloat v))                                                    \
    X(void, glUniform2f, (GLint l, GLfloat a, GLfloat b))                                         \
    X(void, glUniform4f, (GLint l, GLfloat a, GLfloat b, GLfloat c, GLfloat d))                   \
    X(void, glGenVertexArrays, (GLsizei n, GLuint * a))                                           \
    X(void, glBindVertexArray, (GLuint a))                                                        \
    X(void, glDeleteVertexArrays, (GLsizei n, const GLuint *a))                                   \
    X(void, glGenBuffers, (GLsizei n, GLuint * b))                                                \
    X(void, glBindBuffer, (GLenum target, GLuint b))                                              \
    X(void, glBufferData, (GLenum target, GLsizeiptr size, const void *data, GLenum usage))       \
    X(void, glDeleteBuffers, (GLsizei n, const GLuint *b))                                        \
    X(void *, glMapBufferRange, (GLenum target, GLintptr off, GLsizeiptr len, GLbitfield access)) \
    X(GLboolean, glUnmapBuffer, (GLenum target))                                                  \
    X(void, glEnableVertexAttribArray, (GLuint i))                                                \
    X(void, glVertexAttribPointer,                                                                \
      (GLuint i, GLint size, GLenum type, GLboolean norm, GLsizei stride, const void *p))         \
    X(void, glVertexAttribIPointer,                                                               \
      (GLuint i, GLint size, GLenum type, GLsizei stride, const void *p))                         \
    X(void, glVertexAttribDivisor, (GLuint i, GLuint divisor))                                    \
    X(void, glDrawArraysInstanced, (GLenum mode, GLint first, GLsizei count, GLsizei n))          \
    X(void, glFinish, (void))                                                                     \
    X(GLsync, glFenceSync, (GLenum condition, GLbitfield flags))                                  \
    X(GLenum, glClientWaitSync, (GLsync sync, GLbitfield flags, GLuint64 timeout))                \
    X(void, glDeleteSync, (GLsync sync))

typedef struct gl_funcs {
#define GL_SPRITES_FIELD(ret, name, params) ret(APIENTRY *name) params;
    GL_SPRITES_FUNCS(GL_SPRITES_FIELD)
#undef GL_SPRITES_FIELD
} gl_funcs;

struct gl_sprites {
    gl_funcs gl;
    SDL_Renderer *renderer;
    SDL_Window *window;
    SDL_GLContext context; /* r's, which every GL call here needs current */
    const atlas_texture *atlas;
    const sprite_batch *batch; /* the looks and the origin */
    GLuint program, vao, looks;
    /* The ring of instance buffers: frame f writes buffers[f % GL_SPRITES_RING]
     * while the GPU may still read the others; a fence after its draws says
     * when it may be written again. */
    GLuint buffers[3];
    GLsync fences[3];
    int next; /* the buffer this frame writes */
    GLint u_ndc, u_origin, u_opacity, u_atlas, u_looks, u_swap;
    int es;                  /* OpenGL ES: textures may hold their bytes swapped (gl_swap) */
    int capacity;            /* instances a layer */
    int looks_dirty;         /* the look table is sent at the next draw */
    sprite_instance *mapped; /* this frame's buffer, while mapped */
    sprite_instance_out out;
    uint8_t additive[SPRITE_INSTANCE_LOOKS];
    float table[4 * SPRITE_INSTANCE_LOOKS * SPRITE_INSTANCE_TABLE_ROWS];
};

#define GL_SPRITES_RING     3
/* How long a frame waits for its buffer's fence at most (ns): a GPU three
 * frames behind is stalled anyway. */
#define GL_SPRITES_FENCE_NS 1000000000ull

/* The quad's corner k of a strip (0 top-left, 1 top-right, 2 bottom-left, 3
 * bottom-right) as the vertex path's: the centre plus or minus the turned half
 * axes a = hw (c, s) and b = hh (-s, c); upright (c, s) = (1, 0) for looks that
 * do not turn. */
static const char *const gl_vertex_shader =
    "layout(location = 0) in vec2 centre;\n"
    "layout(location = 1) in vec2 heading;\n"
    "layout(location = 2) in uvec2 look;\n"
    "uniform sampler2D looks;\n"
    "uniform vec4 ndc;\n"
    "uniform vec2 origin;\n"
    "out vec2 uv;\n"
    "void main()\n"
    "{\n"
    "    int li = int(look.x);\n"
    "    vec4 rect = texelFetch(looks, ivec2(li, 0), 0);\n"
    "    vec4 size = texelFetch(looks, ivec2(li, 1), 0);\n"
    "    int k = (li >> 3) * 16 + int(look.y);\n"
    "    vec2 d = texelFetch(looks, ivec2(k & 2047, 2 + (k >> 11)), 0).xy;\n"
    "    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));\n"
    "    float c = 1.0 + size.z * (heading.x - 1.0), s = size.z * heading.y;\n"
    "    vec2 a = size.x * vec2(c, s), b = size.y * vec2(-s, c);\n"
    "    vec2 p = centre + origin + (corner.x * 2.0 - 1.0) * a + (corner.y * 2.0 - 1.0) * b;\n"
    "    uv = mix(rect.xy, rect.zw, corner) + d;\n"
    "    gl_Position = vec4(p * ndc.xy + ndc.zw, 0.0, 1.0);\n"
    "}\n";

/* The atlas's texel at the opacity of the layer, as SDL's own shader does
 * (texture times the vertex colour, white at that opacity). */
static const char *const gl_fragment_shader = "uniform sampler2D atlas;\n"
                                              "uniform float opacity;\n"
                                              "uniform bool swap;\n"
                                              "in vec2 uv;\n"
                                              "out vec4 colour;\n"
                                              "void main()\n"
                                              "{\n"
                                              "    colour = texture(atlas, uv);\n"
                                              "    if (swap)\n"
                                              "        colour = colour.bgra;\n"
                                              "    colour.a *= opacity;\n"
                                              "}\n";

_Static_assert(SPRITE_INSTANCE_LOOKS == 2048 && SPRITE_ANIM_MAX == 16,
               "the vertex shader's look table layout");

/* What each shader starts with: desktop GLSL 3.30, or GLSL ES 3.00 with
 * precise floats and samplers (the look table's UVs need every bit). */
static const char *const gl_header_desktop = "#version 330\n";
static const char *const gl_header_es = "#version 300 es\n"
                                        "precision highp float;\n"
                                        "precision highp int;\n"
                                        "precision highp sampler2D;\n";

/* Loads every entry point; 0, or -1 naming the first missing. */
static int gl_load(gl_funcs *gl, char *err, size_t err_size)
{
#define GL_SPRITES_LOAD(ret, name, params)                           \
    gl->name = (ret(APIENTRY *) params)SDL_GL_GetProcAddress(#name); \
    if (!gl->name) {                                                 \
        snprintf(err, err_size, "no %s in this OpenGL", #name);      \
        return -1;                                                   \
    }
    GL_SPRITES_FUNCS(GL_SPRITES_LOAD)
#undef GL_SPRITES_LOAD
    return 0;
}

/* The version of the current context, major * 10 + minor, from GL_VERSION
 * ("4.5 (Compatibility Profile) Mesa ...", "OpenGL ES 3.2 Mesa ..."), and
 * whether it is OpenGL ES; 0 where it cannot be read. */
static int gl_version(int *es)
{
    typedef const GLubyte *(APIENTRY * get_string_fn)(GLenum);
    get_string_fn get_string = (get_string_fn)SDL_GL_GetProcAddress("glGetString");
    const char *v = get_string ? (const char *)get_string(GL_VERSION) : NULL;
    if (!v)
        return 0;
    *es = SDL_strncmp(v, "OpenGL ES", 9) == 0;
    int major = 0, minor = 0;
    if (sscanf(*es ? v + 9 : v, "%d.%d", &major, &minor) != 2)
        return 0;
    return major * 10 + (minor > 9 ? 9 : minor);
}

int gl_sprites_supported(SDL_Renderer *r)
{
    SDL_RendererInfo info;
    if (!r || SDL_GetRendererInfo(r, &info) != 0)
        return 0;
    int es = 0, version = gl_version(&es);
    if (SDL_strcmp(info.name, "opengl") == 0)
        return !es && version >= 33;
    if (SDL_strcmp(info.name, "opengles2") == 0)
        return es && version >= 30;
    return 0;
}

/* Compiles one shader; 0 with err set when it fails. */
static GLuint gl_shader(const gl_funcs *gl, GLenum type, const char *header, const char *body,
                        char *err, size_t err_size)
{
    GLuint s = gl->glCreateShader(type);
    const char *const src[2] = {header, body};
    gl->glShaderSource(s, 2, src, NULL);
    gl->glCompileShader(s);
    GLint ok = 0;
    gl->glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[256] = "";
        gl->glGetShaderInfoLog(s, sizeof log, NULL, log);
        snprintf(err, err_size, "instanced path: shader: %s", log);
        gl->glDeleteShader(s);
        return 0;
    }
    return s;
}

/* The program: both shaders linked, uniforms found. 0 or -1 with err set. */
static int gl_program(gl_sprites *g, char *err, size_t err_size)
{
    const gl_funcs *gl = &g->gl;
    int es = 0;
    gl_version(&es);
    g->es = es;
    const char *header = es ? gl_header_es : gl_header_desktop;
    GLuint vs = gl_shader(gl, GL_VERTEX_SHADER, header, gl_vertex_shader, err, err_size);
    GLuint fs =
        vs ? gl_shader(gl, GL_FRAGMENT_SHADER, header, gl_fragment_shader, err, err_size) : 0;
    if (!fs) {
        if (vs)
            gl->glDeleteShader(vs);
        return -1;
    }
    g->program = gl->glCreateProgram();
    gl->glAttachShader(g->program, vs);
    gl->glAttachShader(g->program, fs);
    gl->glLinkProgram(g->program);
    gl->glDeleteShader(vs);
    gl->glDeleteShader(fs);
    GLint ok = 0;
    gl->glGetProgramiv(g->program, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[256] = "";
        gl->glGetProgramInfoLog(g->program, sizeof log, NULL, log);
        snprintf(err, err_size, "instanced path: link: %s", log);
        return -1;
    }
    g->u_ndc = gl->glGetUniformLocation(g->program, "ndc");
    g->u_origin = gl->glGetUniformLocation(g->program, "origin");
    g->u_opacity = gl->glGetUniformLocation(g->program, "opacity");
    g->u_swap = gl->glGetUniformLocation(g->program, "swap");
    g->u_atlas = gl->glGetUniformLocation(g->program, "atlas");
    g->u_looks = gl->glGetUniformLocation(g->program, "looks");
    return 0;
}

/* The GL state the path changes, as it was, to be put back. */
typedef struct gl_saved {
    GLint program, vao, buffer, active, tex0, tex1, viewport[4], scissor[4];
    GLint blend_src_rgb, blend_dst_rgb, blend_src_a, blend_dst_a, eq_rgb, eq_a;
    GLint unpack_alignment, unpack_row_length;
    GLboolean blend, scissor_test;
} gl_saved;

/* Reads back every piece of state the path changes (texture units 0 and 1
 * left with unit 0 active). */
static void gl_save(const gl_funcs *gl, gl_saved *s)
{
    gl->glGetIntegerv(GL_CURRENT_PROGRAM, &s->program);
    gl->glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &s->vao);
    gl->glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &s->buffer);
    gl->glGetIntegerv(GL_ACTIVE_TEXTURE, &s->active);
    gl->glActiveTexture(GL_TEXTURE1);
    gl->glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->tex1);
    gl->glActiveTexture(GL_TEXTURE0);
    gl->glGetIntegerv(GL_TEXTURE_BINDING_2D, &s->tex0);
    gl->glGetIntegerv(GL_VIEWPORT, s->viewport);
    gl->glGetIntegerv(GL_SCISSOR_BOX, s->scissor);
    gl->glGetIntegerv(GL_BLEND_SRC_RGB, &s->blend_src_rgb);
    gl->glGetIntegerv(GL_BLEND_DST_RGB, &s->blend_dst_rgb);
    gl->glGetIntegerv(GL_BLEND_SRC_ALPHA, &s->blend_src_a);
    gl->glGetIntegerv(GL_BLEND_DST_ALPHA, &s->blend_dst_a);
    gl->glGetIntegerv(GL_BLEND_EQUATION_RGB, &s->eq_rgb);
    gl->glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &s->eq_a);
    gl->glGetIntegerv(GL_UNPACK_ALIGNMENT, &s->unpack_alignment);
    gl->glGetIntegerv(GL_UNPACK_ROW_LENGTH, &s->unpack_row_length);
    s->blend = gl->glIsEnabled(GL_BLEND);
    s->scissor_test = gl->glIsEnabled(GL_SCISSOR_TEST);
}

/* Puts back what gl_save read, so that SDL's cache of it stays true. */
static void gl_restore(const gl_funcs *gl, const gl_saved *s)
{
    gl->glUseProgram((GLuint)s->program);
    gl->glBindVertexArray((GLuint)s->vao);
    gl->glBindBuffer(GL_ARRAY_BUFFER, (GLuint)s->buffer);
    gl->glActiveTexture(GL_TEXTURE1);
    gl->glBindTexture(GL_TEXTURE_2D, (GLuint)s->tex1);
    gl->glActiveTexture(GL_TEXTURE0);
    gl->glBindTexture(GL_TEXTURE_2D, (GLuint)s->tex0);
    gl->glActiveTexture((GLenum)s->active);
    gl->glViewport(s->viewport[0], s->viewport[1], s->viewport[2], s->viewport[3]);
    gl->glScissor(s->scissor[0], s->scissor[1], s->scissor[2], s->scissor[3]);
    gl->glBlendFuncSeparate((GLenum)s->blend_src_rgb, (GLenum)s->blend_dst_rgb,
                            (GLenum)s->blend_src_a, (GLenum)s->blend_dst_a);
    gl->glBlendEquationSeparate((GLenum)s->eq_rgb, (GLenum)s->eq_a);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, s->unpack_alignment);
    gl->glPixelStorei(GL_UNPACK_ROW_LENGTH, s->unpack_row_length);
    (s->blend ? gl->glEnable : gl->glDisable)(GL_BLEND);
    (s->scissor_test ? gl->glEnable : gl->glDisable)(GL_SCISSOR_TEST);
}

/* The vertex array: the instance buffer's three attributes, one step an
 * instance; the look table texture. Bound state is saved around it. */
static void gl_objects(gl_sprites *g)
{
    const gl_funcs *gl = &g->gl;
    gl_saved s;
    gl_save(gl, &s);
    gl->glGenVertexArrays(1, &g->vao);
    gl->glGenBuffers(GL_SPRITES_RING, g->buffers);
    for (int i = 0; i < GL_SPRITES_RING; i++) {
        gl->glBindBuffer(GL_ARRAY_BUFFER, g->buffers[i]);
        gl->glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)sizeof(sprite_instance) * 2 * g->capacity,
                         NULL, GL_STREAM_DRAW);
    }
    gl->glBindVertexArray(g->vao);
    for (GLuint i = 0; i < 3; i++) {
        gl->glEnableVertexAttribArray(i);
        gl->glVertexAttribDivisor(i, 1);
    }
    gl->glGenTextures(1, &g->looks);
    gl->glActiveTexture(GL_TEXTURE1);
    gl->glBindTexture(GL_TEXTURE_2D, g->looks);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gl->glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gl_restore(gl, &s);
}

/* Points the vertex array's attributes at instance `first` of the buffer (the
 * additive layer starts at the second half): a VAO and the buffer bound. */
static void gl_attributes(const gl_funcs *gl, int first)
{
    /* offsets into the bound buffer, passed as pointers (made from integers:
     * no arithmetic on a null pointer) */
    const uintptr_t base = (uintptr_t)first * sizeof(sprite_instance);
    const GLsizei stride = sizeof(sprite_instance);
    gl->glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, stride,
                              (const void *)(base + offsetof(sprite_instance, x)));
    gl->glVertexAttribPointer(1, 2, GL_SHORT, GL_TRUE, stride,
                              (const void *)(base + offsetof(sprite_instance, c)));
    gl->glVertexAttribIPointer(2, 2, GL_UNSIGNED_SHORT, stride,
                               (const void *)(base + offsetof(sprite_instance, look)));
}

gl_sprites *gl_sprites_init(SDL_Renderer *r, const atlas_texture *at, const sprite_batch *b,
                            int capacity, char *err, size_t err_size)
{
    /* r's context made current (binding a texture of r activates it) */
    float tw, th;
    if (SDL_GL_BindTexture(at->texture, &tw, &th) == 0)
        SDL_GL_UnbindTexture(at->texture);
    if (!gl_sprites_supported(r)) {
        snprintf(err, err_size,
                 "instanced path: needs SDL's opengl renderer on OpenGL 3.3 or its opengles2 "
                 "renderer on OpenGL ES 3.0");
        return NULL;
    }
    gl_sprites *g = mem_alloc(sizeof *g);
    if (!g) {
        snprintf(err, err_size, "instanced path: out of memory");
        return NULL;
    }
    memset(g, 0, sizeof *g);
    g->renderer = r;
    g->window = SDL_RenderGetWindow(r);
    g->context = SDL_GL_GetCurrentContext();
    g->atlas = at;
    g->batch = b;
    g->capacity = capacity < 1 ? 1 : capacity;
    g->looks_dirty = 1;
    if (gl_load(&g->gl, err, err_size) != 0 || gl_program(g, err, err_size) != 0) {
        gl_sprites_free(g);
        return NULL;
    }
    gl_objects(g);
    return g;
}

void gl_sprites_free(gl_sprites *g)
{
    if (!g)
        return;
    const gl_funcs *gl = &g->gl;
    if (g->renderer && gl->glDeleteBuffers) {
        SDL_RenderFlush(g->renderer);
        if (SDL_GL_GetCurrentContext() != g->context)
            SDL_GL_MakeCurrent(g->window, g->context);
        GLint buffer = 0;
        gl->glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &buffer);
        if (g->mapped) {
            gl->glBindBuffer(GL_ARRAY_BUFFER, g->buffers[g->next]);
            gl->glUnmapBuffer(GL_ARRAY_BUFFER);
            gl->glBindBuffer(GL_ARRAY_BUFFER, (GLuint)buffer);
        }
        for (int i = 0; i < GL_SPRITES_RING; i++) {
            if (g->fences[i])
                gl->glDeleteSync(g->fences[i]);
            if (g->buffers[i])
                gl->glDeleteBuffers(1, &g->buffers[i]);
        }
        if (g->vao)
            gl->glDeleteVertexArrays(1, &g->vao);
        if (g->looks)
            gl->glDeleteTextures(1, &g->looks);
        if (g->program)
            gl->glDeleteProgram(g->program);
    }
    mem_free(g);
}

void gl_sprites_refresh_looks(gl_sprites *g)
{
    g->looks_dirty = 1;
}

/* Maps this frame's buffer of the ring for writing, unsynchronized: the fence
 * its last draws left says the GPU is done with it (waited on, should it be
 * three frames behind). Orphaning one buffer (GL_MAP_INVALIDATE_BUFFER_BIT)
 * was the first way: Mesa's llvmpipe then allocates the storage afresh each
 * frame, and at 1M bullets its 32 MB of new pages cost 20 ns a bullet in page
 * faults. */
static void gl_map(gl_sprites *g)
{
    const gl_funcs *gl = &g->gl;
    if (SDL_GL_GetCurrentContext() != g->context) /* another renderer's (benchmarks) */
        SDL_GL_MakeCurrent(g->window, g->context);
    GLsync *fence = &g->fences[g->next];
    if (*fence) {
        gl->glClientWaitSync(*fence, GL_SYNC_FLUSH_COMMANDS_BIT, GL_SPRITES_FENCE_NS);
        gl->glDeleteSync(*fence);
        *fence = NULL;
    }
    GLint buffer = 0;
    gl->glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &buffer);
    gl->glBindBuffer(GL_ARRAY_BUFFER, g->buffers[g->next]);
    g->mapped = gl->glMapBufferRange(GL_ARRAY_BUFFER, 0,
                                     (GLsizeiptr)sizeof(sprite_instance) * 2 * g->capacity,
                                     GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT);
    gl->glBindBuffer(GL_ARRAY_BUFFER, (GLuint)buffer);
}

/* Unmaps the buffer (before it is drawn from). */
static void gl_unmap(gl_sprites *g)
{
    if (!g->mapped)
        return;
    const gl_funcs *gl = &g->gl;
    if (SDL_GL_GetCurrentContext() != g->context)
        SDL_GL_MakeCurrent(g->window, g->context);
    GLint buffer = 0;
    gl->glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &buffer);
    gl->glBindBuffer(GL_ARRAY_BUFFER, g->buffers[g->next]);
    gl->glUnmapBuffer(GL_ARRAY_BUFFER);
    gl->glBindBuffer(GL_ARRAY_BUFFER, (GLuint)buffer);
    g->mapped = NULL;
}

void gl_sprites_begin(gl_sprites *g)
{
    gl_unmap(g); /* a frame built and never drawn */
    g->out.count[0] = g->out.count[1] = 0;
    g->out.capacity = g->capacity;
    g->out.list[0] = g->out.list[1] = NULL;
}

void gl_sprites_add_bullets(gl_sprites *g, const sprite_bullets *in)
{
    if (in->count <= 0)
        return;
    if (!g->mapped) {
        gl_map(g);
        if (!g->mapped) {
            g->out.refused += (uint64_t)in->count;
            return;
        }
        g->out.list[0] = g->mapped;
        g->out.list[1] = g->mapped + g->capacity;
        if (g->looks_dirty)
            sprite_instances_additive(g->batch, g->additive);
    }
    sprite_instances_add(g->batch, g->additive, in, &g->out);
}

int gl_sprites_count(const gl_sprites *g)
{
    return g->out.count[0] + g->out.count[1];
}

uint64_t gl_sprites_refused(const gl_sprites *g)
{
    return g->out.refused;
}

/* Sends the look table (and the additive split) again. */
static void gl_send_looks(gl_sprites *g)
{
    const gl_funcs *gl = &g->gl;
    sprite_instances_look_table(g->batch, g->table);
    sprite_instances_additive(g->batch, g->additive);
    gl->glActiveTexture(GL_TEXTURE1);
    gl->glBindTexture(GL_TEXTURE_2D, g->looks);
    gl->glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    gl->glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    gl->glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, SPRITE_INSTANCE_LOOKS,
                     SPRITE_INSTANCE_TABLE_ROWS, 0, GL_RGBA, GL_FLOAT, g->table);
    gl->glActiveTexture(GL_TEXTURE0);
    g->looks_dirty = 0;
}

/* Logical pixels to clip space, and the clip rectangle to GL's scissor box, on
 * r's target as SDL draws it: the viewport's offset and the scale applied; a
 * target texture upright in GL's terms (SDL flips targets), the window not. */
static void gl_frame(gl_sprites *g, const SDL_Rect *clip, float ndc[4], int box[4], int out[2])
{
    SDL_Renderer *r = g->renderer;
    float sx = 1.0f, sy = 1.0f;
    SDL_Rect vp;
    SDL_RenderGetScale(r, &sx, &sy);
    SDL_RenderGetViewport(r, &vp);
    int w = 0, h = 0;
    SDL_GetRendererOutputSize(r, &w, &h);
    out[0] = w > 0 ? w : 1;
    out[1] = h > 0 ? h : 1;
    int target = SDL_GetRenderTarget(r) != NULL;
    /* output pixel = (viewport + logical) * scale */
    ndc[0] = 2.0f * sx / (float)out[0];
    ndc[2] = 2.0f * sx * (float)vp.x / (float)out[0] - 1.0f;
    float ky = 2.0f * sy / (float)out[1], oy = 2.0f * sy * (float)vp.y / (float)out[1];
    ndc[1] = target ? ky : -ky;
    ndc[3] = target ? oy - 1.0f : 1.0f - oy;
    int x0 = (int)((float)(vp.x + clip->x) * sx),
        x1 = (int)((float)(vp.x + clip->x + clip->w) * sx);
    int y0 = (int)((float)(vp.y + clip->y) * sy),
        y1 = (int)((float)(vp.y + clip->y + clip->h) * sy);
    box[0] = x0;
    box[1] = target ? y0 : out[1] - y1;
    box[2] = x1 - x0;
    box[3] = y1 - y0;
}

/* Whether an SDL pixel format keeps its bytes in OpenGL's RGBA order. */
static int gl_format_rgba_order(Uint32 format)
{
    return format == SDL_PIXELFORMAT_ABGR8888 || format == SDL_PIXELFORMAT_BGR888;
}

/* Whether the atlas's texels reach the target with red and blue swapped, as
 * SDL's opengles2 renderer has them: OpenGL ES uploads no BGRA, so SDL keeps
 * an ARGB texture's bytes as they are and swaps them in its shader, unless the
 * target keeps the same order (a target texture of the same format, read back
 * through the same swap). Desktop OpenGL uploads BGRA itself: never. */
static int gl_swap(const gl_sprites *g)
{
    if (!g->es)
        return 0;
    Uint32 atlas = 0, target = SDL_PIXELFORMAT_ABGR8888; /* the window: GL's own order */
    SDL_QueryTexture(g->atlas->texture, &atlas, NULL, NULL, NULL);
    SDL_Texture *t = SDL_GetRenderTarget(g->renderer);
    if (t)
        SDL_QueryTexture(t, &target, NULL, NULL, NULL);
    return gl_format_rgba_order(atlas) != gl_format_rgba_order(target);
}

/* The path's own state: the whole target as the viewport, the field as the
 * scissor box, blending on, the program and its uniforms, the look table on
 * unit 1 and the atlas (GL name `atlas`) on unit 0, the vertex array and this
 * frame's buffer. */
static void gl_bind(gl_sprites *g, const SDL_Rect *clip, GLuint atlas)
{
    const gl_funcs *gl = &g->gl;
    float ndc[4];
    int box[4], out[2];
    gl_frame(g, clip, ndc, box, out);
    gl->glViewport(0, 0, out[0], out[1]);
    gl->glEnable(GL_SCISSOR_TEST);
    gl->glScissor(box[0], box[1], box[2], box[3]);
    gl->glEnable(GL_BLEND);
    gl->glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_ADD);
    gl->glUseProgram(g->program);
    gl->glUniform4f(g->u_ndc, ndc[0], ndc[1], ndc[2], ndc[3]);
    gl->glUniform2f(g->u_origin, g->batch->origin_x, g->batch->origin_y);
    gl->glUniform1i(g->u_atlas, 0);
    gl->glUniform1i(g->u_looks, 1);
    gl->glUniform1i(g->u_swap, gl_swap(g));
    gl->glActiveTexture(GL_TEXTURE1);
    gl->glBindTexture(GL_TEXTURE_2D, g->looks);
    gl->glActiveTexture(GL_TEXTURE0);
    gl->glBindTexture(GL_TEXTURE_2D, atlas);
    gl->glBindVertexArray(g->vao);
    gl->glBindBuffer(GL_ARRAY_BUFFER, g->buffers[g->next]);
}

/* Each non-empty layer, one instanced draw: SDL's BLEND and ADD factors. Then
 * the fence that gives this buffer back, and the next frame takes the next. */
static void gl_draw_layers(gl_sprites *g, const uint8_t opacity[2])
{
    const gl_funcs *gl = &g->gl;
    for (int layer = 0; layer < 2; layer++) {
        if (g->out.count[layer] == 0)
            continue;
        if (layer == 0)
            gl->glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE,
                                    GL_ONE_MINUS_SRC_ALPHA);
        else
            gl->glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE, GL_ZERO, GL_ONE);
        gl->glUniform1f(g->u_opacity, (float)opacity[layer] / 255.0f);
        gl_attributes(gl, layer * g->capacity);
        gl->glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, g->out.count[layer]);
    }
    if (g->fences[g->next])
        gl->glDeleteSync(g->fences[g->next]);
    g->fences[g->next] = gl->glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
    g->next = (g->next + 1) % GL_SPRITES_RING;
}

void gl_sprites_draw(gl_sprites *g, const SDL_Rect *clip, const uint8_t opacity[2])
{
    const gl_funcs *gl = &g->gl;
    /* SDL's queue drawn, the atlas bound on unit 0 as SDL's state knows it (a
     * rectangle texture, scaled coordinates, is not this path's: nothing drawn) */
    SDL_Texture *tex = g->atlas->texture;
    float tw = 1.0f, th = 1.0f;
    if (SDL_GL_BindTexture(tex, &tw, &th) != 0) {
        gl_unmap(g);
        g->out.refused += (uint64_t)gl_sprites_count(g);
        g->out.count[0] = g->out.count[1] = 0;
        return;
    }
    gl_saved s;
    gl_save(gl, &s);
    gl_unmap(g);
    if (tw == 1.0f && th == 1.0f && s.tex0 != 0) {
        if (g->looks_dirty)
            gl_send_looks(g);
        gl_bind(g, clip, (GLuint)s.tex0);
        gl_draw_layers(g, opacity);
    } else {
        g->out.refused += (uint64_t)gl_sprites_count(g);
    }
    gl_restore(gl, &s);
    SDL_GL_UnbindTexture(tex);
    g->out.count[0] = g->out.count[1] = 0;
}

void gl_sprites_finish(gl_sprites *g)
{
    SDL_RenderFlush(g->renderer);
    if (SDL_GL_GetCurrentContext() != g->context)
        SDL_GL_MakeCurrent(g->window, g->context);
    g->gl.glFinish();
}
