#!/usr/bin/env bash
# Records the replays of the dialogue test stage (tests/game/dialogue_mod, played
# as a mod over the game): tests/game/replays_dialogue/, which ctest verifies bit
# for bit in every build type (game.replays.dialogue). Its scenes are recorded as
# the inputs that advanced them: the scripted player reads each line and presses
# the shot button for the next, or holds the skip button through every scene;
# the shrine maiden and Hotaru take the two branches of `if ship == shrine`.
#
# Only these replays: tools/record_test_replays.sh records the others. Record
# them again after a deliberate change of the dialogue rules or of the stage.
#
# usage: tools/record_dialogue_replays.sh [PATH/TO/curtain]   (default build/release/curtain)
# -h/--help prints the comment above; an unknown option is refused before anything runs.
case "${1:-}" in
-h | --help)
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
-*)
    echo "record_dialogue_replays: unknown option '$1'" >&2
    echo "usage: tools/record_dialogue_replays.sh [PATH/TO/curtain]" >&2
    exit 2
    ;;
esac
set -euo pipefail
cd "$(dirname "$0")/.."
curtain=${1:-build/release/curtain}
out=tests/game/replays_dialogue
mkdir -p "$out"
rm -f "$out"/*.rpl
record() { # name, then the options of curtain play
    local name=$1
    shift
    "$curtain" play --headless --mod tests/game/dialogue_mod --record "$out/$name.rpl" "$@" |
        tail -n 1 | sed "s/^/$name: /"
}
# Read line by line, skipped, and the other ship's branch.
record dialogue_read --autopilot --ship shrine --difficulty normal --seed 31 --frames 6000
record dialogue_skip --autopilot --skip-dialogue --ship shrine --difficulty normal --seed 32 \
    --frames 6000
record dialogue_hotaru --autopilot --ship hotaru --difficulty hard --seed 33 --frames 6000
