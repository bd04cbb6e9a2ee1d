#!/usr/bin/env bash
# The curtain executable's argument handling: help, version, usage errors, headless play.
# usage: cli_test.sh PATH/TO/curtain
set -u
curtain=$1

. "$(dirname "$0")/check.sh"

expect 0 '^usage: curtain \[COMMAND\]' --help
expect 0 'play +play the game' -h
expect 0 '--headless' --help
expect 0 '^curtain [0-9]+\.[0-9]+\.[0-9]+$' --version
expect 0 '^usage: curtain play' play --help
expect 2 "unknown option '--bogus'" --bogus
expect 2 "unknown option '-q'" play -q
expect 2 "unknown command 'dance'" dance
# Every command of the table answers --help and -h, and refuses an unknown option,
# before doing anything (the commands are read from --help: a new one is checked too).
commands=$("$curtain" --help | sed -n '/^Commands:/,/^$/s/^  \([a-z]\{1,\}\) .*/\1/p')
[ "$(wc -w <<<"$commands")" -ge 7 ] || fail "--help lists too few commands: $commands"
for c in $commands; do
    expect 0 "^usage: curtain $c" "$c" --help
    expect 0 "^usage: curtain $c" "$c" -h
    expect 2 "curtain $c: unknown option '--bogus'" "$c" --bogus
done
expect 0 '^usage: curtain \[COMMAND\]' --data . --help
expect 2 "--frames wants a whole number" play --headless --frames abc
expect 2 "--frames wants a whole number" play --headless --frames 0
expect 2 "--frames needs a value" play --headless --frames
expect 2 "--seed wants a non-negative" play --headless --frames 5 --seed -3
expect 2 "--headless needs --frames" play --headless
expect 2 "unexpected argument 'extra'" play extra
expect 2 "--headless takes no value" play --headless=yes --frames 3
expect 0 '^frames 120 hash [0-9a-f]{16}$' play --headless --frames 120
expect 0 '^frames 7 hash [0-9a-f]{16}$' --headless --frames=7 --seed=0x10
# A seed is decimal or 0x hex, nothing else: strtoull read "010" as octal 8 and
# wrapped " -1" (a leading space hid the sign) to 2^64-1, silently.
expect 2 "--seed wants a non-negative whole number" play --headless --frames 5 --seed ' -1'
expect 2 "--seed wants a non-negative whole number" play --headless --frames 5 --seed '+8'
expect 2 "--seed wants a non-negative whole number" play --headless --frames 5 --seed 0x
expect 2 "--seed wants a non-negative whole number" play --headless --frames 5 --seed 0x1g
expect 2 "--seed wants a non-negative whole number" play --headless --frames 5 --seed 18446744073709551616
expect 2 "--seed wants a non-negative whole number" play --headless --frames 5 --seed 0x10000000000000000
expect 0 '^frames 5 hash' play --headless --frames 5 --seed 18446744073709551615
expect 0 '^frames 5 hash' play --headless --frames 5 --seed 0xFFFFFFFFFFFFFFFF
ten=$("$curtain" play --headless --frames 600 --seed 10)
[ "$("$curtain" play --headless --frames 600 --seed 010)" = "$ten" ] || fail "--seed 010 is not 10"
[ "$("$curtain" play --headless --frames 600 --seed 0xa)" = "$ten" ] || fail "--seed 0xa is not 10"

# The same seed gives the same state hash; another seed another.
a=$("$curtain" play --headless --frames 600 --seed 5)
b=$("$curtain" play --headless --frames 600 --seed 5)
c=$("$curtain" play --headless --frames 600 --seed 6)
[ "$a" = "$b" ] || fail "same seed, different hashes: $a / $b"
[ "$a" != "$c" ] || fail "different seeds, same hash: $a"

# Where the data is: no path is compiled in. The build's binary finds the source
# tree through the marker beside it; copied elsewhere alone it finds none (it read
# the build's patterns/ before), until --data or CURTAIN_DATA names one.
src=$(cd "$(dirname "$0")/../.." && pwd)
alone=$(mktemp -d)
cp "$curtain" "$alone/curtain"
[ -f "$(dirname "$curtain")/curtain-data.txt" ] || fail "no data marker beside the build's curtain"
out=$(env -u CURTAIN_DATA "$alone/curtain" play --headless --frames 5 2>&1)
[ $? -ne 0 ] || fail "a copied binary alone still found data: $out"
grep -q "share/curtain" <<<"$out" || fail "a copied binary's error names no installed folder: $out"
grep -qF "$src/patterns" <<<"$out" && fail "a copied binary read the source tree: $out"
env -u CURTAIN_DATA "$alone/curtain" --data "$src" play --headless --frames 5 >/dev/null 2>&1 ||
    fail "a copied binary with --data did not play"
CURTAIN_DATA="$src" "$alone/curtain" play --headless --frames 5 >/dev/null 2>&1 ||
    fail "a copied binary with CURTAIN_DATA did not play"
rm -rf "$alone"
expect 2 "--data needs a folder" --data

finish "cli"
