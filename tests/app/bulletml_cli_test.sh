#!/usr/bin/env bash
# BulletML on the command line: lint's exit status and messages for .xml files,
# run --reference against libbulletml's own trace (the oracle), the dialect
# switch, usage errors, and run on the game's sandbox.
# usage: bulletml_cli_test.sh PATH/TO/curtain PATH/TO/bulletml_oracle PROBES_DIR
set -u
curtain=$1
oracle=$2
probes=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check.sh"

# Fails unless two traces have the same rows (frame, id) with positions within tol.
same_trace() {
    awk -F, -v tol="$3" '
        NR == FNR { if (FNR > 1) want[FNR] = $0; n = FNR; next }
        FNR > 1 {
            split(want[FNR], w, ",")
            if (w[1] != $1 || w[2] != $2) { print "row " FNR ": " $0 " vs " want[FNR]; bad = 1; exit }
            dx = w[3] - $3; dy = w[4] - $4
            if (dx > tol || -dx > tol || dy > tol || -dy > tol) { print "row " FNR ": " $0 " vs " want[FNR]; bad = 1; exit }
            m = FNR
        }
        END { if (!bad && m != n) { print "rows: " m " vs " n; bad = 1 } exit bad }' "$1" "$2"
}

# lint: a probe is clean; a broken file exits 1 with file:line:col, message and caret
"$curtain" lint "$probes/ramps.xml" >"$tmp/out" 2>&1 || fail "lint ramps.xml: $(cat "$tmp/out")"
printf '<bulletml>\n<action label="top">\n  <wait>5 %% 2</wait>\n</action>\n</bulletml>\n' \
    >"$tmp/bad.xml"
"$curtain" lint "$tmp/bad.xml" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "lint of a broken file did not exit 1"
grep -q "bad.xml:3:11: '%' is not supported" "$tmp/out" || fail "lint message: $(cat "$tmp/out")"
grep -q '^ *\^$' "$tmp/out" || fail "lint printed no caret: $(cat "$tmp/out")"

# run --reference gives libbulletml's trace (to the trace's 0.001 px)
for probe in ramps rand_order multi_action_edges; do
    "$curtain" run "$probes/$probe.xml" --reference --frames 40 --rank 0.3 --seed 7 \
        --trace "$tmp/curtain.csv" >"$tmp/sum" || fail "run --reference $probe"
    "$oracle" "$probes/$probe.xml" --frames 40 --rank 0.3 --seed 7 >"$tmp/lib.csv"
    same_trace "$tmp/lib.csv" "$tmp/curtain.csv" 0.0006 >"$tmp/diff" ||
        fail "run --reference $probe differs from libbulletml: $(cat "$tmp/diff")"
    grep -q "^frames 40 .* errors 0 hash " "$tmp/sum" || fail "summary: $(cat "$tmp/sum")"
done
"$curtain" run "$probes/ramps.xml" --reference --frames 40 --rand 0.5 >/dev/null ||
    fail "run --reference --rand"

# the dialect switch: the second bullet heads 51 degrees (Debian) or 101 (upstream)
for d in debian:0.777 upstream:0.982; do
    "$curtain" run "$probes/changedir_prev.xml" --reference --frames 2 \
        --bulletml-dialect "${d%%:*}" --trace "$tmp/d.csv" >/dev/null || fail "dialect ${d%%:*}"
    grep -q "^1,2,${d#*:}" "$tmp/d.csv" || fail "dialect ${d%%:*}: $(grep '^1,2,' "$tmp/d.csv")"
done

# usage errors exit 2
expect_usage() {
    "$curtain" run "$@" >"$tmp/out" 2>&1
    [ $? -eq 2 ] || fail "curtain run $* did not exit 2: $(cat "$tmp/out")"
}
expect_usage "$probes/ramps.xml" --frames 10 --rand 0.5
expect_usage "$tmp/bad.pat" --frames 10 --reference
expect_usage "$probes/ramps.xml" "$probes/tops.xml" --frames 10 --reference
expect_usage "$probes/ramps.xml" --frames 10 --bulletml-dialect noiz2sa
expect_usage "$probes/ramps.xml" --frames 10 --reference --screenshot "$tmp/s.png"

# a broken file under --reference: exit 1 and the error
"$curtain" run "$tmp/bad.xml" --reference --frames 10 >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "run --reference of a broken file did not exit 1"
grep -q "bad.xml:3:11:" "$tmp/out" || fail "run --reference message: $(cat "$tmp/out")"

# run without --reference: the game's sandbox runs it as a pattern named after the file
"$curtain" run "$probes/tops.xml" --frames 30 >"$tmp/out" 2>&1 || fail "run tops.xml: $(cat "$tmp/out")"
grep -q "^frames 30 bullets [1-9]" "$tmp/out" || fail "run tops.xml: $(cat "$tmp/out")"

finish "bulletml cli"
