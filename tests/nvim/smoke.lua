-- A real editor against the real server: headless Neovim opens an unsolved
-- example, receives diagnostics, hovers, and applies "Find construction".
-- Run by .ci/run: nvim --headless --clean -l tests/nvim/smoke.lua BIN FILE
local bin, file = arg[1], arg[2]
local function fail(message)
  io.stderr:write("nvim smoke test: " .. message .. "\n")
  os.exit(1)
end

vim.filetype.add({ extension = { euc = "euc" } })
vim.cmd.edit(file)
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start({ name = "euc", cmd = { bin, "lsp" }, root_dir = vim.fn.getcwd() })
if not client_id then fail("the server did not start") end
local client = vim.lsp.get_client_by_id(client_id)
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
io.stdout:write("nvim smoke test: diagnostics, hover and Find construction work\n")
vim.cmd("qa!")
