-- The euc language server for Neovim 0.11's vim.lsp.config: found on
-- 'runtimepath' as lsp/euc.lua, so vim.lsp.enable("euc") starts it for
-- .euc files. vim.lsp.config("euc", { ... }) or require("euc").setup({ ... })
-- changes any field (cmd when `euc` is not on PATH, the solver's limits).
return {
  cmd = { "euc", "lsp" },
  filetypes = { "euc" },
  root_markers = { ".git" },
  -- Server settings: inlay hints with coordinates, solver limits.
  init_options = { inlayHints = { enabled = true }, solver = { maxMoves = 8, timeout = 60 } },
}
