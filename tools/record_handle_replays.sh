#!/usr/bin/env bash
# Records the replays of the handles test stage (tests/game/handle_mod, played as
# a mod over the game): tests/game/replays_handles/, which ctest verifies bit for
# bit in every build type (game.replays.handles; CI's Debug stage too). Scripts
# there keep handles on bullets, lasers and enemies, steer and restyle them,
# start scripts on them and keep them long after their objects are gone, so a
# handle's value and the VM's groups are in the state hashes checked.
#
# Only these replays: tools/record_test_replays.sh records the others. Record
# them again after a deliberate change of the handle rules or of the stage.
#
# usage: tools/record_handle_replays.sh [PATH/TO/curtain]   (default build/release/curtain)
# -h/--help prints the comment above; an unknown option is refused before anything runs.
case "${1:-}" in
-h | --help)
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
-*)
    echo "record_handle_replays: unknown option '$1'" >&2
    echo "usage: tools/record_handle_replays.sh [PATH/TO/curtain]" >&2
    exit 2
    ;;
esac
set -euo pipefail
cd "$(dirname "$0")/.."
curtain=${1:-build/release/curtain}
out=tests/game/replays_handles
mkdir -p "$out"
rm -f "$out"/*.rpl
record() { # name, then the options of curtain play
    local name=$1
    shift
    "$curtain" play --headless --mod tests/game/handle_mod --record "$out/$name.rpl" "$@" |
        tail -n 1 | sed "s/^/$name: /"
}
# The stage on Normal, the scripted player invulnerable; and on Lunatic with nobody
# at the controls (hits, deaths and their cancels; the keeper lives to the final clear).
record handles_invulnerable --autopilot --invulnerable --difficulty normal --seed 21 \
    --frames 20000
record handles_nobody --difficulty lunatic --seed 22 --frames 20000
