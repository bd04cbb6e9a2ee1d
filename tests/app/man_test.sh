#!/usr/bin/env bash
# The man page curtain(6) says what `--help` says: the same commands, and for each
# command the same options with the same one-line descriptions, in the same order.
# usage: man_test.sh PATH/TO/curtain PATH/TO/curtain.6
set -u
curtain=$1
page=$2
fail=0

# The options of a --help text: "--name ARG<TAB>text" per line.
help_options() {
    awk '/^Options:/ { on = 1; next }
         on && /^$/ { exit }
         on && /^  --/ { line = substr($0, 3); n = index(line, "  ");
                         name = substr(line, 1, n - 1); text = substr(line, n);
                         sub(/^ +/, "", text); print name "\t" text }'
}

# The options of one .SS "curtain CMD" section of the page, in the same form.
page_options() {
    awk -v want="curtain $1" '
        function plain(s) { gsub(/\\-/, "-", s); gsub(/\\\(aq/, "\047", s); gsub(/\\e/, "\\", s);
                            gsub(/\\f[BIR]/, "", s); gsub(/"/, "", s); sub(/ +$/, "", s); return s }
        /^\.S[SH] / { sec = $0; sub(/^\.S[SH] "?/, "", sec); sub(/"$/, "", sec); next }
        sec != want { next }
        /^\.TP/ { tp = 1; next }
        tp == 1 && /^\.BI? / { name = $0; sub(/^\.BI? /, "", name); name = plain(name); gsub(/ +/, " ", name); tp = 2; next }
        tp == 2 { print name "\t" plain($0); tp = 0 }' "$page"
}

commands=$("$curtain" --help | awk '/^Commands:/ { on = 1; next } on && /^$/ { exit } on { print $1 }')
page_commands=$(sed -n 's/^\.SS "curtain \(.*\)"$/\1/p' "$page")
if [ "$commands" != "$page_commands" ]; then
    echo "FAIL: commands differ: --help has [$(echo $commands)], the man page [$(echo $page_commands)]"
    fail=1
fi
for c in $commands; do
    if ! d=$(diff <("$curtain" "$c" --help | help_options) <(page_options "$c")); then
        echo "FAIL: curtain $c: --help (<) and the man page (>) differ:"
        echo "$d"
        fail=1
    fi
done
# The top-level options.
for o in '\\-h' '\\-\\-help' '\\-\\-version' '\\-\\-data'; do
    grep -q -- "$o" "$page" || { echo "FAIL: the man page lacks $o"; fail=1; }
done
[ "$fail" = 0 ] && echo "man page matches --help ($(echo $commands | wc -w) commands)"
exit "$fail"
