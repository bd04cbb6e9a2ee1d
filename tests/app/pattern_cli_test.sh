#!/usr/bin/env bash
# The pattern commands: lint's exit status and messages, run's trace and its
# determinism, view's live reload (under SDL's dummy video driver).
# usage: pattern_cli_test.sh PATH/TO/curtain PATTERNS_DIR
set -u
curtain=$1
patterns=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check.sh"

# lint: clean files exit 0, an error exits 1 with file:line:col and a caret
# (the whole folder, as the game compiles it: game.pat names stages of stage1/)
# shellcheck disable=SC2046
"$curtain" lint $(find "$patterns" -name '*.pat' | sort) >"$tmp/out" 2>&1 ||
    fail "lint of the library: $(cat "$tmp/out")"
printf 'pattern p {\n    fire orb at angel\n}\n' >"$tmp/bad.pat"
"$curtain" lint "$tmp/bad.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a broken file did not exit 1"
grep -q "bad.pat:2:17: unknown name 'angel'" "$tmp/out" || fail "lint message: $(cat "$tmp/out")"
grep -q '^ *\^$' "$tmp/out" || fail "lint printed no caret: $(cat "$tmp/out")"
# An unknown --entry is named in quotes (an empty one read "named " and nothing).
"$curtain" run "$patterns/spiral.pat" --frames 5 --entry '' >"$tmp/out" 2>&1
grep -q "stage without parameters named ''" "$tmp/out" || fail "run --entry '': $(cat "$tmp/out")"
# A file that only declares a boss names the boss to give with --boss (it said
# only that it defined nothing to run).
printf 'boss kagari {\n    look boss\n    phase { wait 10 }\n}\n' >"$tmp/boss.pat"
"$curtain" run "$tmp/boss.pat" --frames 5 >"$tmp/out" 2>&1
[ $? -ne 0 ] || fail "run of a boss-only file without --boss succeeded"
grep -q "boss.pat defines no pattern, enemy or stage to run; to fight its boss: --boss kagari" \
    "$tmp/out" || fail "run of a boss-only file: $(cat "$tmp/out")"
"$curtain" run "$tmp/boss.pat" --frames 5 --boss kagari >"$tmp/out" 2>&1 ||
    fail "run --boss kagari: $(cat "$tmp/out")"
# A ship file flies its ship, firing its volleys (run only pointed to play --mod):
# one a volley every 10 frames at power 1, three at power 4, five focused.
cat >"$tmp/ships.pat" <<'SHIP'
ship kite {
    interval 10
    shot 1 { fire rice red at 0 speed 8 }
    shot 4 { repeat 3 { fire rice red at 0 speed 8 } }
    shot 1 focused { repeat 5 { fire arrow blue at 0 speed 8 } }
}
ship wren {
    interval 20
    shot 1 { fire rice red at 0 speed 8 }
}
SHIP
"$curtain" run "$tmp/ships.pat" --frames 60 >"$tmp/out" 2>&1 || fail "run of a ship file: $(cat "$tmp/out")"
grep -q "^frames 60 ship kite power 1 unfocused shots 6 live " "$tmp/out" ||
    fail "run of a ship file at power 1: $(cat "$tmp/out")"
"$curtain" run "$tmp/ships.pat" --frames 60 --power 4 >"$tmp/out" 2>&1
grep -q "^frames 60 ship kite power 4 unfocused shots 18 " "$tmp/out" ||
    fail "run of a ship file at power 4: $(cat "$tmp/out")"
"$curtain" run "$tmp/ships.pat" --frames 60 --power 3 --focused >"$tmp/out" 2>&1
grep -q "^frames 60 ship kite power 3 focused shots 30 " "$tmp/out" ||
    fail "run of a ship file focused: $(cat "$tmp/out")"
"$curtain" run "$tmp/ships.pat" --frames 60 --ship wren >"$tmp/out" 2>&1
grep -q "^frames 60 ship wren power 1 unfocused shots 3 " "$tmp/out" ||
    fail "run --ship wren: $(cat "$tmp/out")"
"$curtain" run "$tmp/ships.pat" --frames 60 --ship heron >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "run --ship of a ship not declared did not exit 1"
grep -q "no ship 'heron' in the files given" "$tmp/out" || fail "run --ship heron: $(cat "$tmp/out")"
"$curtain" run "$patterns/ships/hotaru.pat" --frames 60 >"$tmp/out" 2>&1
grep -q "^frames 60 ship hotaru power 1 unfocused shots [1-9]" "$tmp/out" ||
    fail "run of the game's ship: $(cat "$tmp/out")"
# view flies it too, and says how it went when it quits.
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 30 "$curtain" view "$tmp/ships.pat" --ship wren \
    --power 2 --frames 60 >"$tmp/out" 2>&1 || fail "view of a ship file: $(cat "$tmp/out")"
grep -q "^ship wren frames 60 power 2 unfocused shots 3 live " "$tmp/out" ||
    fail "view of a ship file: $(cat "$tmp/out")"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy timeout 30 "$curtain" view "$tmp/ships.pat" --ship heron \
    --frames 5 >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "view --ship of a ship not declared did not exit 1"
