# check.sh: what the command-line tests share. Source it after setting
# $curtain (the executable under test); each failed check is counted, and
# finish prints the verdict and sets the exit status.

failures=0

# fail MESSAGE...: counts a failed check and says what it was.
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect CODE PATTERN ARGS...: runs curtain ARGS, wants exit CODE and PATTERN in its output.
expect() {
    local code=$1 pattern=$2
    shift 2
    local out rc
    out=$("$curtain" "$@" 2>&1)
    rc=$?
    [ "$rc" -eq "$code" ] || fail "curtain $* exited $rc, wanted $code; output: $out"
    grep -qE -- "$pattern" <<<"$out" || fail "curtain $* printed no /$pattern/; output: $out"
}

# finish NAME: the last line of a test script.
finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$1: $failures failures" >&2
        exit 1
    fi
    echo "$1: all checks passed"
    exit 0
}
