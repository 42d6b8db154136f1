-- A real editor against the real server, set up in one step by the plugin
-- directory editors/nvim: headless Neovim loads it from 'runtimepath',
-- installs the tree-sitter parser with :EucInstallParser (into
-- $XDG_DATA_HOME, a scratch directory), enables the server with
-- vim.lsp.enable("euc"), opens an unsolved example, receives diagnostics,
-- colours it (semantic tokens and tree-sitter), hovers, shows code lenses
-- (and refreshes them after an edit), applies "Find construction" with its
-- progress echoed, and stops a long search with :EucStop.
-- Run by .ci/run:
--   XDG_DATA_HOME=SCRATCH nvim --headless --clean -l tests/nvim/smoke.lua BIN FILE
local bin, file = arg[1], arg[2]
local function fail(message)
  io.stderr:write("nvim smoke test: " .. message .. "\n")
  os.exit(1)
end

-- What the plugin echoes (its messages, solver progress), as the user would read it
-- (kept here rather than printed into CI's log).
local echoed = {}
vim.api.nvim_echo = function(chunks)
  table.insert(echoed, table.concat(vim.tbl_map(function(chunk) return chunk[1] end, chunks)))
end

if not vim.env.XDG_DATA_HOME then fail("set XDG_DATA_HOME to a scratch directory: the parser is installed there") end

-- The user's set-up: `euc` on PATH, the plugin directory on 'runtimepath'
-- (its plugin/ sourced as start-up would: this script runs after it), one
-- command for the parser, and the server enabled from lsp/euc.lua.
vim.env.PATH = vim.fn.fnamemodify(bin, ":p:h") .. ":" .. vim.env.PATH
vim.opt.runtimepath:append(vim.fn.getcwd() .. "/editors/nvim")
vim.cmd.runtime("plugin/euc.lua")
vim.cmd("EucInstallParser")
local installed = vim.fs.joinpath(vim.env.XDG_DATA_HOME, "nvim", "site")
if not (vim.uv.fs_stat(installed .. "/parser/euc.so") and vim.uv.fs_stat(installed .. "/queries/euc/highlights.scm")) then
  fail(":EucInstallParser installed nothing in " .. installed .. ": " .. vim.inspect(echoed))
end
if not vim.iter(echoed):any(function(line) return line:find("parser and queries installed", 1, true) end) then
  fail(":EucInstallParser said: " .. vim.inspect(echoed))
end
vim.lsp.enable("euc")
vim.cmd.edit(file)
local buf = vim.api.nvim_get_current_buf()
if not vim.wait(15000, function() return #vim.lsp.get_clients({ bufnr = buf }) > 0 end, 50) then
  fail('vim.lsp.enable("euc") did not start the server')
end
local client = vim.lsp.get_clients({ bufnr = buf })[1]
local uri = vim.uri_from_bufnr(buf)

if not vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50) then
  fail("no diagnostics arrived")
end
local diagnostic = vim.diagnostic.get(buf)[1]
if diagnostic.code ~= "W0002" then fail("expected W0002, got " .. tostring(diagnostic.code)) end

local function line_of(pattern)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if line:find(pattern, 1, true) then return number - 1 end
  end
  fail("no line with " .. pattern)
end

-- Colour from the server: the given point A is a parameter.
local a_line = line_of("point A")
local function semantic_groups()
  local groups = {}
  for _, token in ipairs(vim.inspect_pos(buf, a_line, 6).semantic_tokens) do
    table.insert(groups, token.opts.hl_group)
  end
  return groups
end
if not vim.wait(10000, function()
  return vim.iter(semantic_groups()):any(function(group) return group:find("@lsp.type.parameter", 1, true) end)
end, 50) then
  fail("no semantic token on the given point: " .. vim.inspect(semantic_groups()))
end

-- Colour from tree-sitter, with the parser :EucInstallParser built.
if not pcall(vim.treesitter.get_parser, buf, "euc") then fail("the tree-sitter parser did not load") end
vim.treesitter.get_parser(buf, "euc"):parse()
local captures = vim.tbl_map(function(c) return c.capture end, vim.treesitter.get_captures_at_pos(buf, a_line, 6))
if not vim.tbl_contains(captures, "variable.parameter") then
  fail("tree-sitter captures on the given point: " .. vim.inspect(captures))
end
if vim.wo.foldmethod ~= "expr" then fail("no tree-sitter folds: foldmethod=" .. vim.wo.foldmethod) end

-- Code lenses above the block, asked for by the plugin itself (Neovim
-- does not) and drawn as virtual text.
local function lens_titles()
  return vim.tbl_map(function(lens) return lens.command and lens.command.title end, vim.lsp.codelens.get(buf))
end
local function shown(text)
  for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(buf, -1, 0, -1, { details = true })) do
    for _, chunk in ipairs(mark[4].virt_text or {}) do
      if chunk[1]:find(text, 1, true) then return true end
    end
  end
  return false
