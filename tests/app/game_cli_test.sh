#!/usr/bin/env bash
# The game from the command line: the real stage runs headless to its end, a mod's
# patterns are what plays, replays verify and bad replay files are refused with
# their reasons.
# usage: game_cli_test.sh PATH/TO/curtain SOURCE_DIR PATH/TO/replay_forge
set -u
curtain=$1
src=$2
forge=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check.sh"

# The game, played by the scripted player that cannot be hit, reaches the all
# clear after its last stage: from stage 6 on Normal, from stage 5 on Lunatic
# (whole runs from stage 1 are game.clear's and game.replays.full's).
expect 0 '^state cleared ' play --headless --frames 60000 --autopilot --invulnerable --stage 6
expect 0 '^state cleared ' play --headless --frames 60000 --autopilot --invulnerable \
    --difficulty lunatic --seed 3 --stage 5
# Started at stage 2, the run plays stage 2 to its clear.
expect 0 '^[0-9]+ STAGE_CLEAR [0-9-]+ [0-9-]+ 2$' play --headless --frames 20000 --autopilot \
    --invulnerable --stage 2 --events
expect 0 '^31 TITLE 192 149 0 "Stage 2" "Moonlight on the Still Lake"$' play --headless \
    --frames 40 --stage 2 --events
# Nobody playing: the ships are lost and the run ends.
expect 0 '^state game_over .* deaths 3 ' play --headless --frames 20000 --difficulty easy
# Practice of one spell card.
expect 0 '^state cleared .* spells [01]/1 ' play --headless --frames 20000 --autopilot \
    --start s1_kagari:3 --one-phase
# --events names the boss, the spell card and the title card a value stands for.
expect 0 '^[0-9]+ SPELL_START [0-9-]+ [0-9-]+ 19 "Weave Sign: Threads of the Curtain"$' play \
    --headless --frames 20000 --autopilot --start s1_kagari:3 --one-phase --events
expect 0 '^[0-9]+ BOSS_START [0-9-]+ [0-9-]+ 0 "Wick, the Lantern Spirit"$' play \
    --headless --frames 6000 --autopilot --invulnerable --events
expect 0 '^31 TITLE 192 149 0 "Stage 1" "Lanterns at Dusk"$' play --headless --frames 40 --events
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

# A mod replaces the stage: its own timeline is what runs (its game.pat makes
# that stage the whole game).
mkdir -p "$tmp/mod/stage1"
printf 'game main {\n    stages stage1\n}\n' >"$tmp/mod/game.pat"
cat >"$tmp/mod/stage1/stage1.pat" <<'PAT'
stage stage1 {
    title "Modded" "a very short stage"
    wait 120
}
PAT
expect 0 '^frames 12[0-9] hash ' play --headless --frames 20000 --mod "$tmp/mod"
expect 0 '^state cleared ' play --headless --frames 20000 --mod "$tmp/mod"
# A stage that cannot run never clears: one whose two arrays of 32 need more value
# slots than a script has is refused at load and by lint, at its declaration (it
# linted clean, then counted as cleared at frame 1 with 3,300,000 points); one
# stopped by a runaway loop stops the run with the positioned error, exit 1,
# score 0, no STAGE_CLEAR.
mkdir -p "$tmp/slots_mod/stage1" "$tmp/runaway_mod/stage1"
cp "$tmp/mod/game.pat" "$tmp/slots_mod/game.pat"
cp "$tmp/mod/game.pat" "$tmp/runaway_mod/game.pat"
printf 'stage stage1 {\n    var a[32]\n    var b[32]\n    wait 60\n    a[0] = b[1]\n}\n' \
    >"$tmp/slots_mod/stage1/stage1.pat"
expect 1 "stage1.pat:1:1: 'stage1' needs 96 value slots .*a script has 64" \
    play --headless --frames 300 --mod "$tmp/slots_mod"
expect 1 "stage1.pat:1:1: 'stage1' needs 96 value slots .*a script has 64" \
    lint "$tmp/slots_mod/stage1/stage1.pat"
printf 'stage stage1 {\n    wait 10\n    var x = 0\n    loop { x = x + 1 }\n}\n' \
    >"$tmp/runaway_mod/stage1/stage1.pat"
