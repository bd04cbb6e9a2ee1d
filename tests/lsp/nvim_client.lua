-- nvim_client: Neovim (0.7 and later) as the language server's client, headless.
-- Started by nvim_test.sh: `nvim --headless --clean -c "luafile nvim_client.lua"`
-- with CURTAIN_LSP (the server's command, words separated by spaces) and
-- CURTAIN_MOD (a mod's folder: docs/mod_example) in the environment.
--
-- The client is started with vim.lsp.start_client (what 0.7 has; vim.lsp.start
-- came in 0.8) and the mod as its workspace folder. It checks that the mod is
-- seen as `play --mod` loads it: go to definition of `stage1` in the mod's
-- game.pat lands in the game's patterns/, and an edit that names a stage
-- declared nowhere gets that one error and no other; semantic tokens come back
-- and the mod may rename its own game, not the game's stage1. Exit status 0 when every
-- check holds; each failure is printed.

local failures = 0
local function check(ok, what)
  if not ok then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. "\n")
  end
end

local function finish()
  io.stdout:write(failures == 0 and "nvim client: ok\n" or "nvim client: failed\n")
  vim.cmd(failures == 0 and "qa!" or "cq! 1")
end

local ok, err = pcall(function()
  local mod = vim.env.CURTAIN_MOD
  local cmd = vim.split(vim.env.CURTAIN_LSP, " ", { trimempty = true })
  vim.cmd("edit " .. vim.fn.fnameescape(mod .. "/game.pat"))
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "curtain",
    cmd = cmd,
    root_dir = mod,
    workspace_folders = { { uri = vim.uri_from_fname(mod), name = "mod" } },
  })
  check(id ~= nil, "start_client gave a client")
  vim.lsp.buf_attach_client(buf, id)
  local client
  vim.wait(10000, function()
    client = vim.lsp.get_client_by_id(id)
    return client ~= nil and client.initialized
  end, 10)
  check(client ~= nil and client.initialized, "the server answered initialize")

  -- go to definition of stage1 (line "    stages stage1 garden")
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local row, col
  for i, l in ipairs(lines) do
    local c = l:find("stage1", 1, true)
    if c and l:find("stages", 1, true) then
      row, col = i - 1, c
    end
  end
  check(row ~= nil, "game.pat names stage1")
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = row or 0, character = col or 0 },
  }
  local answers = vim.lsp.buf_request_sync(buf, "textDocument/definition", params, 10000) or {}
  local uri
  for _, a in pairs(answers) do
    if a.result and a.result[1] then
      uri = a.result[1].uri
    end
  end
  check(uri ~= nil and uri:find("/patterns/stage1/", 1, true) ~= nil,
    "definition of stage1 in the game's patterns/stage1/ (got " .. tostring(uri) .. ")")

  -- semantic tokens (asked directly: 0.7's client has no highlighter for them),
  -- and prepareRename on the mod's own game (the game's stage1 is not the mod's)
  local function ask(method, p)
    for _, a in pairs(vim.lsp.buf_request_sync(buf, method, p, 10000) or {}) do
      return a.result
    end
  end
  local tokens = ask("textDocument/semanticTokens/full", { textDocument = params.textDocument })
  check(tokens ~= nil and #tokens.data > 0 and #tokens.data % 5 == 0, "semantic tokens")
  local game_row, game_col
  for i, l in ipairs(lines) do
    local c = l:find("game main", 1, true)
    if c then
      game_row, game_col = i - 1, c + 5
    end
  end
  local range = ask("textDocument/prepareRename", {
    textDocument = params.textDocument,
    position = { line = game_row or 0, character = game_col or 0 },
  })
  check(range ~= nil and range ~= vim.NIL and range.start ~= nil, "prepareRename on the mod's game")
  local none = ask("textDocument/prepareRename", params)
  check(none == nil or none == vim.NIL, "no rename of the game's stage1 from the mod")

  -- an edit (not saved) naming an undeclared stage: that error alone
  vim.api.nvim_buf_set_lines(buf, row, row + 1, false, { "    stages stage1 garden nowhere" })
  local diags = {}
  vim.wait(10000, function()
    diags = vim.diagnostic.get(buf)
    return #diags > 0
  end, 10)
  check(#diags == 1, "one diagnostic after the edit (got " .. #diags .. ")")
  for _, d in ipairs(diags) do
    check(d.message:find("nowhere", 1, true) ~= nil, "the error names 'nowhere': " .. d.message)
  end
  vim.lsp.stop_client(id)
end)
if not ok then
  failures = failures + 1
  io.stderr:write("FAIL: " .. tostring(err) .. "\n")
end
finish()