end
if not vim.wait(10000, function()
  local titles = lens_titles()
  return vim.tbl_contains(titles, "no construction yet") and vim.tbl_contains(titles, "Find construction")
    and shown("Find construction")
end, 50) then
  fail("code lenses: " .. vim.inspect(lens_titles()))
end

-- A quick fix: a misspelt name on new last lines is replaced, then the
-- lines go again.
local last = vim.api.nvim_buf_line_count(buf)
vim.api.nvim_buf_set_lines(buf, last, last, false, { "let spread2 = 1", "let zz = 2 * spread3" })
local function has_code(code)
  return vim.iter(vim.diagnostic.get(buf)):any(function(d) return d.code == code end)
end
if not vim.wait(10000, function() return has_code("E0101") end, 50) then fail("no E0101 for the misspelt name") end
local fixes = client:request_sync("textDocument/codeAction", {
  textDocument = { uri = uri },
  range = { start = { line = last + 1, character = 14 }, ["end"] = { line = last + 1, character = 14 } },
  context = { diagnostics = {} },
}, 10000, buf)
local fix = vim.iter((fixes and fixes.result) or {}):find(function(a) return a.kind == "quickfix" end)
if not fix or not fix.title:find("Replace with", 1, true) then fail("quick fix: " .. vim.inspect(fixes)) end
vim.lsp.util.apply_workspace_edit(fix.edit, client.offset_encoding)
local mended = vim.api.nvim_buf_get_lines(buf, last + 1, last + 2, false)[1]
if mended ~= "let zz = 2 * spread2" then fail("the quick fix gave: " .. tostring(mended)) end
if not vim.wait(10000, function() return not has_code("E0101") end, 50) then fail("E0101 stayed after the fix") end
vim.api.nvim_buf_set_lines(buf, last, last + 2, false, {})

-- The live picture: :EucPicture writes the block's SVG (not opened here).
vim.g.euc_picture_open = false
vim.api.nvim_win_set_cursor(0, { line_of("goal O") + 1, 0 })
vim.cmd("EucPicture")
if not vim.wait(10000, function() return vim.b[buf].euc_picture ~= nil end, 50) then
  fail(":EucPicture wrote no picture")
end
local svg = table.concat(vim.fn.readfile(vim.b[buf].euc_picture), "\n")
if not svg:find("<svg", 1, true) then fail("the picture is not an SVG: " .. svg:sub(1, 200)) end

local hover = client:request_sync("textDocument/hover",
  { textDocument = { uri = uri }, position = { line = line_of("point A"), character = 6 } }, 10000, buf)
if not (hover and hover.result and hover.result.contents.value:find("given point", 1, true)) then
  fail("hover: " .. vim.inspect(hover))
end

-- Progress of the search, as the server reports it and as the plugin echoes it.
local progress = {}
vim.api.nvim_create_autocmd("LspProgress", {
  callback = function(event) table.insert(progress, event.data.params.value) end,
})

local goal = line_of("goal O")
local actions = client:request_sync("textDocument/codeAction", {
  textDocument = { uri = uri },
  range = { start = { line = goal, character = 2 }, ["end"] = { line = goal, character = 2 } },
  context = { diagnostics = {} },
}, 10000, buf)
local action = actions and actions.result and actions.result[1]
if not action or action.title ~= "Find construction" then fail("code action: " .. vim.inspect(actions)) end
if not action.edit then
  local resolved = client:request_sync("codeAction/resolve", action, 60000, buf)
  if not (resolved and resolved.result and resolved.result.edit) then fail("resolve: " .. vim.inspect(resolved)) end
  action = resolved.result
