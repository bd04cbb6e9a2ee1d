#!/bin/sh
# lsp.nvim: Neovim, headless, drives the language server (tests/lsp/nvim_client.lua)
# over docs/mod_example. Skipped (exit 77) where no nvim is installed.
# usage: nvim_test.sh SOURCE_DIR SERVER [ARGS...]
src=$1
shift
if ! command -v nvim >/dev/null 2>&1; then
    echo "lsp.nvim: skipped: no nvim installed"
    exit 77
fi
CURTAIN_LSP="$*" CURTAIN_MOD="$src/docs/mod_example" HOME="${TMPDIR:-/tmp}" \
    exec nvim --headless --clean -c "luafile $src/tests/lsp/nvim_client.lua"
