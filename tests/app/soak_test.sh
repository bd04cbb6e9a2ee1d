#!/usr/bin/env bash
# The front end's memory stays flat: the windowed game (SDL's dummy video driver,
# the software renderer, no audio device) left on its title, where the attract
# demo plays and starts a new world every 50 s, run unpaced (CURTAIN_SOAK) for
# 7,200 frames. After a warm-up of 1,200 frames, the most live allocations and
# the most live bytes (core/mem's counts, not RSS) of each 3,000-frame window
# must not grow: a leak of one block every few hundred frames, or of a few bytes
# a frame, shows as a later window above the first. The warm-up ends with every
# theme rendered (the soak waits for the music's worker there), so the windows do
# not hang on how fast that thread ran: in a sanitizer's build on a loaded
# machine a theme kept in the second window read as 4.6 MB of growth. The resident memory may grow
# while pages of blocks allocated at the start are first written (pools reaching
# a denser frame, a run's recording, a theme being synthesized: docs/game.md,
# "Memory"), but never past them: it stays within the live bytes and 64 MiB (the
# libraries, SDL's own).
# usage: soak_test.sh PATH/TO/curtain   (not registered in a sanitizer's build,
# whose shadow memory is resident unallocated: tests/CMakeLists.txt)
set -u
curtain=$1
. "$(dirname "$0")/check.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(CURTAIN_USER_DIR="$tmp/user" CURTAIN_SOAK=1200 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "$curtain" play --frames 7200 --renderer software --no-vsync 2>&1)
line=$(grep '^soak: 7200 frames; most live allocations per 3000 frames after frame 1200:' <<<"$out")
[ -n "$line" ] || fail "no soak report: $out"
read -r -a most <<<"${line##*:}"
[ "${#most[@]}" -eq 2 ] || fail "wanted 2 windows: $line"
[ "${most[1]:-0}" -le $((${most[0]:-0} + 4)) ] ||
    fail "the front end's live allocations grew from ${most[0]} to ${most[1]}: $line"
line=$(grep '^soak: most live KiB per 3000 frames:' <<<"$out")
read -r -a bytes <<<"${line##*:}"
[ "${#bytes[@]}" -eq 2 ] && [ "${bytes[0]}" -gt 0 ] || fail "no live bytes: $out"
[ "${bytes[1]}" -le $((bytes[0] + bytes[0] / 100 + 256)) ] ||
    fail "the front end's live bytes grew from ${bytes[0]} KiB to ${bytes[1]} KiB: $line"
line=$(grep '^soak: most resident KiB per 3000 frames:' <<<"$out")
read -r -a resident <<<"${line##*:}"
[ "${#resident[@]}" -eq 2 ] || fail "no resident memory: $out"
[ "${resident[1]}" -le $((bytes[1] + 65536)) ] ||
    fail "resident ${resident[1]} KiB is past the live ${bytes[1]} KiB and 64 MiB: $out"
finish "soak"
