#!/usr/bin/env bash
# curtain fmt: prints the layout, --check names a file that would change and exits
# 1 (0 when every file is laid out), --write and -w rewrite in place and leave a
# laid-out file untouched, a file that does not lex is left alone with its error
# (exit 1), and --write with --check is a usage error (exit 2).
# usage: fmt_cli_test.sh PATH/TO/curtain PATTERNS_DIR
set -u
curtain=$1
patterns=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check.sh"

printf 'pattern p{\n  fire orb red at 9*10 # aimed\n}\n' >"$tmp/messy.pat"
printf 'pattern p {\n    fire orb red at 9 * 10 # aimed\n}\n' >"$tmp/want.pat"
cp "$tmp/messy.pat" "$tmp/orig.pat"
"$curtain" fmt "$tmp/messy.pat" >"$tmp/out" 2>&1 || fail "fmt exited $?: $(cat "$tmp/out")"
cmp -s "$tmp/out" "$tmp/want.pat" || fail "fmt printed: $(cat "$tmp/out")"
cmp -s "$tmp/messy.pat" "$tmp/orig.pat" || fail "fmt without --write changed the file"
"$curtain" fmt --check "$tmp/messy.pat" "$tmp/want.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "fmt --check of a messy file did not exit 1"
[ "$(cat "$tmp/out")" = "$tmp/messy.pat" ] || fail "fmt --check named: $(cat "$tmp/out")"
cmp -s "$tmp/messy.pat" "$tmp/orig.pat" || fail "fmt --check changed the file"
"$curtain" fmt -w "$tmp/messy.pat" >"$tmp/out" 2>&1 || fail "fmt -w exited $?: $(cat "$tmp/out")"
cmp -s "$tmp/messy.pat" "$tmp/want.pat" || fail "fmt -w wrote: $(cat "$tmp/messy.pat")"
[ -z "$(ls "$tmp" | grep tmp)" ] || fail "fmt -w left a temporary: $(ls "$tmp")"
cp "$tmp/orig.pat" "$tmp/messy.pat"
"$curtain" fmt --write "$tmp/messy.pat" >"$tmp/out" 2>&1 || fail "fmt --write exited $?"
cmp -s "$tmp/messy.pat" "$tmp/want.pat" || fail "fmt --write wrote: $(cat "$tmp/messy.pat")"
"$curtain" fmt --check "$tmp/messy.pat" >"$tmp/out" 2>&1 || fail "fmt --check after --write exited $?"
# every shipped pattern file is laid out
# shellcheck disable=SC2046
"$curtain" fmt --check $(find "$patterns" -name '*.pat' | sort) >"$tmp/out" 2>&1 ||
    fail "patterns/ is not laid out: $(cat "$tmp/out")"
# a file that does not lex is left alone
printf 'pattern p {\n    print "open\n}\n' >"$tmp/bad.pat"
cp "$tmp/bad.pat" "$tmp/bad_orig.pat"
"$curtain" fmt -w "$tmp/bad.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "fmt -w of a file with an unterminated string did not exit 1"
grep -q "bad.pat:2:11: unterminated string" "$tmp/out" || fail "fmt's error: $(cat "$tmp/out")"
cmp -s "$tmp/bad.pat" "$tmp/bad_orig.pat" || fail "fmt -w changed a file it could not lay out"
"$curtain" fmt --write --check "$tmp/want.pat" >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail "fmt --write --check was not a usage error"
"$curtain" fmt "$tmp/missing.pat" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "fmt of a missing file did not exit 1"
finish "curtain fmt: print, --check, --write, -w, refusals"