grep -q "no ship 'heron' in the files given" "$tmp/out" || fail "view --ship heron: $(cat "$tmp/out")"
# print: run writes each line with its place and frame among its output.
printf 'pattern p {\n    repeat 2 as i {\n        print "volley", i\n        fire orb\n        wait 3\n    }\n}\n' >"$tmp/print.pat"
"$curtain" run "$tmp/print.pat" --frames 5 >"$tmp/out" 2>&1 || fail "run print.pat: $(cat "$tmp/out")"
grep -q "^$tmp/print.pat:3:9: frame 3: volley 1$" "$tmp/out" || fail "run's print lines: $(cat "$tmp/out")"
# Scripts that cannot start because every runner is busy are counted and said
# (65,536 bullets in 5 frames used to end with 'errors 0 refused 0' and nothing else).
printf 'pattern q {\n    wait 100000\n}\npattern p {\n    loop {\n        repeat 4000 { thread q }\n        fire orb\n        wait 1\n    }\n}\n' >"$tmp/threads.pat"
"$curtain" run "$tmp/threads.pat" --frames 20 >"$tmp/out" 2>&1
grep -q "scripts could not start: all [0-9]* script runners were busy" "$tmp/out" ||
    fail "run of a file that fills the runners: $(cat "$tmp/out")"
# --phase N starts a boss at its phase N, in run and in the viewer; a phase the
# boss does not have is a usage error naming how many it has.
printf 'boss b {\n    look boss\n    phase {\n        print "one"\n        wait 100\n    }\n    phase {\n        print "two"\n        wait 100\n    }\n}\n' >"$tmp/phases.pat"
"$curtain" run "$tmp/phases.pat" --boss b --phase 1 --frames 5 >"$tmp/out" 2>&1
grep -q "phases.pat:8:9: frame 0: two" "$tmp/out" || fail "run --phase 1: $(cat "$tmp/out")"
grep -q "one" "$tmp/out" && fail "run --phase 1 ran phase 0: $(cat "$tmp/out")"
"$curtain" run "$tmp/phases.pat" --boss b --phase 2 --frames 5 >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail "run --phase 2 of a two-phase boss did not exit 2"
grep -q "boss 'b' has 2 phases (0 to 1), no phase 2" "$tmp/out" || fail "run --phase 2: $(cat "$tmp/out")"
SDL_VIDEODRIVER=dummy timeout 30 "$curtain" view "$tmp/phases.pat" --phase 1 --frames 5 >"$tmp/out" 2>&1 ||
    fail "view --phase 1: $(cat "$tmp/out")"
grep -q "phases.pat:8:9: frame 0: two" "$tmp/out" || fail "view --phase 1: $(cat "$tmp/out")"
SDL_VIDEODRIVER=dummy timeout 30 "$curtain" view "$tmp/phases.pat" --phase 3 --frames 5 >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail "view --phase 3 of a two-phase boss did not exit 2: $(cat "$tmp/out")"
# A device is refused at once, not read for ever.
timeout 20 "$curtain" lint /dev/zero >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of /dev/zero did not exit 1: $(cat "$tmp/out")"
grep -q "/dev/zero:1:1: cannot read: not a file" "$tmp/out" || fail "lint /dev/zero: $(cat "$tmp/out")"
# A named pipe with no writer is refused at once (the open waited for a writer
# for ever), and a file over the limit by its size (a 3 GiB file was read until
# memory ran out; 17 MiB here, over the 16 MiB of a pattern file).
mkfifo "$tmp/pipe.pat"
timeout 20 "$curtain" lint "$tmp/pipe.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a named pipe did not exit 1: $(cat "$tmp/out")"
grep -q "pipe.pat:1:1: cannot read: a pipe that gave nothing (no writer?)" "$tmp/out" ||
    fail "lint of a named pipe: $(cat "$tmp/out")"
# A pipe with a writer is read: a pattern piped in, or made by a command.
timeout 20 "$curtain" lint /dev/stdin <"$patterns/spiral.pat" >"$tmp/out" 2>&1 ||
    fail "lint of a file redirected to /dev/stdin: $(cat "$tmp/out")"
cat "$patterns/spiral.pat" | timeout 20 "$curtain" lint /dev/stdin >"$tmp/out" 2>&1 ||
    fail "lint of a pattern piped in: $(cat "$tmp/out")"
printf 'stage s {\n    fire orb red at (0 0)\n}\n' | timeout 20 "$curtain" lint /dev/stdin >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a broken pattern piped in did not exit 1: $(cat "$tmp/out")"
grep -q "^/dev/stdin:2:" "$tmp/out" || fail "lint of a broken pattern piped in: $(cat "$tmp/out")"
truncate -s 17M "$tmp/huge.pat"
timeout 20 "$curtain" lint "$tmp/huge.pat" >"$tmp/out" 2>&1
grep -q "huge.pat:1:1: file too large (17 MiB; the limit is 16 MiB)" "$tmp/out" ||
    fail "lint of a 17 MiB file: $(cat "$tmp/out")"
"$curtain" lint >/dev/null 2>&1
[ $? -eq 2 ] || fail "lint without files did not exit 2"

