/*
 * bulletml_oracle: the reference host model (bulletml_oracle.h) on top of Debian's
 * libbulletml. Test infrastructure only: curtain itself never links libbulletml.
 */
#include "bulletml_oracle.h"

/* bulletmlparser-tinyxml.h needs bulletmlparser.h first. */
#include <bulletml/bulletmlparser.h>

#include <bulletml/bulletmlerror.h>
#include <bulletml/bulletmlparser-tinyxml.h>
#include <bulletml/bulletmlrunner.h>

extern "C" {
#include "core/trig.h"
}

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace
{

const double default_player_x = 0.0; /* unless place_player says otherwise */
const double default_player_y = 200.0;

struct host_object;

/* One runner per scripted object; its callbacks read and write that object. */
class host_runner : public BulletMLRunner
{
  public:
    host_runner(BulletMLParser *parser, bulletml_oracle *o, host_object *obj)
        : BulletMLRunner(parser), oracle_(o), obj_(obj)
    {
    }
    host_runner(BulletMLState *state, bulletml_oracle *o, host_object *obj)
        : BulletMLRunner(state), oracle_(o), obj_(obj)
    {
    }

    double getBulletDirection();
    double getAimDirection();
    double getBulletSpeed();
    double getDefaultSpeed();
    double getRank();
    void createSimpleBullet(double direction, double speed);
    void createBullet(BulletMLState *state, double direction, double speed);
    int getTurn();
    void doVanish();
    void doChangeDirection(double d);
    void doChangeSpeed(double s);
    void doAccelX(double v);
    void doAccelY(double v);
    double getBulletSpeedX();
    double getBulletSpeedY();
    double getRand();

  private:
    bulletml_oracle *oracle_;
    host_object *obj_;
};

struct host_object {
    double x, y, dir, spd, ax, ay;
    bool alive;
    uint32_t id; /* 0 for emitters */
    host_runner *runner;
};

} // namespace

struct bulletml_oracle {
    std::string path; /* libbulletml keeps the pointer until build() */
    BulletMLParserTinyXML *parser;
    bulletml_oracle_options options;
    int turn;
    uint32_t next_id;
    std::vector<host_object *> objects;  /* spawn order, emitters first */
    std::vector<host_object *> live;     /* bullets alive after the last step */
    std::vector<host_object *> emitters; /* NULL once vanished */

    host_object *spawn(double x, double y, double dir, double spd)
    {
        host_object *obj = new host_object();
        obj->x = x;
        obj->y = y;
        obj->dir = dir;
        obj->spd = spd;
        obj->ax = obj->ay = 0.0;
        obj->alive = true;
        obj->id = next_id++;
        obj->runner = NULL;
        objects.push_back(obj);
        return obj;
    }
};

namespace
{

double host_runner::getBulletDirection()
{
    return obj_->dir;
}

double host_runner::getAimDirection()
{
    const bulletml_oracle_options &op = oracle_->options;
    if (op.trig)
        return trig_atan2(op.player_x - obj_->x, obj_->y - op.player_y) * 180.0 / TRIG_PI;
    return std::atan2(op.player_x - obj_->x, obj_->y - op.player_y) * 180.0 / M_PI;
}

double host_runner::getBulletSpeed()
{
    return obj_->spd;
}

double host_runner::getDefaultSpeed()
{
    return 1.0;
}

double host_runner::getRank()
{
    return oracle_->options.rank;
}

void host_runner::createSimpleBullet(double direction, double speed)
{
    oracle_->spawn(obj_->x, obj_->y, direction, speed);
}

void host_runner::createBullet(BulletMLState *state, double direction, double speed)
{
    host_object *obj = oracle_->spawn(obj_->x, obj_->y, direction, speed);
    obj->runner = new host_runner(state, oracle_, obj);
}

int host_runner::getTurn()
{
    return oracle_->turn;
}

void host_runner::doVanish()
{
    obj_->alive = false;
}

void host_runner::doChangeDirection(double d)
{
    obj_->dir = d;
}

void host_runner::doChangeSpeed(double s)
{
    obj_->spd = s;
}

void host_runner::doAccelX(double v)
{
    obj_->ax = v;
}

void host_runner::doAccelY(double v)
{
    obj_->ay = v;
}

double host_runner::getBulletSpeedX()
{
    return obj_->ax;
}

double host_runner::getBulletSpeedY()
{
    return obj_->ay;
}

double host_runner::getRand()
{
    if (oracle_->options.use_rand_value)
        return oracle_->options.rand_value;
    return oracle_->options.rand(oracle_->options.rand_user);
}

/* The motion of the reference host: heading 0 is up, clockwise, y down. */
void host_move(host_object *obj, bool trig)
{
    double s, c;
    if (trig) {
        trig_sincos(obj->dir * TRIG_PI / 180.0, &s, &c);
    } else {
        double r = obj->dir * M_PI / 180.0;
        s = std::sin(r);
        c = std::cos(r);
    }
    obj->x += s * obj->spd + obj->ax;
    obj->y += -c * obj->spd + obj->ay;
}

void host_delete(host_object *obj)
{
    delete obj->runner;
    delete obj;
}

/* Too far away for the benchmark's field: counted as gone. */
bool host_culled(const bulletml_oracle *o, const host_object *obj)
{
    double c = o->options.cull;
    return c > 0 && obj->id != 0 && !(std::fabs(obj->x) <= c && std::fabs(obj->y) <= c);
}

void copy_message(char *err, size_t err_size, const char *message)
{
    if (err && err_size)
        std::snprintf(err, err_size, "%s", message);
}

} // namespace

