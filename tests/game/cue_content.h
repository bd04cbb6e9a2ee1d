/*
 * cue_content: a stage with `background` cues (one inside a pattern it runs)
 * and a boss with a `spell_background`, and the same content without its
 * cues: what game.scenery plays through a world and pattern.backdrop_cue
 * through the viewer's sandbox, so that both hosts are held to the same rules.
 */
#ifndef CURTAIN_TESTS_GAME_CUE_CONTENT_H
#define CURTAIN_TESTS_GAME_CUE_CONTENT_H

static const char *const with_cues = "pattern walk { wait 20 }\n"
                                     "boss b {\n"
                                     "    spell_background spire_spell\n"
                                     "    phase \"Card\" spell time 2s { loop { wait 1 } }\n"
                                     "    phase time 1s { loop { wait 1 } }\n"
                                     "}\n"
                                     "stage stage1 {\n"
                                     "    background lake\n"
                                     "    wait 30\n"
                                     "    run walk()\n"
                                     "    background lake_boss\n"
                                     "    wait 10\n"
                                     "    boss b\n"
                                     "    wait 5\n"
                                     "}\n";

/* The same content without its cues. */
static const char *const without_cues = "pattern walk { wait 20 }\n"
                                        "boss b {\n"
                                        "    phase \"Card\" spell time 2s { loop { wait 1 } }\n"
                                        "    phase time 1s { loop { wait 1 } }\n"
                                        "}\n"
                                        "stage stage1 {\n"
                                        "    wait 30\n"
                                        "    run walk()\n"
                                        "    wait 10\n"
                                        "    boss b\n"
                                        "    wait 5\n"
                                        "}\n";

#endif