# run: the trace's header and rows; the same run twice is the same
"$curtain" run "$patterns/spiral.pat" --frames 60 --trace "$tmp/a.csv" >"$tmp/sum1" ||
    fail "run spiral"
"$curtain" run "$patterns/spiral.pat" --frames 60 --trace "$tmp/b.csv" >"$tmp/sum2"
[ "$(head -1 "$tmp/a.csv")" = "frame,id,x,y" ] || fail "trace header: $(head -1 "$tmp/a.csv")"
grep -q '^0,1,' "$tmp/a.csv" || fail "trace has no row for bullet 1 at frame 0"
cmp -s "$tmp/a.csv" "$tmp/b.csv" || fail "two runs of the same file differ"
cmp -s "$tmp/sum1" "$tmp/sum2" || fail "two summaries differ"
"$curtain" run "$patterns/random_rain.pat" --frames 60 --seed 1 >"$tmp/r1"
"$curtain" run "$patterns/random_rain.pat" --frames 60 --seed 2 >"$tmp/r2"
cmp -s "$tmp/r1" "$tmp/r2" && fail "random_rain ignores --seed"
"$curtain" run "$patterns/spiral.pat" >/dev/null 2>&1
[ $? -eq 2 ] || fail "run without --frames did not exit 2"
# a pattern that fills the sandbox is told how many bullets it was refused
printf 'pattern flood {\n    loop {\n        fire orb ring 1000 speed 0.01\n        wait 1\n    }\n}\n' >"$tmp/flood.pat"
"$curtain" run "$tmp/flood.pat" --frames 80 >"$tmp/flood" || fail "run flood"
grep -q "bullets 65536 spawned 65536 refused 14464 " "$tmp/flood" || fail "flood summary: $(cat "$tmp/flood")"
grep -q " refused 0 " "$tmp/sum1" || fail "spiral summary: $(cat "$tmp/sum1")"

# view: starts, reloads a change within a second, shows a broken edit's error
# waitfor PATTERN: waits (up to 10 s) until the viewer's output shows PATTERN.
waitfor() {
    for _ in $(seq 100); do
        grep -q "$1" "$tmp/view.out" && return 0
        sleep 0.1
    done
    return 1
}
cp "$patterns/spiral.pat" "$tmp/live.pat"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$tmp/live.pat" --frames 3600 \
    >"$tmp/view.out" 2>&1 &
view=$!
waitfor "watching" || fail "view did not start: $(cat "$tmp/view.out")"
printf 'pattern live {\n    fire orb at nowhere\n}\n' >"$tmp/live.pat"
start=$(date +%s%N)
waitfor "live.pat:2:17: unknown name 'nowhere'" ||
    fail "view did not report the broken edit: $(cat "$tmp/view.out")"
elapsed=$((($(date +%s%N) - start) / 1000000))
[ "$elapsed" -lt 1500 ] || echo "note: the broken edit took ${elapsed} ms to show (slow machine?)"
printf 'pattern live {\n    loop { fire orb ring 5; wait 10 }\n}\n' >"$tmp/live.pat"
waitfor "reloaded" || fail "view did not reload the fixed file: $(cat "$tmp/view.out")"
# an empty file (or one caught half-saved) has nothing to run: the last good version stays
: >"$tmp/live.pat"
waitfor "live.pat: nothing to run .*the last good version keeps running" ||
    fail "view swapped in an empty file: $(cat "$tmp/view.out")"
kill "$view" 2>/dev/null
wait "$view" 2>/dev/null

# art: lint --dump lists the shapes; the viewer draws them, draws them again when
# the sheet is saved, shows a missing sheet's positioned error, and reloads a
# changed declaration.
mkdir -p "$tmp/mod/art"
cp "$(dirname "$0")/../../docs/examples/art/sheet.png" "$tmp/mod/art/sheet.png"
cat >"$tmp/mod/art.pat" <<'ART'
art garden "art/sheet.png" {
    shape petal frame 16 16 at 0 0 hitbox 3
    shape needle frame 24 8 at 16 0 hitbox 2 turns
}
pattern p { loop { fire petal ring 6 speed 2; fire needle aim speed 3; wait 10 } }
ART
"$curtain" lint --dump "$tmp/mod/art.pat" >"$tmp/out" 2>&1 || fail "lint --dump art: $(cat "$tmp/out")"
grep -q "^art 'needle': shape 12, .*mod/art/sheet.png frame 24x8 at 16 0, hitbox 2, turns" \
    "$tmp/out" || fail "lint --dump art: $(cat "$tmp/out")"
# characters: lint --dump lists them and their portraits, and who names them; an
# unknown expression is a positioned error with a hint
"$curtain" lint --dump "$(dirname "$0")/../../docs/examples/24_dialogue.pat" >"$tmp/out" 2>&1 ||
    fail "lint --dump characters: $(cat "$tmp/out")"
grep -q "^art 'miko_smile': shape 12, .*art/faces.png frame 256x384 at 256 0, portrait" \
    "$tmp/out" || fail "lint --dump portrait: $(cat "$tmp/out")"
