#!/usr/bin/env bash
# Sets curtain up on a Debian machine and plays it or tests it.
#
#   tools/setup.sh play [CURTAIN OPTIONS]   install what is missing, build a release build, play
#   tools/setup.sh test                     the same, then run the whole test suite
#
# Installs only the Debian packages that are missing (with sudo when not root).
# Environment: CURTAIN_BUILD_DIR (default build/release), CURTAIN_WERROR=1 to make
# warnings errors (CI sets it), CURTAIN_JOBS (default: all cores).
set -euo pipefail

cd "$(dirname "$0")/.."
mode=${1:-}
case "$mode" in
play | test) shift ;;
-h | --help)
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
*)
    echo "usage: tools/setup.sh play [curtain options] | tools/setup.sh test" >&2
    exit 2
    ;;
esac

# What building and playing need.
packages=(cmake make gcc pkg-config libc6-dev
    libsdl2-dev libsdl2-image-dev libcglm-dev libexpat1-dev libcjson-dev libvorbis-dev)
# What the tests need on top: the BulletML reference library and corpus for the
# differential tests, g++ for its oracle; Oniguruma to apply the editor's
# TextMate grammar (tools.editor_grammar).
if [ "$mode" = test ]; then
    packages+=(g++ libbulletml-dev libonig-dev
        rrootage-data noiz2sa-data parsec47-data torus-trooper-data tumiki-fighters-data)
fi

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo=()
    [ "$(id -u)" -eq 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" >/dev/null
fi

build=${CURTAIN_BUILD_DIR:-build/release}
jobs=${CURTAIN_JOBS:-$(nproc)}
werror=OFF
[ "${CURTAIN_WERROR:-0}" = 1 ] && werror=ON
# The tests need the libbulletml oracle: fail at configure time if it cannot be built.
oracle=AUTO
[ "$mode" = test ] && oracle=ON
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCURTAIN_WERROR="$werror" \
    -DCURTAIN_BULLETML_ORACLE="$oracle" >/dev/null
cmake --build "$build" -j "$jobs"

if [ "$mode" = play ]; then
    exec "$build/curtain" "$@"
fi
cd "$build"
ctest --output-on-failure -j "$jobs"
