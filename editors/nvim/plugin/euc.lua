-- euc for Neovim 0.11+, loaded with the plugin directory (editors/nvim on
-- 'runtimepath'): the filetype, the commands and the autocommands. The work
-- is done in lua/euc/; the server starts with vim.lsp.enable("euc") (its
-- configuration is lsp/euc.lua) or require("euc").setup({ ... }).
if vim.g.loaded_euc then return end
vim.g.loaded_euc = true

vim.filetype.add({ extension = { euc = "euc" } })

local group = vim.api.nvim_create_augroup("euc", { clear = true })
vim.api.nvim_create_autocmd("FileType", {
  group = group,
  pattern = "euc",
  callback = function(event) require("euc").on_filetype(event.buf) end,
})
vim.api.nvim_create_autocmd("LspAttach", {
  group = group,
  callback = function(event) require("euc").on_attach(event) end,
})
vim.api.nvim_create_autocmd("LspProgress", {
  group = group,
  pattern = { "begin", "report", "end" },
  callback = function(event) require("euc").on_progress(event) end,
})

vim.api.nvim_create_user_command("EucInstallParser", function() require("euc").install_parser() end,
  { desc = "euc: compile the tree-sitter parser and install it with its queries" })
vim.api.nvim_create_user_command("EucStop", function() require("euc").stop() end,
  { desc = "euc: stop Find construction and take the best answer so far" })
vim.api.nvim_create_user_command("EucPicture", function(opts) require("euc").picture(opts.args) end,
  { nargs = "?", desc = "euc: draw the block under the cursor (up to move N, or `failing`: where it fails)" })

-- nvim-treesitter users can build the parser with `:TSInstall euc` instead:
-- its master branch takes the grammar now, its main branch on each
-- `User TSUpdate`.
require("euc.parser").register_with_nvim_treesitter_master()
vim.api.nvim_create_autocmd("User", {
  group = group,
  pattern = "TSUpdate",
  callback = function() require("euc.parser").register_with_nvim_treesitter_main() end,
})