grep -q "^character 'kitsune': \"Kitsune\", colour 250 200 90, 2 portraits: normal=13, angry=14" \
    "$tmp/out" && grep -q "^boss 'fox': character 'kitsune'" "$tmp/out" &&
    grep -q "ACT        say 6" "$tmp/out" || fail "lint --dump characters: $(cat "$tmp/out")"
# a game: lint --dump lists its stages and its Extra stage; an Extra stage that is
# one of the run's, or not a stage, is a positioned error
"$curtain" lint --dump "$(dirname "$0")/../../docs/examples/25_game.pat" >"$tmp/out" 2>&1 ||
    fail "lint --dump game: $(cat "$tmp/out")"
grep -q "^game 'main': stages first second, extra after_hours" "$tmp/out" ||
    fail "lint --dump game: $(cat "$tmp/out")"
sed 's|extra after_hours|extra second|' "$(dirname "$0")/../../docs/examples/25_game.pat" \
    >"$tmp/mod/extra.pat"
if "$curtain" lint "$tmp/mod/extra.pat" >"$tmp/out" 2>&1; then fail "lint: an Extra stage of the list passed"; fi
grep -q "extra.pat:7:11: .*'second' is one of the game's stages (line 6)" "$tmp/out" ||
    fail "lint extra in the list: $(cat "$tmp/out")"
sed 's|extra after_hours|extra wisp|' "$(dirname "$0")/../../docs/examples/25_game.pat" \
    >"$tmp/mod/extra.pat"
if "$curtain" lint "$tmp/mod/extra.pat" >"$tmp/out" 2>&1; then fail "lint: an Extra pattern passed"; fi
grep -q "extra.pat:7:11: .*'wisp' is a pattern, not a stage" "$tmp/out" ||
    fail "lint extra not a stage: $(cat "$tmp/out")"
sed 's|extra after_hours|extra|' "$(dirname "$0")/../../docs/examples/25_game.pat" \
    >"$tmp/mod/extra.pat"
if "$curtain" lint "$tmp/mod/extra.pat" >"$tmp/out" 2>&1; then fail "lint: extra without a name passed"; fi
grep -q "extra.pat:7:5: 'extra' is not declared, not a stage" "$tmp/out" ||
    fail "lint extra without a name (a stage named extra): $(cat "$tmp/out")"
sed 's|say kitsune angry|say kitsune angyr|' "$(dirname "$0")/../../docs/examples/24_dialogue.pat" \
    >"$tmp/mod/talk.pat"
cp "$(dirname "$0")/../../docs/examples/art/faces.png" "$tmp/mod/art/faces.png"
"$curtain" lint "$tmp/mod/talk.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of an unknown expression did not exit 1: $(cat "$tmp/out")"
grep -q "talk.pat:30:17: kitsune has no expression 'angyr' (did you mean 'angry'?)" "$tmp/out" ||
    fail "lint of an unknown expression: $(cat "$tmp/out")"
# lint refuses a sheet that is missing or outside the mod, at its path
sed 's|"art/sheet.png"|"art/none.png"|' "$tmp/mod/art.pat" >"$tmp/mod/none.pat"
"$curtain" lint "$tmp/mod/none.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a missing sheet did not exit 1: $(cat "$tmp/out")"
grep -q "none.pat:1:12: the sheet .*art/none.png is missing" "$tmp/out" ||
    fail "lint of a missing sheet: $(cat "$tmp/out")"
# with the declaration's line quoted and a caret under the sheet, as every error has
grep -q '^    art .* "art/none.png"' "$tmp/out" && grep -q '^ *\^$' "$tmp/out" ||
    fail "lint of a missing sheet quotes no line: $(cat "$tmp/out")"
ln -s "$(cd "$(dirname "$0")/../../docs/examples/art" && pwd)/sheet.png" "$tmp/mod/art/out.png"
sed 's|"art/sheet.png"|"art/out.png"|' "$tmp/mod/art.pat" >"$tmp/mod/out.pat"
"$curtain" lint "$tmp/mod/out.pat" >"$tmp/out" 2>&1
grep -q "out.pat:1:12: the sheet .*art/out.png lies outside its folder" "$tmp/out" ||
    fail "lint of a sheet linked from outside: $(cat "$tmp/out")"
# lint reads a sheet's size from its PNG header: a frame outside the 64x16 sheet
# and an animation whose frames run off its edge are errors at the shape's `at`
cat >"$tmp/mod/edge.pat" <<'ART'
art garden "art/sheet.png" {
    shape petal frame 16 16 at 0 8 hitbox 3
    shape ember frame 16 16 at 40 0 hitbox 4 frames 2 every 4
}
ART
"$curtain" lint "$tmp/mod/edge.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of frames off the sheet did not exit 1: $(cat "$tmp/out")"
grep -q "edge.pat:2:32: the frame 16x16 at 0 8 of 'petal' lies outside its sheet .*(64x16)" \
    "$tmp/out" || fail "lint of a frame off the sheet: $(cat "$tmp/out")"
grep -q "edge.pat:3:32: the animation 'ember' runs off its sheet's edge: 2 frames of 16 px from x 40 end at 72" \
    "$tmp/out" || fail "lint of an animation off the sheet: $(cat "$tmp/out")"
