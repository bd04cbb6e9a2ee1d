/*
 * frame_view: the order a screen is drawn in: panel, field, HUD, overlay.
 */
#include "render/frame_view.h"

/* The blit method's threads: the CPU's cores up to FRAME_VIEW_THREADS; one
 * (or threads that do not start) leaves the field on the calling thread. Only
 * the software path blits: the others keep one. */
static void frame_view_start_threads(frame_view *v)
{
    int threads = SDL_GetCPUCount();
    threads = threads > FRAME_VIEW_THREADS ? FRAME_VIEW_THREADS : threads;
    if (v->method != SPRITE_DRAW_BLIT)
        threads = 1;
    workers_init(&v->threads, threads);
    field_view_set_workers(&v->field, frame_view_workers(v));
}

workers *frame_view_workers(frame_view *v)
{
    return workers_threads(&v->threads) > 1 ? &v->threads : NULL;
}

int frame_view_init(frame_view *v, SDL_Renderer *r, const frame_view_config *cfg, char *err,
                    size_t err_size)
{
    *v = (frame_view){.renderer = r};
    v->method = cfg->method >= 0 && cfg->method < SPRITE_DRAW_METHOD_COUNT
                    ? (sprite_draw_method)cfg->method
                    : sprite_draw_method_for(r);
    if (atlas_texture_load(&v->atlas, r, v->method == SPRITE_DRAW_BLIT, err, err_size) != 0)
        return -1;
    if (field_view_init(&v->field, r, &v->atlas, v->method, cfg->bullets, cfg->seed, err,
                        err_size) != 0) {
        atlas_texture_unload(&v->atlas);
        return -1;
    }
    v->method = v->field.draw.method; /* instanced may have fallen back to geometry */
    overlay_init(&v->overlay);
    frame_view_start_threads(v);
    return 0;
}

void frame_view_free(frame_view *v)
{
    field_view_free(&v->field);
    workers_free(&v->threads);
    atlas_texture_unload(&v->atlas);
    backdrop_art_unload(&v->backdrops);
}

int frame_view_set_backdrops(frame_view *v, const backdrop_scene *scenes, int n,
                             const backdrop_sheet *sheets, int nsheets, char *err, size_t err_size)
{
    int rc =
        backdrop_art_load(&v->backdrops, v->renderer, scenes, n, sheets, nsheets, err, err_size);
    v->field.art = &v->backdrops;
    return rc;
}

int frame_view_set_art(frame_view *v, const atlas_texture_art *shapes, int n, char *err,
                       size_t err_size)
{
    int rc = atlas_texture_set_art(&v->atlas, shapes, n, err, err_size);
    sprite_batch_refresh_looks(&v->field.batch); /* the atlas changed either way */
    if (v->field.gl)
        gl_sprites_refresh_looks(v->field.gl);
    return rc;
}

void frame_view_update(frame_view *v)
{
    field_view_update(&v->field);
}

void frame_view_draw(frame_view *v, const frame_scene *scene)
{
    SDL_Renderer *r = v->renderer;
    hud_draw_frame(r, &v->atlas);
    field_view_begin(&v->field);
    if (scene->add_sprites)
        scene->add_sprites(field_view_batch(&v->field), scene->user);
    if (scene->player)
        field_view_add_player(&v->field, scene->player, scene->player_flash);
    if (scene->bullets)
        field_view_add_bullets(&v->field, scene->bullets);
    if (scene->lasers)
        field_view_add_lasers(&v->field, scene->lasers);
    if (scene->shot_lasers)
        field_view_add_shot_lasers(&v->field, scene->shot_lasers, scene->shot_laser_reach);
    if (scene->backdrop != 0)
        field_view_set_backdrop(&v->field, (backdrop)(scene->backdrop - 1), scene->backdrop_time);
    field_view_draw(&v->field, r);
    if (scene->hud)
        hud_draw(r, &v->atlas, scene->hud);
    if (scene->fps >= 0)
        hud_draw_fps(r, &v->atlas, scene->fps);
    if (scene->stats)
        overlay_draw(&v->overlay, r, &v->atlas, scene->stats);
}