"$curtain" play --headless --frames 300 --events --mod "$tmp/runaway_mod" >"$tmp/runaway" 2>&1
[ $? -eq 1 ] || fail "a stage stopped by a runaway did not exit 1: $(cat "$tmp/runaway")"
grep -q '^state stopped score 0 ' "$tmp/runaway" ||
    fail "a stage stopped by a runaway: $(cat "$tmp/runaway")"
grep -q 'STAGE_CLEAR' "$tmp/runaway" && fail "a runaway stage was cleared: $(cat "$tmp/runaway")"
grep -q 'script error: .*stage1.pat:4:[0-9]*: runaway script' "$tmp/runaway" ||
    fail "a runaway stage's error is not positioned: $(cat "$tmp/runaway")"

# A mod folder whose links loop (four links to itself: the walk was exponential,
# 70 s and 87,380 errors) and link out (up -> ..: the game compiled every pattern
# file around the mod): each real folder is walked once, nothing outside the mod
# is read, and the walk says so once, as a warning.
mkdir -p "$tmp/around/loop_mod/stage1"
cp "$tmp/mod/game.pat" "$tmp/around/loop_mod/"
cp "$tmp/mod/stage1/stage1.pat" "$tmp/around/loop_mod/stage1/stage1.pat"
printf 'pattern broken_outside {\n    fire nonsense\n}\n' >"$tmp/around/outside.pat"
for k in 1 2 3 4; do ln -s . "$tmp/around/loop_mod/L$k"; done
ln -s .. "$tmp/around/loop_mod/up"
"$curtain" play --headless --frames 200 --mod "$tmp/around/loop_mod" >"$tmp/loop" 2>&1 ||
    fail "a mod with looping links did not play: $(head -5 "$tmp/loop")"
[ "$(grep -c "walk left out 4 folders reached again .*1 file or folder outside it" "$tmp/loop")" = 1 ] ||
    fail "the loop mod's walk was not reported once: $(head -5 "$tmp/loop")"
grep -q "outside.pat" "$tmp/loop" && fail "a file outside the mod was compiled: $(head -5 "$tmp/loop")"
[ "$(wc -l <"$tmp/loop")" -lt 10 ] || fail "the loop mod printed $(wc -l <"$tmp/loop") lines"

