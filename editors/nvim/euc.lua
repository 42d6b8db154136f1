-- Neovim (0.11+) set-up for euc: put this file in your config (for example
-- ~/.config/nvim/plugin/euc.lua) with `euc` on your PATH.
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
  end,
})