# and --dump shows an animation, and the looks of bosses and ships
cat >"$tmp/mod/anim.pat" <<'ART'
art garden "art/sheet.png" {
    shape petal frame 16 16 at 0 0 hitbox 3 frames 3 every 5 once
}
boss b { name "B"; look petal; phase { wait 1 } }
ART
"$curtain" lint --dump "$tmp/mod/anim.pat" >"$tmp/out" 2>&1 || fail "lint --dump anim: $(cat "$tmp/out")"
grep -q "^art 'petal': shape 11, .* upright, frames 3 every 5 once" "$tmp/out" &&
    grep -q "^look boss 'b': petal (art)" "$tmp/out" || fail "lint --dump anim: $(cat "$tmp/out")"
rm "$tmp/mod/edge.pat" "$tmp/mod/anim.pat"
# lint refuses what the game would, from the header alone: a sheet that is not a
# PNG (an SVG named .png) and one whose 69 bytes claim 30000x30000 pixels (the
# game crashed in libpng on it, and lint called the mod clean)
sheets="$(dirname "$0")/../render/fuzz/sheet"
for bad in "svg_named.png:is not a PNG (it starts with '<svg xml'" \
    "header_30000.png:is 30000x30000 pixels, larger than 2048x2048" \
    "palette_30000.png:is 30000x30000 pixels, larger than 2048x2048"; do
    cp "$sheets/${bad%%:*}" "$tmp/mod/art/bad.png"
    sed 's|"art/sheet.png"|"art/bad.png"|' "$tmp/mod/art.pat" >"$tmp/mod/bad.pat"
    "$curtain" lint "$tmp/mod/bad.pat" >"$tmp/out" 2>&1
    [ $? -eq 1 ] || fail "lint of ${bad%%:*} did not exit 1: $(cat "$tmp/out")"
    grep -qF "bad.pat:1:12: the sheet $tmp/mod/art/bad.png ${bad#*:}" "$tmp/out" ||
        fail "lint of ${bad%%:*}: $(cat "$tmp/out")"
done
rm -f "$tmp/mod/bad.pat" "$tmp/mod/art/bad.png"
# drawcount N: waits (up to 10 s) until the viewer has drawn the art N times.
drawcount() {
    for _ in $(seq 100); do
        [ "$(grep -c "drew $2 art shapes" "$tmp/view.out")" -ge "$1" ] && return 0
        sleep 0.1
    done
    return 1
}
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$tmp/mod/art.pat" --frames 3600 \
    >"$tmp/view.out" 2>&1 &
view=$!
drawcount 1 2 || fail "view did not draw the art: $(cat "$tmp/view.out")"
seen=$(grep -c "drew 2 art shapes" "$tmp/view.out")
touch -m -d "@$(($(date +%s) + 5))" "$tmp/mod/art/sheet.png"
drawcount $((seen + 1)) 2 || fail "view did not draw a saved sheet again: $(cat "$tmp/view.out")"
mv "$tmp/mod/art/sheet.png" "$tmp/mod/gone.png"
waitfor "art.pat:1:12: the sheet .*sheet.png is missing" ||
    fail "view did not report the missing sheet: $(cat "$tmp/view.out")"
mv "$tmp/mod/gone.png" "$tmp/mod/art/sheet.png"
touch -m -d "@$(($(date +%s) + 10))" "$tmp/mod/art/sheet.png"
drawcount $((seen + 2)) 2 || fail "view did not draw the sheet put back: $(cat "$tmp/view.out")"
sed -i 's/^}$/    shape ember frame 16 16 at 40 0 hitbox 4 additive\n}/' "$tmp/mod/art.pat"
touch -m -d "@$(($(date +%s) + 15))" "$tmp/mod/art.pat"
drawcount 1 3 || fail "view did not reload a changed declaration: $(cat "$tmp/view.out")"
kill "$view" 2>/dev/null
wait "$view" 2>/dev/null

# sound: a mod's sound files are found from the script's folder up, listed by
# lint --dump; a damaged or odd one, a typo, a link out: positioned errors
mkdir -p "$tmp/smod/stage1" "$tmp/smod/sounds" "$tmp/elsewhere"
cp "$(dirname "$0")/../../docs/examples/sounds/chime.wav" "$tmp/smod/sounds/chime.wav"
printf 'pattern ring {\n    sound chime\n    fire orb ring 8 speed 2\n}\n' >"$tmp/smod/stage1/s.pat"
"$curtain" lint --dump "$tmp/smod/stage1/s.pat" >"$tmp/out" 2>&1 || fail "lint of a sound: $(cat "$tmp/out")"
grep -q "^sound 'chime': .*smod/sounds/chime.wav.*s.pat:2:11" "$tmp/out" ||
    fail "lint --dump sound: $(cat "$tmp/out")"
