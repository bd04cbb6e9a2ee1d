#!/usr/bin/env bash
# The README is the front door, and what it says holds: its test command is the one CI
# runs first (.ci/run), every command `curtain --help` lists is in its table, every file
# it links to or names under docs/ exists, and the manual it sends players to has the
# sections it names.
# usage: readme_test.sh PATH/TO/curtain SOURCE_DIR
set -u
curtain=$1
src=$(cd "$2" && pwd)
readme=$src/README.md
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

grep -q '^tools/setup.sh test' "$readme" || fail "README names no 'tools/setup.sh test' command"
grep -q '^CURTAIN_WERROR=1 tools/setup.sh test$' "$src/.ci/run" ||
    fail ".ci/run no longer runs tools/setup.sh test: the README's test command is not CI's"

for c in $("$curtain" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }'); do
    grep -q "^| \`curtain $c\|^| \`curtain\`, \`curtain $c\`" "$readme" ||
        fail "README's command table lacks curtain $c"
done

for f in $(grep -oE '\]\([^)#]+\)' "$readme" | sed 's/^](//; s/)$//') \
    $(grep -oE 'docs/[a-z_]+\.md' "$readme" | sort -u); do
    [ -e "$src/$f" ] || fail "README links to $f, which does not exist"
done

for s in "Controls" "How to play" "Playing" "Commands" "Making a mod" "Where files go" "Installing"; do
    grep -q "^## $s\$" "$src/docs/manual.md" || fail "docs/manual.md has no section '$s'"
done
for s in "Installing" "Commands" "Making"; do
    grep -q "\*$s" "$readme" || fail "README no longer sends readers to the manual's *$s*"
done

if [ "$failures" -ne 0 ]; then
    echo "docs.readme: $failures failures" >&2
    exit 1
fi
echo "docs.readme: all checks passed"