extern "C" bulletml_oracle *bulletml_oracle_open(const char *path,
                                                 const bulletml_oracle_options *options, char *err,
                                                 size_t err_size)
{
    bulletml_oracle *o = new bulletml_oracle();
    o->path = path;
    o->options = *options;
    if (o->options.copies < 1)
        o->options.copies = 1;
    if (!o->options.place_player) {
        o->options.player_x = default_player_x;
        o->options.player_y = default_player_y;
    }
    o->turn = 0;
    o->next_id = 0;
    o->parser = new BulletMLParserTinyXML(o->path.c_str());
    try {
        o->parser->build();
    } catch (const std::exception &e) {
        copy_message(err, err_size, e.what());
        delete o->parser;
        delete o;
        return NULL;
    }
    for (int i = 0; i < o->options.copies; i++) {
        host_object *emitter = o->spawn(0.0, 0.0, 0.0, 0.0);
        emitter->id = 0; /* emitters are id 0; bullets count from 1 */
        emitter->runner = new host_runner(o->parser, o, emitter);
        o->emitters.push_back(emitter);
    }
    o->next_id = 1;
    return o;
}

extern "C" void bulletml_oracle_close(bulletml_oracle *o)
{
    if (!o)
        return;
    for (size_t i = 0; i < o->objects.size(); i++)
        host_delete(o->objects[i]);
    delete o->parser;
    delete o;
}

extern "C" int bulletml_oracle_step(bulletml_oracle *o, char *err, size_t err_size)
{
    size_t existing = o->objects.size();
    try {
        for (size_t i = 0; i < existing; i++) {
            host_object *obj = o->objects[i];
            if (!obj->alive)
                continue;
            if (obj->runner)
                obj->runner->run();
            if (obj->alive)
                host_move(obj, o->options.trig != 0);
        }
    } catch (const std::exception &e) {
        copy_message(err, err_size, e.what());
        return -1;
    }
    o->turn++;
    /* Drop the dead (never inside a callback), keep spawn order, list the bullets. */
    size_t kept = 0;
    o->live.clear();
    for (size_t i = 0; i < o->objects.size(); i++) {
        host_object *obj = o->objects[i];
        if (!obj->alive || host_culled(o, obj)) {
            for (size_t c = 0; obj->id == 0 && c < o->emitters.size(); c++)
                if (o->emitters[c] == obj)
                    o->emitters[c] = NULL;
            host_delete(obj);
            continue;
        }
        o->objects[kept++] = obj;
        if (obj->id != 0)
            o->live.push_back(obj);
    }
    o->objects.resize(kept);
    return 0;
}

extern "C" int bulletml_oracle_count(const bulletml_oracle *o)
{
    return (int)o->live.size();
}

extern "C" void bulletml_oracle_bullet(const bulletml_oracle *o, int i, uint32_t *id, double *x,
                                       double *y)
{
    const host_object *obj = o->live[(size_t)i];
    *id = obj->id;
    *x = obj->x;
    *y = obj->y;
}

namespace
{

void copy_body(const host_object *obj, bulletml_oracle_body *out)
{
    out->x = obj->x;
    out->y = obj->y;
    out->dir = obj->dir;
    out->spd = obj->spd;
    out->vx = obj->ax;
    out->vy = obj->ay;
}

} // namespace

extern "C" void bulletml_oracle_bullet_body(const bulletml_oracle *o, int i,
                                            bulletml_oracle_body *out)
{
    copy_body(o->live[(size_t)i], out);
}

extern "C" int bulletml_oracle_emitter(const bulletml_oracle *o, int c, bulletml_oracle_body *out)
{
    if (c < 0 || (size_t)c >= o->emitters.size() || !o->emitters[(size_t)c])
        return 0;
    copy_body(o->emitters[(size_t)c], out);
    return 1;
}

/* libbulletml itself leaks the repeat-stack entries of a runner deleted inside a
 * <repeat> (BulletMLRunnerImpl::runRepeat); LeakSanitizer builds of the tests
 * would report it against curtain. Not our leak: tell LSan so. */
extern "C" const char *__lsan_default_suppressions();
extern "C" const char *__lsan_default_suppressions()
{
    return "leak:libbulletml.so\n";
}