head -c 100 "$tmp/smod/sounds/chime.wav" >"$tmp/smod/sounds/cut.wav"
sed 's/chime/cut/' "$tmp/smod/stage1/s.pat" >"$tmp/smod/stage1/cut.pat"
"$curtain" lint "$tmp/smod/stage1/cut.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a damaged sound file did not exit 1"
grep -q "cut.pat:2:11: the sound 'cut' cannot be played: .*cut.wav: the 'data' chunk at byte [0-9]* runs past the end" \
    "$tmp/out" || fail "lint of a damaged sound: $(cat "$tmp/out")"
grep -q '^ *\^$' "$tmp/out" || fail "lint printed no caret for the sound: $(cat "$tmp/out")"
sox -n -r 44100 -c 6 -b 16 "$tmp/smod/sounds/six.wav" synth 0.1 sine 440 2>/dev/null ||
    printf 'RIFF\044\000\000\000WAVEfmt \020\000\000\000\001\000\006\000\104\254\000\000\000\000\000\000\014\000\020\000data\000\000\000\000' >"$tmp/smod/sounds/six.wav"
sed 's/chime/six/' "$tmp/smod/stage1/s.pat" >"$tmp/smod/stage1/six.pat"
"$curtain" lint "$tmp/smod/stage1/six.pat" >"$tmp/out" 2>&1
grep -q "six.pat:2:11: the sound 'six' cannot be played: .*(mono or stereo are read)" "$tmp/out" ||
    fail "lint of a six-channel sound: $(cat "$tmp/out")"
sed 's/chime/chme/' "$tmp/smod/stage1/s.pat" >"$tmp/smod/stage1/typo.pat"
"$curtain" lint "$tmp/smod/stage1/typo.pat" >"$tmp/out" 2>&1
grep -q "typo.pat:2:11: unknown sound 'chme' (did you mean 'chime'?)" "$tmp/out" ||
    fail "lint of a misspelt sound: $(cat "$tmp/out")"
cp "$tmp/smod/sounds/chime.wav" "$tmp/elsewhere/out.wav"
ln -s "$tmp/elsewhere/out.wav" "$tmp/smod/sounds/out.wav"
sed 's/chime/out/' "$tmp/smod/stage1/s.pat" >"$tmp/smod/stage1/out.pat"
"$curtain" lint "$tmp/smod/stage1/out.pat" >"$tmp/out" 2>&1
grep -q "out.pat:2:11: the sound file .*sounds/out.wav lies outside its folder" "$tmp/out" ||
    fail "lint of a sound linked out of the mod: $(cat "$tmp/out")"
# music: lint checks the music/ folder found from the scripts' folder up, as the
# game loads it: a good Ogg file and score are clean and listed by --dump; a cut
# Ogg file, a text named .ogg and a score with a bad line are errors at their places.
mkdir -p "$tmp/mmod/stage1" "$tmp/mmod/music"
cp "$(dirname "$0")/data/tone.ogg" "$tmp/mmod/music/calm.ogg"
printf 'tempo 120\nflute: @flute o4 c4 d4 e4\n' >"$tmp/mmod/music/stage1.mml"
printf 'pattern ring {\n    fire orb ring 8 speed 2\n}\n' >"$tmp/mmod/stage1/s.pat"
"$curtain" lint --dump "$tmp/mmod/stage1/s.pat" >"$tmp/out" 2>&1 || fail "lint of good music: $(cat "$tmp/out")"
grep -q "^music 'calm': .*mmod/music/calm.ogg (ogg)$" "$tmp/out" || fail "lint --dump ogg: $(cat "$tmp/out")"
grep -q "^music 'stage1': .*mmod/music/stage1.mml (mml)$" "$tmp/out" || fail "lint --dump mml: $(cat "$tmp/out")"
head -c 4000 "$tmp/mmod/music/calm.ogg" >"$tmp/mmod/music/cut.ogg"
printf 'not an Ogg file\n' >"$tmp/mmod/music/text.ogg"
printf 'tempo 120\nflute: @flute o4 c4 d4 e4\nflute: o4 c4 %%\n' >"$tmp/mmod/music/broken.mml"
"$curtain" lint "$tmp/mmod/stage1/s.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of damaged music did not exit 1: $(cat "$tmp/out")"
grep -q "mmod/music/cut.ogg:1:1: no length" "$tmp/out" || fail "lint of a cut ogg: $(cat "$tmp/out")"
grep -q "mmod/music/text.ogg:1:1: not an Ogg Vorbis file" "$tmp/out" ||
    fail "lint of a text named .ogg: $(cat "$tmp/out")"
grep -q "mmod/music/broken.mml:3:[0-9]*: " "$tmp/out" || fail "lint of a broken score: $(cat "$tmp/out")"
grep -q "^3 errors" "$tmp/out" || fail "lint of damaged music: not 3 errors: $(cat "$tmp/out")"
rm "$tmp/mmod/music/cut.ogg" "$tmp/mmod/music/text.ogg" "$tmp/mmod/music/broken.mml"
ln -s "$tmp/elsewhere" "$tmp/mmod/stage1/music"
"$curtain" lint "$tmp/mmod/stage1/s.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a music folder linked out did not exit 1: $(cat "$tmp/out")"
grep -q "stage1/music:1:1: the music folder lies outside" "$tmp/out" ||
    fail "lint of a music folder linked out: $(cat "$tmp/out")"

