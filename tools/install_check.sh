#!/usr/bin/env bash
# Checks an install of curtain as a player's machine would get it (CI runs it):
#   1. `cmake --install` into a staging folder, then the staged tree moved elsewhere
#      (relocatable) and run headless with the source tree hidden: a tmpfs mounted
#      over it in a private mount namespace (root, or unprivileged namespaces); where
#      namespaces are not allowed (some containers), its patterns/ folder renamed for
#      the moment instead (put back on exit), so it is no data folder either;
#   2. the desktop entries, the MIME type and the AppStream metainfo validated;
#   3. the Debian package built by CPack and its contents and dependencies checked.
# usage: tools/install_check.sh BUILD_DIR   (a configured and built release build)
# -h/--help prints the comment above; an unknown option is refused before anything runs.
case "${1:-}" in
-h | --help)
    sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
    exit 0
    ;;
-*)
    echo "install_check: unknown option '$1'" >&2
    echo "usage: tools/install_check.sh BUILD_DIR" >&2
    exit 2
    ;;
esac
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "install_check: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/stage" >/dev/null
# Explicit modes: installed under umask 000, nothing is world-writable.
(umask 000 && cmake --install "$build" --prefix "$work/umask0" >/dev/null)
writable=$(find "$work/umask0" ! -type l -perm -o+w)
[ -z "$writable" ] || fail "world-writable after an install under umask 000: $writable"
rm -rf "$work/umask0"
[ ! -e "$work/stage/bin/curtain-data.txt" ] || fail "the build's data marker was installed"
mv "$work/stage" "$work/moved"
app=$work/moved
for f in bin/curtain share/curtain/assets/atlas.png share/curtain/patterns/stage1 \
    share/curtain/patterns/music/stage1.mml \
    share/curtain/tutorial/tutorial.pat \
    share/man/man6/curtain.6 share/doc/curtain/manual.md share/icons/hicolor/48x48/apps/curtain.png \
    share/icons/hicolor/256x256/apps/curtain.png; do
    [ -e "$app/$f" ] || fail "missing $f in the install"
done

# The installed game, its source tree out of reach: a run and a replay check.
cp tests/game/replays/normal_clear.rpl "$work/test.rpl"
cat >"$work/run.sh" <<RUN
set -e
[ ! -e "$src/patterns" ]
export CURTAIN_USER_DIR="$work/user"
unset CURTAIN_DATA
"$app/bin/curtain" play --headless --frames 600 --autopilot
"$app/bin/curtain" replay "$work/test.rpl" --verify
RUN
if unshare --mount true 2>/dev/null; then
    unshare --mount bash -c "mount -t tmpfs none '$src' && bash '$work/run.sh'" ||
        fail "the installed curtain failed with the source tree hidden"
else
    echo "install_check: no mount namespace here: hiding $src/patterns by renaming it"
    hidden="$src/patterns.hidden-by-install-check"
    mv "$src/patterns" "$hidden"
    trap 'mv "$hidden" "$src/patterns"; rm -rf "$work"' EXIT
    bash "$work/run.sh" || fail "the installed curtain failed with the source tree hidden"
    mv "$hidden" "$src/patterns"
    trap 'rm -rf "$work"' EXIT
fi

desktop-file-validate "$app"/share/applications/*.desktop
appstream-util validate-relax --nonet "$app"/share/metainfo/*.metainfo.xml
grep -q 'glob pattern="\*.rpl"' "$app"/share/mime/packages/*.xml || fail "no *.rpl MIME glob"
grep -q '^MimeType=application/x-curtain-replay;' "$app"/share/applications/*.replay.desktop ||
    fail "the replay viewer entry does not open the replay MIME type"

(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/curtain_*.deb)
dpkg-deb --info "$deb" >"$work/info"
dpkg-deb --contents "$deb" >"$work/contents"
grep -q '^ Depends: .*libsdl2-2.0-0' "$work/info" || fail "the package does not depend on SDL2 (dpkg-shlibdeps)"
grep -q '^ Section: games' "$work/info" || fail "the package is not in section games"
for f in ./usr/bin/curtain ./usr/share/curtain/assets/atlas.png ./usr/share/man/man6/curtain.6 \
    ./usr/share/metainfo/ ./usr/share/applications/ ./usr/share/mime/packages/ \
    ./usr/share/icons/hicolor/256x256/apps/curtain.png; do
    grep -q " $f" "$work/contents" || fail "the package lacks $f"
done
echo "install_check: install, relocation, validation and package all good ($(basename "$deb"))"
