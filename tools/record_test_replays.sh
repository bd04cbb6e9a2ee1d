#!/usr/bin/env bash
# Records the scripted runs that tests/game/replays/ keeps, which ctest plays back
# and verifies on every build type (game.replays, app.game), and those of the test
# campaign, tests/game/campaign/replays/ (game.campaign_replays).
#
# A replay is the inputs of a run plus the world's state hash every 300 frames, so
# any deliberate change of game logic or of the stage's pattern files makes them
# desync: record them again with this script, from the repository root, and
# commit them with the change.
#
# usage: tools/record_test_replays.sh [PATH/TO/curtain]   (default build/release/curtain)
set -euo pipefail
cd "$(dirname "$0")/.."
curtain=${1:-build/release/curtain}
out=tests/game/replays
mkdir -p "$out"
lasers=tests/game/replays_lasers
mkdir -p "$lasers"
rm -f "$out"/*.rpl "$lasers"/*.rpl
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
# The whole game (stage 1, then stage 2) on Normal, the scripted player
# invulnerable: the all clear.
record normal_clear --autopilot --invulnerable --difficulty normal --seed 7 --frames 40000
# Lunatic with the scripted player as it is: it bombs when cornered.
record lunatic_autopilot --autopilot --difficulty lunatic --seed 8 --frames 40000
# Nobody at the controls on Easy: ships lost, the continue prompt runs out, game over.
record easy_nobody --difficulty easy --seed 9 --frames 20000
# Practice of the boss's last spell card on Hard.
record hard_last_card --autopilot --difficulty hard --seed 10 --start s1_kagari:5 --one-phase \
    --frames 20000
# Practice of the midboss's spell card at half speed (Options: practice speed): the
# logic is the same 60 Hz step, the replay marks the speed.
record normal_wick_slow --autopilot --difficulty normal --seed 11 --start s1_wick:1 --one-phase \
    --practice-speed 50 --frames 20000
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
