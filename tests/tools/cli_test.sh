#!/usr/bin/env bash
# Every program and script in tools/ answers -h/--help (usage on standard output,
# exit 0) and refuses an unknown option (exit 2), and neither writes a file: once
# `sfx_export --help` made a folder named --help full of WAV files. The programs are
# those tools/CMakeLists.txt builds (a new one is checked without a change here);
# the scripts are tools/*.sh.
# usage: cli_test.sh BUILD_DIR SOURCE_DIR
set -u
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)

failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect_tool CODE PATTERN STREAM CMD ARGS...: runs CMD in an empty folder, wants
# exit CODE, PATTERN on STREAM (out or err) and no file left behind.
expect_tool() {
    local code=$1 pattern=$2 stream=$3
    shift 3
    local dir out err rc
    dir=$(mktemp -d)
    out=$(cd "$dir" && "$@" 2>"$dir.err" </dev/null)
    rc=$?
    err=$(cat "$dir.err")
    rm -f "$dir.err"
    [ "$rc" -eq "$code" ] || fail "$* exited $rc, wanted $code; output: $out $err"
    local text=$out
    [ "$stream" = err ] && text=$err
    grep -qE -- "$pattern" <<<"$text" || fail "$* printed no /$pattern/ on std$stream: $out $err"
    [ -z "$(ls -A "$dir")" ] || fail "$* wrote $(ls -A "$dir")"
    rm -rf "$dir"
}

programs=$(sed -n 's/^ *add_executable(\([A-Za-z0-9_]*\).*/\1/p' "$src/tools/CMakeLists.txt")
[ -n "$programs" ] || fail "no add_executable found in tools/CMakeLists.txt"
checked=0
for p in $programs; do
    [ -x "$build/$p" ] || continue # not built in this configuration (CURTAIN_SDL=OFF)
    checked=$((checked + 1))
    expect_tool 0 "^usage: $p " out "$build/$p" --help
    expect_tool 0 "^usage: $p " out "$build/$p" -h
    expect_tool 0 "^usage: $p " out "$build/$p" out_dir --help
    expect_tool 2 "unknown option '--bogus'" err "$build/$p" --bogus
    expect_tool 2 "unknown option '-q'" err "$build/$p" out_dir -q
done
[ -x "$build/sfx_export" ] || fail "sfx_export was not built"
[ "$checked" -ge 2 ] || fail "only $checked tool programs found in $build"

for s in "$src"/tools/*.sh; do
    name=$(basename "$s" .sh)
    expect_tool 0 "tools/$name.sh" out bash "$s" --help
    expect_tool 0 "tools/$name.sh" out bash "$s" -h
    expect_tool 2 "unknown option '--bogus'|usage: tools/$name.sh" err bash "$s" --bogus
done

if [ "$failures" -ne 0 ]; then
    echo "tools.cli: $failures failures" >&2
    exit 1
fi
echo "tools.cli: $checked programs and the scripts answer --help and refuse unknown options"
