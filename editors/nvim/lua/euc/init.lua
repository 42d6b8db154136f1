-- euc in Neovim 0.11+: what plugin/euc.lua's commands and autocommands do.
-- The server's configuration is lsp/euc.lua; setup() changes it and starts
-- the server for .euc files.
local M = {}

--- Starts the server for .euc files. OPTIONS are vim.lsp.config fields
--- (cmd, init_options, root_markers, …) merged over lsp/euc.lua, for
--- example { cmd = { "/path/to/euc", "lsp" } } when euc is not on PATH.
function M.setup(options)
  -- A plugin manager's config function may add this directory to
  -- 'runtimepath' after start-up, when plugin/ files are no longer sourced.
  if not vim.g.loaded_euc then vim.cmd.runtime("plugin/euc.lua") end
  if options and next(options) then vim.lsp.config("euc", options) end
  vim.lsp.enable("euc")
end

--- Compiles and installs the tree-sitter parser (lua/euc/parser.lua), then
--- colours the .euc buffers already open with it.
function M.install_parser()
  local ok, message = require("euc.parser").install()
  if not ok then
    vim.notify("euc: " .. message, vim.log.levels.ERROR)
    return false
  end
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == "euc" then M.start_treesitter(buf) end
  end
  vim.notify("euc: " .. message, vim.log.levels.INFO)
  return true
end

--- Tree-sitter colour and folds, when the parser is installed.
function M.start_treesitter(buf)
  if not pcall(vim.treesitter.start, buf, "euc") then return end
  for _, win in ipairs(vim.fn.win_findbuf(buf)) do
    vim.wo[win][0].foldmethod = "expr"
    vim.wo[win][0].foldexpr = "v:lua.vim.treesitter.foldexpr()"
    vim.wo[win][0].foldlevel = 99
  end
end

function M.on_filetype(buf)
  vim.bo[buf].commentstring = "// %s"
  vim.lsp.inlay_hint.enable(true, { bufnr = buf })
  M.start_treesitter(buf)
end

