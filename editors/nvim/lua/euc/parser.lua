-- The tree-sitter parser for euc: :EucInstallParser compiles the grammar of
-- the checkout this plugin sits in (grammar/tree-sitter-euc) with the system
-- C compiler into stdpath("data")/site/parser/euc.so and copies its queries
-- to site/queries/euc, where Neovim looks for both. The same grammar is
-- offered to nvim-treesitter, for users who install parsers with it.
local M = {}

-- This file is editors/nvim/lua/euc/parser.lua in a checkout of euc; the
-- real path, so that a plugin directory linked from elsewhere still finds
-- its checkout.
local function checkout()
  local here = debug.getinfo(1, "S").source:sub(2)
  here = vim.uv.fs_realpath(here) or here
  return vim.fn.fnamemodify(here, ":p:h:h:h:h:h")
end

--- The grammar's directory (with src/parser.c and queries/).
function M.grammar_dir()
  return vim.fs.joinpath(checkout(), "grammar", "tree-sitter-euc")
end

-- $CC first (its first word is the program: "ccache gcc" works), then the
-- usual names.
local function compiler()
  local candidates = { "cc", "gcc", "clang" }
  if vim.env.CC and vim.env.CC ~= "" then
    table.insert(candidates, 1, vim.env.CC)
  end
  for _, candidate in ipairs(candidates) do
    local words = vim.split(candidate, "%s+", { trimempty = true })
    if words[1] and vim.fn.executable(words[1]) == 1 then return words end
  end
  return nil, table.concat(candidates, ", ")
end

-- Copies every .scm of FROM into TO, and removes those FROM no longer has.
local function copy_queries(from, to)
  vim.fn.mkdir(to, "p")
  local wanted = {}
  for name, kind in vim.fs.dir(from) do
    if kind == "file" and name:match("%.scm$") then
      wanted[name] = true
      local ok, err = vim.uv.fs_copyfile(vim.fs.joinpath(from, name), vim.fs.joinpath(to, name))
      if not ok then return false, err end
    end
  end
  for name in vim.fs.dir(to) do
    if name:match("%.scm$") and not wanted[name] then os.remove(vim.fs.joinpath(to, name)) end
  end
  return true
end

--- Compiles and installs the parser and its queries. Returns true, or false
--- and what went wrong.
function M.install()
  local grammar = M.grammar_dir()
  local source = vim.fs.joinpath(grammar, "src", "parser.c")
  if not vim.uv.fs_stat(source) then
    return false, ("no tree-sitter grammar at %s: keep editors/nvim inside its checkout of euc"):format(grammar)
  end
  local command, tried = compiler()
  if not command then
    return false, ("no C compiler to build the tree-sitter parser (tried %s); install one, or name it in $CC"):format(tried)
  end

  local site = vim.fs.joinpath(vim.fn.stdpath("data"), "site")
  local parser_dir = vim.fs.joinpath(site, "parser")
  vim.fn.mkdir(parser_dir, "p")
  local target = vim.fs.joinpath(parser_dir, "euc.so")
  local built = ("%s.%d.tmp"):format(target, vim.fn.getpid())
  vim.list_extend(command, { "-shared", "-fPIC", "-O2", "-I", vim.fs.joinpath(grammar, "src"), source, "-o", built })
  local result = vim.system(command, { text = true }):wait()
  if result.code ~= 0 then
    os.remove(built)
    return false, ("%s failed:\n%s"):format(table.concat(command, " "), result.stderr or "")
  end
  -- Renamed over the old parser rather than written into it: one that this
  -- Neovim has loaded stays mapped as it was.
  local replaced = vim.uv.fs_stat(target) ~= nil
  local renamed, rename_error = vim.uv.fs_rename(built, target)
  if not renamed then
    os.remove(built)
    return false, ("could not write %s: %s"):format(target, rename_error)
  end
  local copied, copy_error = copy_queries(vim.fs.joinpath(grammar, "queries"), vim.fs.joinpath(site, "queries", "euc"))
  if not copied then return false, "could not copy the queries: " .. copy_error end

  -- The site directory is on 'runtimepath' unless Neovim started with
  -- --clean or a plugin manager rebuilt the path: then it is added, so the
  -- parser works in this session too.
  local on_path = vim.iter(vim.api.nvim_list_runtime_paths()):any(function(path)
    return vim.fs.normalize(path) == vim.fs.normalize(site)
  end)
  if not on_path then vim.opt.runtimepath:prepend(site) end

  local message = "tree-sitter parser and queries installed in " .. vim.fn.fnamemodify(site, ":~")
  if replaced then message = message .. " (restart Neovim if it had loaded the old ones)" end
  return true, message
end

--- Offers the grammar to nvim-treesitter's `master` branch (for Neovim
--- 0.11): a parser config whose url is the local grammar, so `:TSInstall
--- euc` builds it. Its queries come from :EucInstallParser.
function M.register_with_nvim_treesitter_master()
  local ok, parsers = pcall(require, "nvim-treesitter.parsers")
  if not ok or type(parsers) ~= "table" or type(parsers.get_parser_configs) ~= "function" then return end
  parsers.get_parser_configs().euc = {
    install_info = { url = M.grammar_dir(), files = { "src/parser.c" } },
    filetype = "euc",
  }
end

--- Offers the grammar to nvim-treesitter's `main` branch (for Neovim 0.12),
--- which asks for custom parsers on its `User TSUpdate` event: a local path,
--- so `:TSInstall euc` builds it and links the queries.
function M.register_with_nvim_treesitter_main()
  local ok, parsers = pcall(require, "nvim-treesitter.parsers")
  if not ok or type(parsers) ~= "table" then return end
  parsers.euc = { install_info = { path = M.grammar_dir(), queries = "queries" } }
end

return M