# backdrops: lint --dump lists each layer; lint refuses a missing sheet and a misspelt
# option at their places; the viewer draws the backdrop, draws it again when its sheet
# is saved, reports a sheet gone and keeps running with the last good backdrop.
mkdir -p "$tmp/bmod/art"
cp "$(dirname "$0")/../../docs/examples/art/clouds_far.png" "$tmp/bmod/art/clouds.png"
cat >"$tmp/bmod/sky.pat" <<'SKY'
backdrop sky {
    layer fill gradient (10, 20, 30) (40, 50, 60)
    layer "art/clouds.png" tile scroll 0 0.5 alpha 0.5
}
stage s { background sky; wait 600 }
SKY
"$curtain" lint --dump "$tmp/bmod/sky.pat" >"$tmp/out" 2>&1 || fail "lint --dump sky: $(cat "$tmp/out")"
grep -q "^backdrop 'sky': id 9, 2 layers, spell id 10, 2 layers" "$tmp/out" &&
    grep -q "^backdrop 'sky': .*bmod/art/clouds.png tile (0, 0) scroll 0 0.5 .* alpha 0.5" \
        "$tmp/out" || fail "lint --dump backdrop: $(cat "$tmp/out")"
sed 's|art/clouds.png|art/none.png|' "$tmp/bmod/sky.pat" >"$tmp/bmod/none.pat"
"$curtain" lint "$tmp/bmod/none.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a backdrop's missing sheet did not exit 1: $(cat "$tmp/out")"
grep -q "none.pat:3:11: the sheet .*art/none.png is missing" "$tmp/out" ||
    fail "lint of a backdrop's missing sheet: $(cat "$tmp/out")"
sed 's|alpha 0.5|alpah 0.5|' "$tmp/bmod/sky.pat" >"$tmp/bmod/typo.pat"
"$curtain" lint "$tmp/bmod/typo.pat" >"$tmp/out" 2>&1
grep -q "typo.pat:3:46: unknown layer option 'alpah' (did you mean 'alpha'?)" "$tmp/out" ||
    fail "lint of a misspelt layer option: $(cat "$tmp/out")"
sed 's|background sky|background skyy|' "$tmp/bmod/sky.pat" >"$tmp/bmod/cue.pat"
"$curtain" lint "$tmp/bmod/cue.pat" >"$tmp/out" 2>&1
grep -q "cue.pat:5:22: unknown backdrop 'skyy' (did you mean 'sky'?)" "$tmp/out" ||
    fail "lint of an unknown backdrop: $(cat "$tmp/out")"
bdcount() {
    for _ in $(seq 100); do
        [ "$(grep -c "and 1 backdrop$" "$tmp/view.out")" -ge "$1" ] && return 0
        sleep 0.1
    done
    return 1
}
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$tmp/bmod/sky.pat" --frames 3600 \
    >"$tmp/view.out" 2>&1 &
view=$!
bdcount 1 || fail "view did not draw the backdrop: $(cat "$tmp/view.out")"
touch -m -d "@$(($(date +%s) + 5))" "$tmp/bmod/art/clouds.png"
bdcount 2 || fail "view did not draw a backdrop's saved sheet again: $(cat "$tmp/view.out")"
mv "$tmp/bmod/art/clouds.png" "$tmp/bmod/gone.png"
waitfor "sky.pat:3:11: the sheet .*clouds.png is missing" ||
    fail "view did not report the backdrop's missing sheet: $(cat "$tmp/view.out")"
kill -0 "$view" 2>/dev/null || fail "view stopped at a missing backdrop sheet"
mv "$tmp/bmod/gone.png" "$tmp/bmod/art/clouds.png"
touch -m -d "@$(($(date +%s) + 10))" "$tmp/bmod/art/clouds.png"
bdcount 3 || fail "view did not draw the backdrop's sheet put back: $(cat "$tmp/view.out")"
kill "$view" 2>/dev/null
wait "$view" 2>/dev/null

# view of a file that defines a boss opens on the boss; --entry picks a pattern
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$patterns/stage1/3_boss.pat" \
    --frames 5 >"$tmp/view.out" 2>&1 || fail "view of the boss file: $(cat "$tmp/view.out")"
grep -q "running boss s1_kagari" "$tmp/view.out" || fail "boss file: $(cat "$tmp/view.out")"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$patterns/stage1/3_boss.pat" \
    --entry s1_lantern --frames 5 >"$tmp/view.out" 2>&1 || fail "view --entry"
grep -q "running entry s1_lantern" "$tmp/view.out" || fail "--entry: $(cat "$tmp/view.out")"
# the stage file, given with the files of its enemies and bosses, runs its stage, not
# the first boss of another file
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$patterns/stage1/stage1.pat" \
    "$patterns/stage1/1_enemies.pat" "$patterns/stage1/2_midboss.pat" \
    "$patterns/stage1/3_boss.pat" --frames 5 >"$tmp/view.out" 2>&1 || fail "view of the stage"