-- Code lenses above each block (its check, "Find construction",
-- "Untangle"): Neovim asks for them only when told to, so they are asked
-- for when the server attaches, on entering the buffer, on leaving insert
-- mode and 300 ms after the last change in normal mode (an undo, a quick
-- fix, Find construction's edit). :EucLens (or vim.lsp.codelens.run())
-- runs the lens on the cursor's line.
local lens_timers = {}

function M.on_attach(event)
  local client = vim.lsp.get_client_by_id(event.data.client_id)
  if not client or client.name ~= "euc" then return end
  local buf = event.buf
  local function refresh()
    if vim.api.nvim_buf_is_valid(buf) then vim.lsp.codelens.refresh({ bufnr = buf }) end
  end
  if lens_timers[buf] then lens_timers[buf]:close() end
  local timer = vim.uv.new_timer()
  lens_timers[buf] = timer
  local group = vim.api.nvim_create_augroup("euc_codelens_" .. buf, { clear = true })
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave" }, { group = group, buffer = buf, callback = refresh })
  vim.api.nvim_create_autocmd("TextChanged", {
    group = group,
    buffer = buf,
    callback = function()
      timer:stop()
      timer:start(300, 0, vim.schedule_wrap(refresh))
    end,
  })
  vim.api.nvim_create_autocmd({ "LspDetach", "BufWipeout" }, {
    group = group,
    buffer = buf,
    callback = function(detach)
      if detach.event == "LspDetach" and detach.data.client_id ~= client.id then return end
      if lens_timers[buf] == timer then lens_timers[buf] = nil end
      timer:close()
      vim.api.nvim_del_augroup_by_id(group)
    end,
  })
  vim.api.nvim_buf_create_user_command(buf, "EucLens", function() vim.lsp.codelens.run() end,
    { desc = "euc: run the code lens on this line" })
  refresh()
end

-- Solver progress: "Find construction" can search for seconds, and the
-- server reports what it is doing ($/progress: begin, a report every
-- 100 ms, end with the outcome). Each message is echoed (not kept in
-- :messages); vim.lsp.status() has the same for a statusline. :EucStop
-- stops the search, and the best construction found so far is written.
local solving = {}

function M.on_progress(event)
  local client = vim.lsp.get_client_by_id(event.data.client_id)
  if not client or client.name ~= "euc" then return end
  local token, value = event.data.params.token, event.data.params.value
  local parts = { value.title }
  if value.percentage then table.insert(parts, value.percentage .. "%") end
  if value.message then table.insert(parts, value.message) end
  if value.kind == "end" then
    solving[token] = nil
    -- The outcome alone: it is what the user waits for, and it fits.
    if value.message then parts = { value.message } end
  else
    solving[token] = client.id
    if value.cancellable then table.insert(parts, "(:EucStop stops)") end
  end
  -- One line that fits the command line: a longer one would stop the
  -- editor with "Press ENTER" at every report.
  local line = ("euc: " .. table.concat(parts, " · ")):gsub("%s+", " ")
  local room = math.max(vim.v.echospace - 1, 10)
  if vim.fn.strdisplaywidth(line) > room then
    line = vim.fn.strcharpart(line, 0, room - 1) .. "…"
  end
  vim.api.nvim_echo({ { line } }, false, {})
end

function M.stop()
  if next(solving) == nil then
    vim.api.nvim_echo({ { "euc: no search is running" } }, false, {})
  end
  for token, client_id in pairs(solving) do
    local client = vim.lsp.get_client_by_id(client_id)
    if client then client:notify("window/workDoneProgress/cancel", { token = token }) end
  end
end

-- :EucPicture [MOVE] draws the solve or planar block under the cursor (from
-- the buffer as it is, saved or not) into an SVG file and opens it; the file
-- is redrawn as you type. Set vim.g.euc_picture_open = false to only write it
-- (its path is in vim.b.euc_picture).
local function block_under_cursor(buf)
  local row = vim.api.nvim_win_get_cursor(0)[1]
  for line = row, 1, -1 do
    local text = vim.api.nvim_buf_get_lines(buf, line - 1, line, false)[1] or ""
    local name = text:match("^%s*solve%s+([%w_']+)") or text:match("^%s*planar%s+([%w_']+)")
    if name then return name end
    if line < row and text:match("^}") then return nil end
  end
end

local function draw_picture(buf, opened)
  local client = vim.lsp.get_clients({ bufnr = buf, name = "euc" })[1]
  local picture = vim.b[buf].euc_picture_state
  if not client or not picture then return end
  local params = {
    uri = vim.uri_from_bufnr(buf),
    block = picture.block,
    moves = picture.moves,
    instance = picture.instance,
  }
  client:request("euc/render", params, function(err, result)
    if err or not result or not result.svg then
      vim.notify("euc: " .. ((result and result.error) or (err and err.message) or "no picture"), vim.log.levels.WARN)
      return
    end
    vim.fn.writefile(vim.split(result.svg, "\n", { plain = true }), picture.path)
    vim.b[buf].euc_picture = picture.path
    if opened and vim.g.euc_picture_open ~= false then vim.ui.open(picture.path) end
  end, buf)
end

function M.picture(argument)
  local buf = vim.api.nvim_get_current_buf()
  local previous = vim.b[buf].euc_picture_state
  vim.b[buf].euc_picture_state = {
    block = block_under_cursor(buf),
    moves = tonumber(argument),
    -- `:EucPicture failing`: where the construction fails (E0403, E0406).
    instance = argument == "failing" and "failing" or nil,
    path = previous and previous.path or (vim.fn.tempname() .. ".svg"),
  }
  draw_picture(buf, true)
  if previous then return end
  local timer = vim.uv.new_timer()
  vim.api.nvim_create_autocmd({ "TextChanged", "TextChangedI" }, {
    buffer = buf,
    callback = function()
      timer:stop()
      timer:start(300, 0, vim.schedule_wrap(function() draw_picture(buf, false) end))
    end,
  })
end

return M