end
vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
local text = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n")
if not text:find("O, _ = c5 & c6", 1, true) then fail("the edit was not applied:\n" .. text) end
-- The end may be handled after the answer (Neovim schedules notifications).
vim.wait(5000, function() return #progress > 0 and progress[#progress].kind == "end" end, 10)
if not (progress[1] and progress[1].kind == "begin" and progress[1].title:find("Finding a construction", 1, true)
    and progress[#progress].kind == "end") then
  fail("progress during Find construction: " .. vim.inspect(progress))
end
if not vim.iter(echoed):any(function(line) return line:find("euc: Finding a construction", 1, true) end) then
  fail("the plugin echoed no progress: " .. vim.inspect(echoed))
end
-- The lenses follow the edit (a script runs no main loop, so the change is
-- announced as the main loop would) and now show the check.
vim.api.nvim_exec_autocmds("TextChanged", { buffer = buf })
if not vim.wait(10000, function()
  return vim.iter(lens_titles()):any(function(title) return title and title:find("✓", 1, true) ~= nil end)
end, 50) then
  fail("code lenses after Find construction: " .. vim.inspect(lens_titles()))
end
vim.cmd("silent write")

-- A long search, stopped: the cube root of 2 cannot be constructed, so the
-- search goes on, its reports are echoed, and :EucStop ends it.
vim.cmd.edit(vim.fn.getcwd() .. "/benches/no-short-solution.euc")
local long = vim.api.nvim_get_current_buf()
if not vim.wait(15000, function() return #vim.lsp.get_clients({ bufnr = long }) > 0 end, 50) then
  fail("the server did not attach to a second file")
end
-- In the checkout (a .git root), so another client than the first file's.
local searcher = vim.lsp.get_clients({ bufnr = long })[1]
if not vim.wait(15000, function() return #vim.diagnostic.get(long) > 0 end, 50) then
  fail("no diagnostics on the second file")
end
local goal_line = vim.iter(ipairs(vim.api.nvim_buf_get_lines(long, 0, -1, false)))
  :find(function(_, line) return line:find("goal X", 1, true) end) - 1
local offered = searcher:request_sync("textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(long) },
  range = { start = { line = goal_line, character = 2 }, ["end"] = { line = goal_line, character = 2 } },
  context = { diagnostics = {} },
}, 10000, long)
local find = offered and offered.result and offered.result[1]
if not find or find.title ~= "Find construction" then fail("code action on the long search: " .. vim.inspect(offered)) end
-- Stopped before any answer, the request ends quietly with nothing applied:
-- the progress's end says what happened, echoed in one line.
local before = #progress
searcher:request("codeAction/resolve", find, function() end, long)
local function reported()
  for index = before + 1, #progress do
    if progress[index].kind == "report" and (progress[index].message or ""):find("searching", 1, true) then return true end
  end
  return false
end
if not vim.wait(20000, reported, 50) then fail("no progress report during a long search: " .. vim.inspect(progress)) end
if not vim.iter(echoed):any(function(line) return line:find("searching", 1, true) end) then
  fail("the plugin echoed no report: " .. vim.inspect(echoed))
end
vim.cmd("EucStop")
if not vim.wait(20000, function() return progress[#progress].kind == "end" end, 50) then
  fail(":EucStop did not end the search: " .. vim.inspect(progress[#progress]))
end
local ended = progress[#progress].message
if not (ended and ended ~= "" and echoed[#echoed]:find(ended, 1, true)) then
  fail("the end of the stopped search was not echoed: " .. vim.inspect({ ended, echoed[#echoed] }))
end
searcher:stop()
client:stop()
io.stdout:write(("nvim smoke test: the plugin installs the parser and starts the server; colours, a quick fix, code lenses, the picture, hover and Find construction with progress (%d messages) and :EucStop work\n"):format(#progress))
vim.cmd("qa!")
