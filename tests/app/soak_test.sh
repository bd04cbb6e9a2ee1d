#!/usr/bin/env bash
# The front end's memory stays flat: the windowed game (SDL's dummy video driver,
# the software renderer, no audio device) left on its title, where the attract
# demo plays and starts a new world every 50 s, run unpaced (CURTAIN_SOAK) for
# 7,200 frames. After a warm-up of 1,200 frames, the most live allocations
# (core/mem's count, not RSS) of each 3,000-frame window must not grow: a leak
# of one block every few hundred frames shows as a later window above the first.
# usage: soak_test.sh PATH/TO/curtain
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
finish "soak"
