-- A real editor against the real server, set up by editors/nvim/euc.lua
-- itself: headless Neovim opens an unsolved example, receives diagnostics,
-- colours it (semantic tokens, and tree-sitter when SITE holds the parser),
-- hovers, shows code lenses and applies "Find construction".
-- Run by .ci/run: nvim --headless --clean -l tests/nvim/smoke.lua BIN FILE [SITE]
local bin, file, site = arg[1], arg[2], arg[3]
local function fail(message)
  io.stderr:write("nvim smoke test: " .. message .. "\n")
  os.exit(1)
end

-- The user's set-up: `euc` on PATH and the config file from editors/nvim.
vim.env.PATH = vim.fn.fnamemodify(bin, ":p:h") .. ":" .. vim.env.PATH
if site then vim.opt.runtimepath:prepend(site) end
dofile(vim.fn.getcwd() .. "/editors/nvim/euc.lua")
vim.cmd.edit(file)
local buf = vim.api.nvim_get_current_buf()
if not vim.wait(15000, function() return #vim.lsp.get_clients({ bufnr = buf }) > 0 end, 50) then
  fail("editors/nvim/euc.lua did not start the server")
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

-- Colour from tree-sitter, when the parser was built into SITE.
if site then
  if not pcall(vim.treesitter.get_parser, buf, "euc") then fail("the tree-sitter parser did not load") end
  vim.treesitter.get_parser(buf, "euc"):parse()
  local captures = vim.tbl_map(function(c) return c.capture end, vim.treesitter.get_captures_at_pos(buf, a_line, 6))
  if not vim.tbl_contains(captures, "variable.parameter") then
    fail("tree-sitter captures on the given point: " .. vim.inspect(captures))
  end
end

-- Code lenses above the block.
local lenses = client:request_sync("textDocument/codeLens", { textDocument = { uri = uri } }, 10000, buf)
local titles = vim.tbl_map(function(lens) return lens.command.title end, (lenses and lenses.result) or {})
if not (vim.tbl_contains(titles, "no construction yet") and vim.tbl_contains(titles, "Find construction")) then
  fail("code lenses: " .. vim.inspect(titles))
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
vim.cmd("silent write")
client:stop()
io.stdout:write("nvim smoke test: the config starts the server; colours, a quick fix, code lenses, the picture, hover and Find construction work\n")
vim.cmd("qa!")
