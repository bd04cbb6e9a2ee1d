#!/usr/bin/env bash
# The Neovim snippet of tools/editor/README.md works: it is taken from the page
# (so it cannot drift), pointed at this build's curtain and this checkout's
# tools/editor/vim, and run in a headless Neovim that opens a pattern file with
# an error: the file must get the type curtainpat and the server's diagnostic.
# Skipped (exit 77) where no Neovim is installed.
# usage: neovim_test.sh PATH/TO/curtain PATH/TO/tools/editor/README.md
set -u
curtain=$1
readme=$2
if ! command -v nvim >/dev/null; then
    echo "SKIP: no nvim on PATH (Debian: apt-get install neovim)"
    exit 77
fi
editor=$(cd "$(dirname "$readme")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The first ```lua block after "## Neovim".
awk '/^## Neovim/ { on = 1 } on && /^```lua/ { grab = 1; next } grab && /^```/ { exit } grab { print }' \
    "$readme" >"$work/init.lua"
if ! grep -q 'start_client' "$work/init.lua"; then
    echo "FAIL: no Neovim snippet with vim.lsp.start_client in $readme"
    exit 1
fi
sed -i -e "s|/path/to/curtain/tools/editor|$editor|" \
    -e "s|cmd = { \"curtain\", \"lsp\" }|cmd = { \"$curtain\", \"lsp\" }|" "$work/init.lua"
grep -q "$curtain" "$work/init.lua" || { echo "FAIL: the snippet's cmd is not { \"curtain\", \"lsp\" }"; exit 1; }

mkdir "$work/mod"
printf 'pattern p {\n    fire orb red at angel\n}\n' >"$work/mod/broken.pat"
cat >"$work/check.lua" <<'LUA'
local out = io.open(vim.env.CHECK_OUT, "w")
out:write("filetype " .. vim.bo.filetype .. "\n")
local got = vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  out:write(string.format("diagnostic %d:%d %s\n", d.lnum + 1, d.col + 1, d.message))
end
out:write("clients " .. #vim.lsp.buf_get_clients(0) .. "\n")
out:close()
vim.cmd(got and "qall!" or "cquit 1")
LUA
CHECK_OUT="$work/out.txt" HOME="$work" XDG_CONFIG_HOME="$work" XDG_DATA_HOME="$work" \
    XDG_STATE_HOME="$work" timeout 60 nvim --headless -u "$work/init.lua" \
    -c "luafile $work/check.lua" "$work/mod/broken.pat" </dev/null >"$work/nvim.log" 2>&1
rc=$?
cat "$work/out.txt" 2>/dev/null
fail=0
grep -q '^filetype curtainpat$' "$work/out.txt" || { echo "FAIL: the file's type is not curtainpat"; fail=1; }
grep -q '^clients 1$' "$work/out.txt" || { echo "FAIL: not one client attached"; fail=1; }
grep -q "^diagnostic 2:.*angel" "$work/out.txt" || { echo "FAIL: no diagnostic about 'angel' on line 2"; fail=1; }
if [ "$rc" != 0 ] || [ "$fail" != 0 ]; then
    echo "FAIL: nvim exit status $rc; its output:"
    cat "$work/nvim.log"
    exit 1
fi
echo "$(nvim --version | head -1): the README's snippet attaches curtain lsp and shows its diagnostic"
