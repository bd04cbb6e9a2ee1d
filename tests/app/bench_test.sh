#!/usr/bin/env bash
# `curtain bench`: the scenario table, usage errors, and the JSON of quick pool and
# render runs (their keys, never their timings).
# usage: bench_test.sh PATH/TO/curtain
set -u
curtain=$1
json=$(mktemp /tmp/curtain-bench-XXXXXX.json)
trap 'rm -f "$json"' EXIT

. "$(dirname "$0")/check.sh"

expect 0 '^usage: curtain bench' bench --help
expect 0 '^  pool ' bench --list
expect 0 '^  render ' bench --list
expect 0 'bench +run benchmark scenarios' --help
expect 2 "unknown scenario 'nope'" bench nope
expect 2 "unknown scenario 'nope'" bench pool nope
expect 2 "unknown option '--fast'" bench --fast
expect 2 "--json needs a value" bench pool --json

out=$("$curtain" bench pool --quick --json "$json" 2>&1)
rc=$?
[ "$rc" -eq 0 ] || fail "bench pool --quick exited $rc; output: $out"
for table in '1. EZMissile' '2. Instantiate/Destroy' '3. Update pass' '4. Decision, free slots' \
    '5. Decision, iteration' '6. Draw order'; do
    grep -qF -- "$table" <<<"$out" || fail "no table '$table' in the output"
done
grep -q '"schema": "curtain-bench/1"' "$json" || fail "no schema in the JSON"
grep -q '"quick": true' "$json" || fail "the JSON does not say quick"
for key in \
    pool/ezmissile/scan_for_free__predicate_/per_op \
    pool/ezmissile/bullet_pool__soa__full_spawn_/vs_fastest \
    pool/ezmissile/pool_vs_scan \
    pool/instantiate/malloc_per_bullet/per_bullet-frame \
    pool/instantiate/bullet_pool__soa_/per_bullet-frame \
    pool/instantiate/pool_vs_malloc \
    pool/update/1k/straight \
    pool/update/100k/turning \
    pool/update/1k/tweening_bound \
    pool/update/100k/straight_bound \
    pool/update/10k/throughput \
    pool/update/bandwidth \
    pool/allocator/freelist_stack/churn_pair \
    pool/allocator/free_bitmap___ctz__lowest_/peak_slots \
    pool/allocator/bullet_pool__engine_/hot_pair \
    pool/iteration/10__live__scattered/alive_bitmap \
    pool/draw_order/order_list__engine_/per_frame; do
    grep -qF "\"key\": \"$key\", \"value\": " "$json" || fail "no figure $key in the JSON"
done
dups=$(grep -oE '"key": "[^"]*"' "$json" | sort | uniq -d)
[ -z "$dups" ] || fail "figure keys recorded twice: $dups"
# Every figure has a number, a unit and a direction.
if grep -F '"key": ' "$json" | grep -vqE '"value": -?[0-9][0-9.e+-]*, "unit": "[^"]*", "better": "(lower|higher|neutral)"'; then
    fail "a figure without a number, unit or direction: $(grep -F '"key": ' "$json" | grep -vE '"value": -?[0-9]' | head -3)"
fi

# The render scenario, on SDL's dummy video driver (the software renderer only:
# no display, and no GPU driver whose own allocations a leak checker would see).
out=$(SDL_VIDEODRIVER=dummy "$curtain" bench render --quick --json "$json" 2>&1)
rc=$?
[ "$rc" -eq 0 ] || fail "bench render --quick exited $rc; output: $out"
for table in 'Building draw arrays' 'software-surface: submitting' 'CPU blitter code paths'; do
    grep -qF -- "$table" <<<"$out" || fail "no table '$table' in the render output"
done
for key in \
    render/build/1k/vertices \
    render/build/10k/vertices_order \
    render/build/10k/rects \
    render/software-surface/1k/geometry \
    render/software-surface/10k/copy \
    render/software-surface/10k/blit \
    render/software-surface/10k/frame \
    render/software-surface/10k/vs_copy \
    render/blit_paths/scalar/blit \
    render/blit_threads/10k/blit_x1 \
    render/blit_threads/10k/blit_xn \
    render/blit_threads/10k/cpu_path_xn \
    render/blit_threads/10k/frame_xn; do
    grep -qF "\"key\": \"$key\", \"value\": " "$json" || fail "no figure $key in the render JSON"
done
dups=$(grep -oE '"key": "[^"]*"' "$json" | sort | uniq -d)
[ -z "$dups" ] || fail "render figure keys recorded twice: $dups"

