#!/usr/bin/env bash
# The game from the command line: the real stage runs headless to its end, a mod's
# patterns are what plays, replays verify and bad replay files are refused with
# their reasons.
# usage: game_cli_test.sh PATH/TO/curtain SOURCE_DIR
set -u
curtain=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check.sh"

# The stage, played by the scripted player that cannot be hit, reaches stage clear.
expect 0 '^state cleared ' play --headless --frames 20000 --autopilot --invulnerable
expect 0 '^state cleared ' play --headless --frames 20000 --autopilot --invulnerable \
    --difficulty lunatic --seed 3
# Nobody playing: the ships are lost and the run ends.
expect 0 '^state game_over .* deaths 3 ' play --headless --frames 20000 --difficulty easy
# Practice of one spell card.
expect 0 '^state cleared .* spells [01]/1 ' play --headless --frames 20000 --autopilot \
    --start s1_kagari:3 --one-phase
expect 2 "--difficulty wants easy, normal, hard or lunatic" play --headless --frames 5 \
    --difficulty bogus
expect 2 "no boss named 'nobody'" play --headless --frames 5 --start nobody
expect 2 "has no phase 40" play --headless --frames 5 --start s1_kagari:40
# A phase that is not a whole number was read by atoi: "x" as 0, a long one overflowed.
expect 2 "--start wants BOSS or BOSS:PHASE" play --headless --frames 5 --start s1_kagari:x
expect 2 "--start wants BOSS or BOSS:PHASE" play --headless --frames 5 --start s1_kagari:
expect 2 "--start wants BOSS or BOSS:PHASE" play --headless --frames 5 --start s1_kagari:99999999999
# An empty --record name is refused before the run (it was played, then not saved).
expect 2 "--record needs a file name, not ''" play --headless --frames 5 --record ''
# --record replaces a regular file only: a named pipe (a device alike) is refused and kept.
mkfifo "$tmp/pipe.rpl"
expect 1 "pipe.rpl: cannot replace: not a regular file .a named pipe." play --headless \
    --frames 5 --record "$tmp/pipe.rpl"
[ -p "$tmp/pipe.rpl" ] || fail "--record replaced a named pipe"

# A mod replaces the stage: its own timeline is what runs.
mkdir -p "$tmp/mod/stage1"
cat >"$tmp/mod/stage1/stage1.pat" <<'PAT'
stage stage1 {
    title "Modded" "a very short stage"
    wait 120
}
PAT
expect 0 '^frames 12[0-9] hash ' play --headless --frames 20000 --mod "$tmp/mod"
expect 0 '^state cleared ' play --headless --frames 20000 --mod "$tmp/mod"
# A mod with an error does not start; the error says where.
mkdir -p "$tmp/broken"
printf 'stage stage1 {\n    wiat 10\n}\n' >"$tmp/broken/oops.pat"
expect 1 "oops.pat:2:5: " play --headless --frames 10 --mod "$tmp/broken"

# Replays: the recorded runs verify; damaged files are refused with a reason.
rep=$src/tests/game/replays
for f in "$rep"/*.rpl; do
    expect 0 'all match' replay "$f" --verify
done
# The ending in the results box's words: a practice is cleared, not a stage.
expect 0 'all match \(Normal, stage clear' replay "$rep/normal_clear.rpl" --verify
expect 0 'all match \(Hard, practice cleared' replay "$rep/hard_last_card.rpl" --verify
good=$rep/normal_clear.rpl
head -c 3000 "$good" >"$tmp/cut.rpl"
expect 1 'truncated' replay "$tmp/cut.rpl" --verify
cp "$good" "$tmp/future.rpl"
printf '\x09' | dd of="$tmp/future.rpl" bs=1 seek=8 conv=notrunc 2>/dev/null
expect 1 'newer curtain \(format 9\)' replay "$tmp/future.rpl" --verify
cp "$good" "$tmp/flip.rpl"
printf '\xff' | dd of="$tmp/flip.rpl" bs=1 seek=2000 conv=notrunc 2>/dev/null
expect 1 'checksum' replay "$tmp/flip.rpl" --verify
printf 'hello, world\n' >"$tmp/text.rpl"
expect 1 'not a curtain replay' replay "$tmp/text.rpl" --verify
expect 1 'cannot open' replay "$tmp/none.rpl" --verify
# The same replay over other patterns: said so, not taken for a desync.
expect 1 'recorded with other pattern files' replay "$good" --verify --mod "$tmp/mod"
# A fresh recording verifies at once.
"$curtain" play --headless --frames 900 --autopilot --seed 77 --difficulty hard \
    --record "$tmp/new.rpl" >/dev/null || fail "recording a replay"
expect 0 '900 frames, 3 state hashes, all match' replay "$tmp/new.rpl" --verify
# An unfinished run keeps the score it had when it stopped (it was saved as 0: the
# best score of the run is only taken when a credit ends).
score=$("$curtain" play --headless --frames 600 --autopilot --seed 5 --record "$tmp/cut_short.rpl" |
    sed -n 's/^state playing score \([0-9]*\) .*/\1/p')
[ -n "$score" ] && [ "$score" != 0 ] || fail "an unfinished run scored '$score'"
expect 0 "unfinished, score $score\)" replay "$tmp/cut_short.rpl" --verify

finish "game cli"
