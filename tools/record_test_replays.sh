#!/usr/bin/env bash
# Records the scripted runs that ctest plays back and verifies on every build
# type: the laser stage's, tests/game/replays_lasers/ (game.replays.lasers), and
# those of the test campaign, tests/game/campaign/replays/ (game.campaign_replays).
#
# A replay is the inputs of a run plus the world's state hash every 300 frames, so
# any deliberate change of game logic or of the pattern files a run reaches makes
# them desync: record them again with this script, from the repository root, and
# commit them with the change.
#
# tests/game/replays/ is not recorded here: it keeps replays of format 2,
# recorded by curtain before format 3 existed (curtain writes format 3 now), that
# must go on verifying as they are (game.replays). How they were made, for the
# record: `curtain play --headless --record FILE --frames 20000` with
#   normal_clear       --autopilot --invulnerable --difficulty normal --seed 7
#   lunatic_autopilot  --autopilot --difficulty lunatic --seed 8
#   easy_nobody        --difficulty easy --seed 9
#   hard_last_card     --autopilot --difficulty hard --seed 10 --start s1_kagari:5 --one-phase
#   normal_wick_slow   --autopilot --difficulty normal --seed 11 --start s1_wick:1 --one-phase
#                      --practice-speed 50
#
# tests/game/replays_full/ is not recorded here either: the whole game of six
# stages and its Extra stage, recorded once (game.replays.full) and kept as they
# are, like the format-2 runs, so that a later change of the game's logic shows
# as a desync instead of being recorded over. How they were made:
# `curtain play --headless --record FILE --autopilot --frames 200000` with
#   hotaru_firecracker_normal  --difficulty normal --seed 41 --ship hotaru --type firecracker
#   shirasagi_rain_hard        --difficulty hard --seed 42 --ship shirasagi --type rain
#   tsubame_laser_normal       --difficulty normal --seed 43 --ship tsubame --type laser
#   extra_tsubame_cutter       --invulnerable --extra --seed 44 --ship tsubame --type cutter
#
# usage: tools/record_test_replays.sh [PATH/TO/curtain]   (default build/release/curtain)
# -h/--help prints the comment above; an unknown option is refused before anything runs.
case "${1:-}" in
-h | --help)
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
-*)
    echo "record_test_replays: unknown option '$1'" >&2
    echo "usage: tools/record_test_replays.sh [PATH/TO/curtain]" >&2
    exit 2
    ;;
esac
set -euo pipefail
cd "$(dirname "$0")/.."
curtain=${1:-build/release/curtain}
lasers=tests/game/replays_lasers
mkdir -p "$lasers"
rm -f "$lasers"/*.rpl
record() { # name, then the options of curtain play
    local name=$1
    shift
    "$curtain" play --headless --record "$out/$name.rpl" "$@" | tail -n 1 | sed "s/^/$name: /"
}
# The laser stage (a mod over the stage whose game.pat makes it the whole game:
# tests/game/laser_mod), verified by game.replays.lasers.
record_lasers() { # name, then the options of curtain play
    local name=$1
    shift
    "$curtain" play --headless --mod tests/game/laser_mod --record "$lasers/$name.rpl" "$@" |
        tail -n 1 | sed "s/^/$name: /"
}
# Format-3 runs beside the format-2 ones of tests/game/replays/ (those are never
# recorded again): the whole game (stages 1, 2 and 3) on Normal, the scripted
# player invulnerable, to the all clear; on Lunatic as it is (it bombs when
# cornered); and the second ship, Shirasagi, through the three stages on Normal
# as it is (homing feathers, the piercing lance, her own bomb).
out=tests/game/replays
record normal_game --autopilot --invulnerable --difficulty normal --seed 7 --frames 60000
record lunatic_game --autopilot --difficulty lunatic --seed 8 --frames 60000
record shirasagi_normal --autopilot --difficulty normal --seed 15 --ship shirasagi --frames 60000
# The laser stage, the scripted player invulnerable to the end, and as it is
# (lasers hit it, its deaths and bombs cancel them).
record_lasers lasers_invulnerable --autopilot --invulnerable --difficulty normal --seed 11 \
    --frames 20000
record_lasers lasers_autopilot --autopilot --difficulty hard --seed 12 --frames 20000
# The test campaign (tests/game/campaign as a mod): both stages on Normal,
# stage 2 alone on Lunatic with the scripted player as it is, and a practice of
# stage 1's boss (format 3 names the boss and the ship: game.campaign_replays
# adds a boss and a ship sorting before them).
out=tests/game/campaign/replays
mkdir -p "$out"
rm -f "$out"/*.rpl
record normal_campaign --mod tests/game/campaign --autopilot --invulnerable \
    --difficulty normal --seed 12 --frames 30000
record lunatic_stage2 --mod tests/game/campaign --autopilot --difficulty lunatic --seed 13 \
    --stage 2 --frames 10000
record kagari_practice --mod tests/game/campaign --autopilot --difficulty hard --seed 14 \
    --start s1_kagari:2 --one-phase --frames 10000
