/*
 * music_gains: the gain of each shipped theme's score, known before it is
 * rendered, so that a theme can stream from its cue (audio/music.h) with the
 * very samples music_render makes. A row: the theme's name (for the reader),
 * music_score_hash of its score, and music_track.scale of its full render,
 * exact as a hexadecimal double. A score not in the table (a mod's, a changed
 * one) is rendered whole before it plays. The audio.music test checks every
 * score of patterns/music against this table and prints the row to put here
 * when one is missing or wrong.
 */
#ifndef CURTAIN_AUDIO_MUSIC_GAINS_H
#define CURTAIN_AUDIO_MUSIC_GAINS_H

/*                 name          music_score_hash        scale */
#define MUSIC_GAINS(X)                                            \
    X("extra", 0x8a747beb3cc7b065ull, 0x1.ddfacf9104afcp-2)       \
    X("extra_boss", 0xdad0fdcd3fce5670ull, 0x1.9a8bde487b1b6p-2)  \
    X("stage1", 0xebc4ccd78f7e7a3dull, 0x1.c08e86f1549efp-2)      \
    X("stage1_boss", 0xa76d279a26bd0f03ull, 0x1.8669ea2e7dc5bp-2) \
    X("stage2", 0x220aef2253baa524ull, 0x1.2d3f04a99350bp-2)      \
    X("stage2_boss", 0xbb6f55e8bafb7cbeull, 0x1.7e2b0485bb437p-2) \
    X("stage3", 0x662e0011bf8896eeull, 0x1.c59e15a86505dp-2)      \
    X("stage3_boss", 0x04107ca1108fcb1bull, 0x1.719589ab2db8ap-2) \
    X("stage4", 0x598ae1095b04d505ull, 0x1.fc85109bce54p-2)       \
    X("stage4_boss", 0x27b95b8b8f1c1899ull, 0x1.af2d6f19123adp-2) \
    X("stage5", 0x4b7468221aa2e8e9ull, 0x1.a3494c5732c2ap-2)      \
    X("stage5_boss", 0x41c6dc7e4e56ac0cull, 0x1.9f1aa31d88d33p-2) \
    X("stage6", 0x0873baec7a88c76aull, 0x1.e37680764a7b8p-2)      \
    X("stage6_boss", 0x39193f87e785a242ull, 0x1.9913bdd2a39f8p-2) \
    X("title", 0x0aa60024b0ef15c0ull, 0x1.3fff9e2205c55p-2)

#endif