# bulletml: a quick run over the installed BulletML corpus (none installed: a note, no
# figures); its figure keys are unique.
expect 0 '^  bulletml ' bench --list
if "$curtain" bench bulletml --quick --json "$json" >/dev/null; then
    if grep -q '"key": "bulletml/' "$json"; then
        grep -qF '"key": "bulletml/corpus/curtain_game__vm___pool_/per_bullet-frame"' "$json" ||
            fail "no per bullet-frame figure of the game engine in the bulletml JSON"
        dups=$(grep -oE '"key": "[^"]*"' "$json" | sort | uniq -d)
        [ -z "$dups" ] || fail "bulletml figure keys recorded twice: $dups"
    fi
else
    fail "curtain bench bulletml --quick failed"
fi

# The whole-frame scenarios and the storm are listed and runnable alone; --compare
# reads two runs' files and compares them figure by figure; a bad file is refused
# before anything runs; --sweep writes its plot; misused options are usage errors.
for name in frame frame10k frame100k frame1m storm threads; do
    expect 0 "^  $name " bench --list
done
expect 0 '\[--sweep\]' bench --list
json2=$(mktemp /tmp/curtain-bench-XXXXXX.json)
svg=$(mktemp /tmp/curtain-sweep-XXXXXX.svg)
trap 'rm -f "$json" "$json2" "$svg"' EXIT
"$curtain" bench frame10k --quick --json "$json" >/dev/null || fail "bench frame10k --quick failed"
"$curtain" bench frame10k --quick --json "$json2" >/dev/null || fail "bench frame10k --quick failed"
grep -qF '"key": "frame10k/frame/curtain__1_thread/p99"' "$json" || fail "no frame10k p99 figure"
expect 0 'frame10k/frame/naive/p50 ' bench --compare "$json" --against "$json2"
# A scenario named twice runs once, so the file keeps unique keys and reads back.
"$curtain" bench frame10k frame10k --quick --json "$json2" >/dev/null ||
    fail "bench frame10k frame10k --quick failed"
dups=$(grep -oE '"key": "[^"]*"' "$json2" | sort | uniq -d)
[ -z "$dups" ] || fail "a scenario named twice recorded its figures twice: $(head -3 <<<"$dups")"
expect 0 'frame10k/frame/naive/p50 ' bench --compare "$json2" --against "$json2"
expect 0 'same machine line and build flags' bench --compare "$json" --against "$json2"
# A JSON file that cannot be written is refused before anything runs (not after
# minutes of measuring); an old report with no figure of a known scenario too.
out=$("$curtain" bench frame10k --quick --json /nonexistent-curtain-dir/x.json 2>&1)
[ $? -eq 1 ] || fail "bench --json into a missing folder did not exit 1: $out"
grep -q 'its folder does not exist' <<<"$out" || fail "no reason for the unwritable JSON: $out"
! grep -q '^curtain [0-9]' <<<"$out" || fail "bench ran before refusing its JSON file: $out"
expect 1 'it is a folder' bench frame10k --quick --json "$(dirname "$json")"
expect 2 "--json needs a file name" bench frame10k --json ''
printf '{"schema": "curtain-bench/1", "curtain": "0", "machine": {"cpu": "c", "cores": 1, "compiler": "g", "build": "b", "flags": ""}, "quick": true, "figures": [{"key": "nosuch/t/r/c", "value": 1, "unit": "ms", "better": "lower"}]}\n' >"$json2"
expect 1 'no figures of a scenario curtain knows' bench --compare "$json2"
echo '{"schema": "curtain-bench/9"}' >"$json2"
expect 1 'curtain-bench/9' bench --compare "$json2"
expect 2 '--against needs --compare' bench --against "$json"
expect 2 "'patterns' cannot be swept" bench --sweep patterns
expect 2 '--plot needs --sweep' bench pool --plot "$svg"
rm -f "$svg"
expect 0 'plot: ' bench --sweep pool --quick --plot "$svg"
grep -q '16.7 ms' "$svg" || fail "the sweep's plot has no 16.7 ms line"

# The results kept in the repository (docs/results/MACHINE/SCENARIO.json, docs/bench.md
# "Results kept in the repository"): each reads back and compares with itself, and holds
# figures of the scenario it is named for and of no other.
results=$(dirname "$0")/../../docs/results
kept=0
for file in "$results"/*/*.json; do
    [ -e "$file" ] || continue
    kept=$((kept + 1))
    name=$(basename "$file" .json)
    expect 0 'same machine line and build flags' bench --compare "$file" --against "$file"
    grep -q "\"key\": \"$name/" "$file" || fail "$file has no figure of the scenario $name"
    ! grep -vq "\"key\": \"$name/" <<<"$(grep -F '"key": ' "$file")" ||
        fail "$file has figures of another scenario than $name"
    grep -q '"quick": false' "$file" || fail "$file is a --quick run"
done
[ "$kept" -gt 0 ] || fail "no kept results under $results"

finish "bench"