grep -q "running entry stage1" "$tmp/view.out" || fail "stage file: $(cat "$tmp/view.out")"
# an --entry the file does not define is said before the default runs instead
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy "$curtain" view "$patterns/spiral.pat" \
    --entry nosuch --frames 5 >"$tmp/view.out" 2>&1 || fail "view --entry nosuch"
grep -q "spiral.pat: no pattern, enemy or stage 'nosuch'; running entry spiral instead" \
    "$tmp/view.out" || fail "--entry nosuch: $(cat "$tmp/view.out")"

# run --screenshot: a 640x480 PNG of the field at the frame asked for, drawn headless;
# a different frame gives a different picture
png_size() { od -An -tu1 -j16 -N8 "$1" | awk '{print $3*256+$4 "x" $7*256+$8}'; }
"$curtain" run "$patterns/flower.pat" --screenshot "$tmp/f60.png" --at-frame 60 >/dev/null ||
    fail "run --screenshot"
"$curtain" run "$patterns/flower.pat" --frames 90 --screenshot "$tmp/f90.png" >/dev/null ||
    fail "run --frames --screenshot"
[ "$(od -An -c -j1 -N3 "$tmp/f60.png" | tr -d ' ')" = "PNG" ] || fail "screenshot is not a PNG"
[ "$(png_size "$tmp/f60.png")" = "640x480" ] || fail "screenshot is $(png_size "$tmp/f60.png")"
cmp -s "$tmp/f60.png" "$tmp/f90.png" && fail "frames 60 and 90 gave the same picture"
# a mod's art shapes are drawn from their sheet, as the viewer draws them (not as
# dots): the same file over another sheet gives another picture
docs=$(dirname "$patterns")/docs
mkdir -p "$tmp/art_a/art" "$tmp/art_b/art"
cp "$docs/examples/23_art.pat" "$tmp/art_a/" && cp "$docs/examples/23_art.pat" "$tmp/art_b/"
cp "$docs/examples/art/sheet.png" "$tmp/art_a/art/sheet.png"
cp "$docs/examples/art/looks.png" "$tmp/art_b/art/sheet.png"
for v in a b; do # from its folder: the panel names the file the same in both
    (cd "$tmp/art_$v" && "$curtain" run 23_art.pat --screenshot "$tmp/art_$v.png" \
        --at-frame 60 >/dev/null) || fail "run --screenshot of art shapes ($v)"
done
cmp -s "$tmp/art_a.png" "$tmp/art_b.png" && fail "art shapes drawn the same from two sheets"
"$curtain" run "$patterns/flower.pat" --at-frame 5 >/dev/null 2>&1
[ $? -eq 2 ] || fail "--at-frame without --screenshot did not exit 2"
"$curtain" run "$patterns/flower.pat" --frames 10 --at-frame 20 --screenshot "$tmp/x.png" \
    >/dev/null 2>&1
[ $? -eq 2 ] || fail "--at-frame after --frames did not exit 2"
"$curtain" run "$patterns/flower.pat" --frames 10 --screenshot /no/such/dir/x.png >/dev/null 2>&1
[ $? -eq 1 ] || fail "an unwritable screenshot path did not exit 1"
# --screenshot alone does not say how far to run: the usage error says what would.
expect 2 'frames N is required \(or --screenshot OUT.png --at-frame N\)' run \
    "$patterns/flower.pat" --screenshot "$tmp/y.png"
# run: the items a file drops, on a line of their own (dropped, refused: 40 in a
# frame is 8 over the bound), and a trace row each; a file that drops none has
# neither (spiral's summary above is one line)
printf 'pattern p {\n    drop point 40 at (100, 50)\n    wait 10\n    drop life\n    wait 100\n}\n' \
    >"$tmp/drops.pat"
"$curtain" run "$tmp/drops.pat" --frames 20 --trace "$tmp/d.csv" >"$tmp/out" 2>&1 ||
    fail "run drops.pat: $(cat "$tmp/out")"
grep -q "^items 33 dropped 33 refused 8$" "$tmp/out" || fail "run drops.pat's items: $(cat "$tmp/out")"
grep -q "^19,I32,[0-9.]*,[0-9.]*,life$" "$tmp/d.csv" || fail "no item rows: $(tail -2 "$tmp/d.csv")"
[ "$(grep -c ',I' "$tmp/d.csv")" -eq $((20 * 32 + 10)) ] || fail "item rows: $(grep -c ',I' "$tmp/d.csv")"
grep -q "^items" "$tmp/sum1" && fail "items counted for a file that drops none: $(cat "$tmp/sum1")"
grep -q ',I' "$tmp/a.csv" && fail "item rows for a file that drops none"

# bench patterns: a quick run prints its tables and records its figures (run from the
# source tree, whose patterns/ is the data folder's)
(cd "$patterns/.." && "$curtain" bench patterns --quick --json "$tmp/bench.json") \
    >"$tmp/bench.out" 2>&1 ||
    fail "bench patterns --quick: $(cat "$tmp/bench.out")"
for key in patterns/compile/patterns_/median patterns/emitters/library_mix/p50 \
    patterns/sleeping/timer_wheel__vm_/ratio; do
    grep -qF "\"$key" "$tmp/bench.json" || fail "no figure $key in the bench JSON"
done

finish "pattern commands"
