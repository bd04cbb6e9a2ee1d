/*
 * binding: name tables of keys and controller controls (see binding.h).
 */
#include "game/binding.h"

#include <stddef.h>
#include <strings.h>

typedef struct key_row {
    int code;
    const char *name;
} key_row;

static const key_row binding_keys[] = {
#define KEY_ROW(id, code, name) {code, name},
    KEYS(KEY_ROW)
#undef KEY_ROW
};
#define BINDING_KEY_COUNT ((int)(sizeof binding_keys / sizeof binding_keys[0]))

typedef struct pad_row {
    const char *name;
    pad_info info;
} pad_row;

/* Indexed by pad_control; row 0 is PAD_NONE. */
static const pad_row binding_pads[PAD_CONTROL_COUNT] = {{"none", {0, 0, 0}},
#define PAD_ROW(id, name, kind, index, dir) {name, {kind, index, dir}},
                                                        PAD_CONTROLS(PAD_ROW)
#undef PAD_ROW
};

const char *binding_key_name(int code)
{
    if (code == KEY_NONE)
        return "none";
    for (int i = 0; i < BINDING_KEY_COUNT; i++)
        if (binding_keys[i].code == code)
            return binding_keys[i].name;
    return NULL;
}

int binding_key_from_name(const char *name)
{
    if (strcasecmp(name, "none") == 0)
        return KEY_NONE;
    for (int i = 0; i < BINDING_KEY_COUNT; i++)
        if (strcasecmp(binding_keys[i].name, name) == 0)
            return binding_keys[i].code;
    return -1;
}

int binding_key_count(void)
{
    return BINDING_KEY_COUNT;
}

int binding_key_at(int i)
{
    return i >= 0 && i < BINDING_KEY_COUNT ? binding_keys[i].code : KEY_NONE;
}

const char *binding_pad_name(int pad)
{
    return pad >= 0 && pad < PAD_CONTROL_COUNT ? binding_pads[pad].name : NULL;
}

int binding_pad_from_name(const char *name)
{
    for (int p = 0; p < PAD_CONTROL_COUNT; p++)
        if (strcasecmp(binding_pads[p].name, name) == 0)
            return p;
    return -1;
}

pad_info binding_pad_info(int pad)
{
    pad_info none = {0, 0, 0};
    return pad > PAD_NONE && pad < PAD_CONTROL_COUNT ? binding_pads[pad].info : none;
}

int binding_pad_find(int kind, int index, int dir)
{
    for (int p = 1; p < PAD_CONTROL_COUNT; p++) {
        const pad_info *in = &binding_pads[p].info;
        if (in->kind == kind && in->index == index && (kind == PAD_BUTTON || in->dir == dir))
            return p;
    }
    return PAD_NONE;
}
