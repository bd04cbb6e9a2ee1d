#!/usr/bin/env bash
# docs/architecture.md's module table is the rule of who may include whom: every
# `#include` in src/ is checked against its "may use" column. A row reads
#   | `src/FOLDER/` | `curtain_NAME` (or executable `curtain`) | owns | may use |
# and "may use" is a comma-separated list of names, words in parentheses being
# comments: another row's NAME (core, sim, render_core, ...), `everything`, or an
# outside library: libc, cglm, pthreads, expat, cJSON, libvorbis, SDL2, SDL2_image.
# A folder may always include itself. src/render/ holds two libraries: the files
# src/CMakeLists.txt lists in curtain_render_core (and their headers) are
# render_core, as are its headers of no .c of their own (the atlas's tables); the
# others are render. `render_core` in a row allows only those headers.
# A new folder needs a row; a new dependency needs its name in the row (or the
# include gone). Also: each file of src/ starts with a comment, and each folder of
# tests/ is a folder of src/ (tests of tools/ in tests/tools/, of docs/ in tests/docs/).
# usage: layering_test.sh SOURCE_DIR
set -u
src=$(cd "$1" && pwd)
doc=$src/docs/architecture.md
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

declare -A allowed  # row name -> " name name ... "
declare -A folder_of # row name -> folder
rows=0
while IFS='|' read -r _ folder lib _ uses _; do
    folder=$(sed -n 's/^ *`src\/\([a-z_]*\)\/` *$/\1/p' <<<"$folder")
    [ -n "$folder" ] || continue
    name=$(sed -n 's/.*`curtain_\([a-z_]*\)`.*/\1/p' <<<"$lib")
    [ -n "$name" ] || name=$folder # the executable's row: app
    uses=$(sed 's/([^)]*)//g; s/,/ /g' <<<"$uses")
    allowed[$name]=" $(echo $uses) "
    folder_of[$name]=$folder
    rows=$((rows + 1))
done < <(sed -n '/^## Modules/,/^## /p' "$doc" | grep '^| `src/')
[ "$rows" -ge 10 ] || fail "only $rows rows read from docs/architecture.md's module table"

outside=" libc cglm pthreads expat cJSON libvorbis SDL2 SDL2_image everything "
for name in "${!allowed[@]}"; do
    for u in ${allowed[$name]}; do
        [ -n "${folder_of[$u]:-}" ] || [[ "$outside" == *" $u "* ]] ||
            fail "row $name may use '$u': no row is named so, nor an outside library"
    done
done

# The files of render_core: what src/CMakeLists.txt builds into it, and their headers.
declare -A render_core
for c in $(sed -n '/add_library(curtain_render_core/,/)/p' "$src/src/CMakeLists.txt" |
    grep -o 'render/[a-z_]*\.c'); do
    render_core[${c%.c}]=1
done
[ "${#render_core[@]}" -gt 0 ] || fail "no files of curtain_render_core in src/CMakeLists.txt"

# row_of FILE (src/-relative): the row its includes are checked against.
row_of() {
    local f=$1 folder=${1%%/*}
    if [ "$folder" = render ]; then
        if [ -n "${render_core[${f%.[ch]}]:-}" ] || { [[ "$f" == *.h ]] && [ ! -e "$src/src/${f%.h}.c" ]; }; then
            echo render_core # its files, and headers of no file of their own (tables)
        else
            echo render
        fi
        return
    fi
    for name in "${!folder_of[@]}"; do
        [ "${folder_of[$name]}" = "$folder" ] && echo "$name" && return
    done
}

# may ROW NAME: whether ROW may use NAME (itself included).
may() {
    local row=$1 u=$2
    [ "$row" = "$u" ] || [[ "${allowed[$row]}" == *" $u "* ]] ||
        [[ "${allowed[$row]}" == *" everything "* ]] ||
        { [ "$u" = render_core ] && may "$row" render; } # render is built on render_core
}

# The name an include names: an outside library, or the row of the file included.
include_name() {
    case "$1" in
    \<SDL_image.h\>) echo SDL2_image ;;
    \<SDL*) echo SDL2 ;;
    \<expat.h\>) echo expat ;;
    \<cjson/*) echo cJSON ;;
    \<vorbis/*) echo libvorbis ;;
    \<cglm/*) echo cglm ;;
    \<pthread.h\>) echo pthreads ;;
    \<*) echo libc ;;
    \"*/*\") local p=${1//\"/}; [ -e "$src/src/$p" ] && row_of "$p" || echo "missing:$p" ;;
    *) echo self ;; # "x.h" beside the file
    esac
}

checked=0
cd "$src/src"
for f in $(find . -name '*.[ch]' | sed 's|^\./||' | sort); do
    row=$(row_of "$f")
    if [ -z "$row" ]; then
        fail "src/$f: its folder has no row in docs/architecture.md's module table"
        continue
    fi
    head -c 2 "$f" | grep -q '^/[*/]' || fail "src/$f does not start with a comment"
    while read -r inc; do
        name=$(include_name "$inc")
        [ "$name" = self ] || [ "$name" = libc ] && continue
        if [[ "$name" == missing:* ]]; then
            fail "src/$f includes $inc, which is no file of src/"
        elif ! may "$row" "$name"; then
            fail "src/$f ($row) includes $inc ($name): docs/architecture.md's row $row does not say it may use $name"
        fi
        checked=$((checked + 1))
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\([<"][^>"]*[>"]\).*/\1/p' "$f")
done
[ "$checked" -ge 500 ] || fail "only $checked includes checked"

for d in "$src"/tests/*/; do
    d=$(basename "$d")
    [ -d "$src/src/$d" ] || [ "$d" = tools ] || [ "$d" = docs ] ||
        fail "tests/$d/ is no folder of src/ (tests mirror src/ by folder)"
done

if [ "$failures" -ne 0 ]; then
    echo "docs.layering: $failures failures" >&2
    exit 1
fi
echo "docs.layering: $checked includes of $rows rows' folders follow docs/architecture.md"
