#!/usr/bin/env bash
# rng_lint reports exactly the marked lines of its fixture, and nothing in clean code.
# usage: rng_lint_test.sh PATH/TO/rng_lint FIXTURE
set -u
lint=$1
fixture=$2
out=$("$lint" "$fixture" 2>/dev/null)
rc=$?
failures=0
[ "$rc" -eq 1 ] || { echo "FAIL: exit $rc on the fixture, wanted 1"; failures=1; }
want=$(grep -n 'BAD' "$fixture" | grep -v 'every marked' | cut -d: -f1 | tr '\n' ' ')
got=$(sed -E 's/^[^:]+:([0-9]+):.*/\1/' <<<"$out" | tr '\n' ' ')
[ "$want" = "$got" ] || { echo "FAIL: reported lines '$got', wanted '$want'"; echo "$out"; failures=1; }
grep -q "two random draws in one expression" <<<"$out" || { echo "FAIL: no message"; failures=1; }
[ "$failures" -eq 0 ] && echo "rng_lint: fixture reported exactly lines $got"
exit "$failures"
