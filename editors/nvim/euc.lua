-- Neovim (0.11+) set-up for euc: put this file in your config (for example
-- ~/.config/nvim/plugin/euc.lua) with `euc` on your PATH.
--
-- Colour comes from the server's semantic tokens (given points, setup
-- objects, steps and goals each get their own group, @lsp.type.*.euc) as
-- soon as the server runs. For tree-sitter colour, folds and indents as
-- well, build the parser once from a checkout of euc (editors/README.md):
--   cc -shared -fPIC -O2 -I grammar/tree-sitter-euc/src \
--     grammar/tree-sitter-euc/src/parser.c -o ~/.local/share/nvim/site/parser/euc.so
--   cp -r grammar/tree-sitter-euc/queries ~/.local/share/nvim/site/queries/euc
vim.filetype.add({ extension = { euc = "euc" } })

vim.lsp.config("euc", {
  cmd = { "euc", "lsp" },
  filetypes = { "euc" },
  root_markers = { ".git" },
  -- Server settings: inlay hints with coordinates, solver limits.
  init_options = { inlayHints = { enabled = true }, solver = { maxMoves = 8, timeout = 60 } },
})
vim.lsp.enable("euc")

vim.api.nvim_create_autocmd("FileType", {
  pattern = "euc",
  callback = function(event)
    vim.bo[event.buf].commentstring = "// %s"
    vim.lsp.inlay_hint.enable(true, { bufnr = event.buf })
    -- Tree-sitter, when the parser is installed (see above).
    if pcall(vim.treesitter.start, event.buf, "euc") then
      vim.wo.foldmethod = "expr"
      vim.wo.foldexpr = "v:lua.vim.treesitter.foldexpr()"
      vim.wo.foldlevel = 99
    end
  end,
})