# The README's first mod copies a file the game plays: changed in the mod, the
# same run goes differently (its example used to copy patterns/spiral.pat, which
# only the bench reads).
readme_src=$(grep -oE 'cp patterns/[^ ]+\.pat mymod/' "$src/README.md" | head -1 | cut -d' ' -f2)
[ -n "$readme_src" ] || fail "README's mod example copies no pattern file"
if [ -n "$readme_src" ]; then
    rel=${readme_src#patterns/}
    mkdir -p "$(dirname "$tmp/readme_mod/$rel")"
    sed 's/speed \([0-9.]*\)/speed \1 * 1.25/' "$src/$readme_src" >"$tmp/readme_mod/$rel"
    cmp -s "$src/$readme_src" "$tmp/readme_mod/$rel" && fail "the mod's copy of $readme_src is unchanged"
    base=$("$curtain" play --headless --frames 20000 --autopilot --invulnerable 2>&1 | head -1)
    modded=$("$curtain" play --headless --frames 20000 --autopilot --invulnerable \
        --mod "$tmp/readme_mod" 2>&1 | head -1)
    [ "$base" != "$modded" ] || fail "a changed $readme_src does not change the game ($base)"
fi
# play --print writes the scripts' print lines; without it the game drops them;
# printing changes nothing in the run (the same hash).
mkdir -p "$tmp/print_mod/stage1"
sed '/^stage stage1 {/a\    print "stage at rank", rank' "$src/patterns/stage1/stage1.pat" \
    >"$tmp/print_mod/stage1/stage1.pat"
"$curtain" play --headless --frames 200 --mod "$tmp/print_mod" >"$tmp/quiet" 2>&1
"$curtain" play --headless --frames 200 --mod "$tmp/print_mod" --print >"$tmp/loud" 2>&1
grep -q 'stage1.pat:[0-9]*:5: frame 0: stage at rank 0.35' "$tmp/loud" ||
    fail "play --print: $(cat "$tmp/loud")"
grep -q 'stage at rank' "$tmp/quiet" && fail "play without --print printed: $(cat "$tmp/quiet")"
[ "$(grep '^frames' "$tmp/quiet")" = "$(grep '^frames' "$tmp/loud")" ] ||
    fail "play --print changed the run: $(grep '^frames' "$tmp/quiet" "$tmp/loud")"
# A shared value a stage's thread changes and its bullets read: the run's replay
# verifies, and one over a different first value is refused (the content differs).
mkdir -p "$tmp/shared_mod/stage1"
printf 'game main {\n    stages stage1\n}\n' >"$tmp/shared_mod/game.pat"
cat >"$tmp/shared_mod/stage1/stage1.pat" <<'PAT'
shared volleys = 0
stage stage1 {
    thread {
        loop {
            volleys += 1
            wait 10
        }
    }
    repeat 20 {
        fire orb ring 3 + volleys % 4 aim speed 2 {
            wait 20
            speed 1 + volleys % 3
        }
        wait 7
    }
}
PAT
expect 0 '^state cleared ' play --headless --frames 400 --mod "$tmp/shared_mod" \
    --record "$tmp/shared.rpl"
expect 0 'all match' replay "$tmp/shared.rpl" --verify --mod "$tmp/shared_mod"
sed -i 's/shared volleys = 0/shared volleys = 1/' "$tmp/shared_mod/stage1/stage1.pat"
expect 1 'recorded with other pattern files' replay "$tmp/shared.rpl" --verify \
    --mod "$tmp/shared_mod"
# ... and played over them anyway, the report names the first frame out of step
# and the parts that differ there: the bullets the changed value fires.
expect 1 'desync at frame 1 \(the first that differs\): bullets, VM' replay "$tmp/shared.rpl" \
    --verify --mod "$tmp/shared_mod"
# Two recordings of the same start, one shooting and one not: --diff names the
# frame they part and the first object of each part that differs.
"$curtain" play --headless --frames 300 --seed 8 --record "$tmp/diff_a.rpl" >/dev/null
"$curtain" play --headless --frames 300 --seed 8 --autopilot --record "$tmp/diff_b.rpl" >/dev/null
expect 1 'frame 1: player: the ship: ' replay "$tmp/diff_a.rpl" --diff "$tmp/diff_b.rpl"
expect 0 'the same for 300 frames' replay "$tmp/diff_a.rpl" --diff "$tmp/diff_a.rpl"
# A replay and its own first 300 frames: the same as far as both go, and the
# shorter one ending is a difference (it said "the same" and exited 0).
"$curtain" play --headless --frames 600 --seed 8 --record "$tmp/diff_long.rpl" >/dev/null
expect 1 'the same for 300 frames; then .*diff_a.rpl ends and .*diff_long.rpl goes on to frame 600' \
    replay "$tmp/diff_a.rpl" --diff "$tmp/diff_long.rpl"
expect 1 'then .*diff_a.rpl ends' replay "$tmp/diff_long.rpl" --diff "$tmp/diff_a.rpl"
# A mod's art: its enemies fire an art shape; the run verifies, and a changed
# hitbox is other content (the hitbox is in the code). The game does not start
# when the sheet is missing, and says where it is declared.
mkdir -p "$tmp/art_mod/stage1/art"
cp "$src/docs/examples/art/sheet.png" "$tmp/art_mod/stage1/art/"
printf 'art garden "art/sheet.png" {\n    shape petal frame 16 16 hitbox 3\n}\n' \
    >"$tmp/art_mod/stage1/art.pat"
sed 's/fire orb /fire petal /' "$src/patterns/stage1/1_enemies.pat" \
    >"$tmp/art_mod/stage1/1_enemies.pat"
grep -q "fire petal" "$tmp/art_mod/stage1/1_enemies.pat" || fail "no orb to make a petal"
expect 0 '^state ' play --headless --frames 3000 --mod "$tmp/art_mod" --record "$tmp/art.rpl"
expect 0 'all match' replay "$tmp/art.rpl" --verify --mod "$tmp/art_mod"
sed -i 's/hitbox 3/hitbox 3.5/' "$tmp/art_mod/stage1/art.pat"
expect 1 'recorded with other pattern files' replay "$tmp/art.rpl" --verify --mod "$tmp/art_mod"
rm "$tmp/art_mod/stage1/art/sheet.png"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 30 "$curtain" play --mod "$tmp/art_mod" \
    --frames 5 >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "play of a mod without its sheet did not exit 1: $(cat "$tmp/out")"
grep -q "art.pat:1:12: the sheet .*sheet.png is missing" "$tmp/out" ||
    fail "play of a mod without its sheet: $(cat "$tmp/out")"
# A mod whose enemies, boss, ship, options and shots wear animated art looks
# (docs/examples/24_looks.pat): played and recorded, it verifies; looks are
# presentation, so the same run verifies when the animations and the pictures
# change; an unknown look stops the game at load, positioned.
mkdir -p "$tmp/looks_mod/art"
cp "$src/docs/examples/24_looks.pat" "$tmp/looks_mod/"
cp "$src/docs/examples/art/looks.png" "$tmp/looks_mod/art/"
printf 'game main {\n    stages lantern_night\n}\n' >"$tmp/looks_mod/game.pat"
expect 0 '^state cleared ' play --headless --frames 3000 --autopilot --mod "$tmp/looks_mod" \
    --ship crane --record "$tmp/looks.rpl"
expect 0 'all match' replay "$tmp/looks.rpl" --verify --mod "$tmp/looks_mod"
sed -i 's/every 8/every 3/; s/frames 2 every 30/frames 1/; s/ once / /' "$tmp/looks_mod/24_looks.pat"
cp "$src/docs/examples/art/sheet.png" "$tmp/looks_mod/art/looks.png"
expect 0 'all match' replay "$tmp/looks.rpl" --verify --mod "$tmp/looks_mod"
sed -i 's/look lantern/look lanter/' "$tmp/looks_mod/24_looks.pat"
expect 1 "24_looks.pat:12:10: unknown look 'lanter' \\(did you mean 'lantern'\\?\\)" \
    play --headless --frames 5 --mod "$tmp/looks_mod"
# A mod with an error does not start; the error says where.
mkdir -p "$tmp/broken"
printf 'stage stage1 {\n    wiat 10\n}\n' >"$tmp/broken/oops.pat"
expect 1 "oops.pat:2:5: " play --headless --frames 10 --mod "$tmp/broken"

# Replays: the recorded runs verify through the command line; damaged files are
# refused with a reason. The whole-game runs (over 40,000 frames each) are verified
# once a build, by game.replays; here the shorter ones, so that no run plays twice.
rep=$src/tests/game/replays
for f in "$rep"/*.rpl; do
    case $(basename "$f") in
    normal_game.rpl | lunatic_game.rpl | shirasagi_normal.rpl) continue ;;
    esac
    expect 0 'all match' replay "$f" --verify
done
# Format 4: a practice with savestates, and a run taken over from its replay.
expect 0 'all match \(Normal, unfinished, practice with savestates, score' \
    replay "$src/tests/game/replays_practice/practice_states.rpl" --verify
expect 0 'practice with savestates, taken over at frame 177' \
    replay "$src/tests/game/replays_practice/taken_over.rpl" --verify
# The ending in the results box's words: a practice is cleared, not a stage.
expect 0 'all match \(Normal, stage clear' replay "$rep/normal_clear.rpl" --verify
expect 0 'all match \(Hard, practice cleared' replay "$rep/hard_last_card.rpl" --verify
# A practice at half speed: recorded with the speed's flag, it verifies and says so.
expect 0 'all match \(Normal, practice cleared, at 50% speed' \
    replay "$rep/normal_wick_slow.rpl" --verify
expect 2 'practice-speed is for practice' play --headless --frames 5 --practice-speed 50
expect 2 'practice-speed wants 100, 75 or 50' play --headless --frames 5 --start s1_wick \
    --practice-speed 60
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
# A header that lies (forged by replay_forge, with a right checksum): the hashes
# match, the claims do not, and the verifier says which. It said "all match".
"$forge" "$good" "$tmp/forged_score.rpl" score=999999999 || fail "forging a score"
expect 1 'the header lies: the header says score 999999999, the run scores [0-9]+$' \
    replay "$tmp/forged_score.rpl" --verify
"$forge" "$good" "$tmp/forged_end.rpl" end=1 || fail "forging an ending"
expect 1 'the header says game over, the run is cleared' \
    replay "$tmp/forged_end.rpl" --verify
prac=$src/tests/game/replays_practice
"$forge" "$prac/practice_states.rpl" "$tmp/forged_states.rpl" practice=0 || fail "forging marks"
expect 1 'the header says no savestates loaded, the run loads 2' \
    replay "$tmp/forged_states.rpl" --verify
"$forge" "$prac/practice_states.rpl" "$tmp/forged_taken.rpl" practice=2 || fail "forging marks"
expect 1 'the header says no savestates loaded, the run loads 2; the header says taken over, the inputs are one run from its start' \
    replay "$tmp/forged_taken.rpl" --verify
# A ship or boss these patterns lack is named (it said "other pattern files"
# with two equal content hashes).
"$forge" "$prac/practice_states.rpl" "$tmp/noship.rpl" ship=Nobody || fail "forging a ship"
expect 1 'recorded with other pattern files: these have no ship "Nobody"' \
    replay "$tmp/noship.rpl" --verify
"$forge" "$prac/practice_states.rpl" "$tmp/noboss.rpl" boss=s9_nobody || fail "forging a boss"
expect 1 'recorded with other pattern files: these have no boss "s9_nobody"' \
    replay "$tmp/noboss.rpl" --verify
# A format-4 replay without part hashes is not told "format 1 to 3"; a desync
# in a take-over's frames of its parent is not called the first that differs
# at the first frame with part hashes.
"$forge" "$prac/practice_states.rpl" "$tmp/noparts.rpl" flip=197 parts=0 || fail "forging parts"
expect 1 'which part: unknown \(this replay keeps no part hashes\)' \
    replay "$tmp/noparts.rpl" --verify
"$forge" "$prac/taken_over_kagari.rpl" "$tmp/parent_frames.rpl" flip=197 || fail "forging an input"
expect 1 'desync at frame 170 \(the first with part hashes: it may have parted in the 169 frames before\)' \
    replay "$tmp/parent_frames.rpl" --verify
# What no run can make is refused with the reason, before any work: 65,536
# savestate events before the first frame (it took 212 s to verify), and ten
# hours of idle frames (232 s; a recording holds two hours).
"$forge" "$prac/practice_states.rpl" "$tmp/events.rpl" events=65536 || fail "forging events"
expect 1 'corrupt: 65536 savestate events in 371 frames \(a run makes one a frame at most\)' \
    replay "$tmp/events.rpl" --verify
"$forge" "$prac/practice_states.rpl" "$tmp/events2.rpl" events=2 || fail "forging events"
expect 1 'savestate events 1 and 2 both come after frame 0 \(a run makes one a frame at most\)' \
    replay "$tmp/events2.rpl" --verify
"$forge" "$good" "$tmp/idle.rpl" frames=432001 || fail "forging frames"
expect 1 'corrupt: 432001 frames, longer than a recording holds \(432000, two hours\)' \
    replay "$tmp/idle.rpl" --verify
# The viewer stops on SIGTERM in the middle of a long seek (it froze for minutes
# preparing a long replay before the first frame, deaf to the signal): asked to
# start at frame 47,000 of a 47,610-frame replay, it seeks GAME_SEEK_FRAMES a
# display frame; a SIGTERM once it has begun ends it before the seek's frames
# are done (it says where it left), within a generous 30 s.
mkdir -p "$tmp/home"
CURTAIN_USER_DIR="$tmp/home" SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    "$curtain" replay "$rep/normal_game.rpl" --seek 47000 >"$tmp/seek.out" 2>&1 &
viewer=$!
for _ in $(seq 1 300); do
    grep -q 'seeking to frame 47000' "$tmp/seek.out" && break
    sleep 0.1
done
kill -TERM "$viewer"
for _ in $(seq 1 300); do
    kill -0 "$viewer" 2>/dev/null || break
    sleep 0.1
done
if kill -0 "$viewer" 2>/dev/null; then
    fail "the replay viewer did not exit on SIGTERM: $(cat "$tmp/seek.out")"
    kill -KILL "$viewer"
fi
wait "$viewer"
grep -qE 'left the replay at frame [0-9]+ of 47610 \(seeking\)' "$tmp/seek.out" ||
    fail "the replay viewer did not stop in the middle of its seek: $(cat "$tmp/seek.out")"
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
