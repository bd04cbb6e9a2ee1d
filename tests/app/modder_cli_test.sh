#!/usr/bin/env bash
# What a modder met on the command line (issue 31): run counts bullets and
# lasers apart and traces lasers; lint --mod lints a mod laid over the game's
# patterns as play --mod loads it, and lint DIR lints a folder.
# usage: modder_cli_test.sh PATH/TO/curtain SOURCE_DIR
set -u
curtain=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check.sh"

# run: the docs' lasers example fires lasers only: no bullet spawned, its lasers
# on a line of their own; the trace has their rows (its hash was the empty one)
"$curtain" run "$src/docs/examples/19_lasers.pat" --frames 200 --trace "$tmp/t.csv" >"$tmp/out" 2>&1 ||
    fail "run 19_lasers: $(cat "$tmp/out")"
grep -q "^frames 200 bullets 0 spawned 0 refused 0 rows 768 " "$tmp/out" ||
    fail "run 19_lasers' bullets: $(cat "$tmp/out")"
grep -q "^lasers 4 spawned 8 refused 0$" "$tmp/out" || fail "run 19_lasers' lasers: $(cat "$tmp/out")"
grep -q "^0,L0,192.000,96.000,0.009,-1.000,warn,1$" "$tmp/t.csv" ||
    fail "no laser rows in the trace: $(head -3 "$tmp/t.csv")"
[ "$(grep -c ',L' "$tmp/t.csv")" -eq 768 ] || fail "laser rows: $(grep -c ',L' "$tmp/t.csv")"
# each pool's refusals: a full laser pool refuses lasers, never bullets
printf 'pattern p {\n    fire orb ring 2000 speed 1\n    laser straight ring 1100 at 0 length 10 width 4\n    wait 5\n}\n' >"$tmp/full.pat"
"$curtain" run "$tmp/full.pat" --frames 3 >"$tmp/out" 2>&1 || fail "run full: $(cat "$tmp/out")"
grep -q "^frames 3 bullets 2000 spawned 2000 refused 0 " "$tmp/out" ||
    fail "run full's bullets: $(cat "$tmp/out")"
grep -q "^lasers 1024 spawned 1024 refused 76$" "$tmp/out" || fail "run full's lasers: $(cat "$tmp/out")"

# lint --mod DIR: the docs' mod, whose game.pat names the game's stage1, lints clean
# over the game's patterns; alone it names what it lacks and points to --mod
export CURTAIN_DATA=$src
expect 0 "^[0-9]+ files: 0 errors, 0 warnings$" lint --mod "$src/docs/mod_example"
expect 1 "'stage1'" lint "$src/docs/mod_example"
expect 1 "curtain lint --mod DIR" lint "$src/docs/mod_example"
# a mod's file replaces the game's of the same path (the game's is not linted);
# its error is the mod's, positioned
game=$("$curtain" lint "$src/patterns" | sed -n 's/^\([0-9]*\) files: .*/\1/p')
[ -n "$game" ] || fail "lint of the game's patterns folder"
mkdir -p "$tmp/mod"
printf 'pattern spiral {\n    fire orb at angel\n}\n' >"$tmp/mod/spiral.pat"
expect 1 "mod/spiral.pat:2:17: unknown name 'angel' \\(did you mean 'angle'\\?\\)" \
    lint --mod "$tmp/mod"
printf 'pattern spiral {\n    fire orb at 3\n}\n' >"$tmp/mod/spiral.pat"
expect 0 "^$game files: 0 errors" lint --mod "$tmp/mod"
expect 2 "no FILE" lint --mod "$tmp/mod" "$tmp/mod/spiral.pat"
expect 1 "not a folder" lint --mod "$tmp/nowhere"
# lint DIR: a folder stands for its pattern files (it said "Is a directory")
expect 0 "^1 file: 0 errors" lint "$tmp/mod"
mkdir -p "$tmp/empty"
expect 1 "a folder without pattern files" lint "$tmp/empty"

finish app.modder_commands
