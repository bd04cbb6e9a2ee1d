#!/usr/bin/env bash
# The BulletML probes: small files that each isolate one rule of docs/bulletml.md,
# with the trace Debian's libbulletml gives for them (NAME.trace beside NAME.xml).
#
#   bulletml_probes.sh record ORACLE DIR   (re)write every DIR/NAME.trace with ORACLE
#   bulletml_probes.sh check ORACLE DIR    fail unless ORACLE still gives every trace
#   bulletml_probes.sh refused ORACLE DIR  fail unless ORACLE still crashes on, hangs
#                                          on or fails every DIR/NAME.xml as it says
#
# ORACLE is the bulletml_oracle program (tests/pattern/bulletml_oracle_main.c). A
# probe's run options sit on its first comment line: "probe: frames=N rank=R
# rand=C seed=S" (any of them). A refusal (tests/pattern/bulletml_refusals/, the
# documents curtain refuses) says "refusal: crash", "refusal: hang" (more than 3
# seconds on 5 frames) or "refusal: error" (a BulletMLError); the test of curtain's
# side is pattern.bulletml_probes.
set -euo pipefail
mode=${1:-}
oracle=${2:-}
dir=${3:-}
if [[ ! ($mode == record || $mode == check || $mode == refused) || ! -x $oracle || ! -d $dir ]]; then
    echo "usage: bulletml_probes.sh record|check|refused ORACLE DIR" >&2
    exit 2
fi

# What libbulletml does with each refusal: its exit is 1 with a BulletMLError, 124
# when it is stopped, 128 + the signal when it crashes (SIGSEGV, or SIGABRT from an
# assertion).
if [ "$mode" = refused ]; then
    # In a sanitizer build the oracle would report a crash and exit 1: let it crash.
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0:handle_abort=0"
    count=0
    failed=0
    for xml in "$dir"/*.xml; do
        want=$(tr -d '\r' <"$xml" | grep -m1 -o 'refusal: [a-z]*' | cut -d' ' -f2 || true)
        # In a shell of its own, whose report of the crash is not wanted.
        rc=$(bash -c 'timeout 3 "$0" "$1" --frames 5 >/dev/null 2>&1; echo $?' \
            "$oracle" "$xml" 2>/dev/null)
        case $rc in
        0) got=runs ;;
        1) got=error ;;
        124) got=hang ;;
        *) if [ "$rc" -gt 128 ]; then got=crash; else got="exit $rc"; fi ;;
        esac
        count=$((count + 1))
        if [ "$got" != "$want" ]; then
            echo "$xml: libbulletml: $got, expected ${want:-a 'refusal:' line}" >&2
            failed=$((failed + 1))
        fi
    done
    echo "$count refusals checked, $failed failed"
    [ "$count" -gt 0 ] && [ "$failed" -eq 0 ]
    exit
fi

# The oracle's options for a probe, from its "probe:" line.
probe_options() {
    local line
    line=$(tr -d '\r' <"$1" | grep -m1 -o 'probe:[^-]*' || true)
    if [ -z "$line" ]; then
        echo "$1: no 'probe:' line" >&2
        return 1
    fi
    for kv in ${line#probe:}; do
        printf -- '--%s %s ' "${kv%%=*}" "${kv#*=}"
    done
}

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
count=0
failed=0
for xml in "$dir"/*.xml; do
    name=${xml%.xml}
    # shellcheck disable=SC2046
    if ! "$oracle" "$xml" $(probe_options "$xml") >"$tmp"; then
        echo "$xml: the oracle failed" >&2
        failed=$((failed + 1))
        continue
    fi
    count=$((count + 1))
    if [ "$mode" = record ]; then
        cp "$tmp" "$name.trace"
    elif ! cmp -s "$tmp" "$name.trace"; then
        echo "$xml: libbulletml no longer gives $name.trace:" >&2
        diff "$name.trace" "$tmp" | head -20 >&2 || true
        failed=$((failed + 1))
    fi
done
echo "$count probes ${mode}ed, $failed failed"
[ "$count" -gt 0 ] && [ "$failed" -eq 0 ]
