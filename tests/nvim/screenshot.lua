-- The README's Neovim screenshot: headless Neovim opens FILE with the plugin
-- directory editors/nvim, the server and the tree-sitter parser that
-- :EucInstallParser puts in $XDG_DATA_HOME, and exports the coloured buffer
-- as HTML (:TOhtml), which Chromium turns into a PNG. Run from the checkout
-- (see README.md, "Editors"):
--   XDG_DATA_HOME=SCRATCH nvim --headless --clean -l tests/nvim/screenshot.lua BIN FILE OUT.html
local bin, file, out = arg[1], arg[2], arg[3]
vim.env.PATH = vim.fn.fnamemodify(bin, ":p:h") .. ":" .. vim.env.PATH
vim.o.termguicolors = true
vim.cmd.colorscheme(vim.env.SCHEME or "retrobox")
vim.o.background = "light"
vim.opt.runtimepath:append(vim.fn.getcwd() .. "/editors/nvim")
vim.cmd.runtime("plugin/euc.lua")
vim.cmd("EucInstallParser")
vim.lsp.enable("euc")
vim.cmd.edit(file)
local buf = vim.api.nvim_get_current_buf()
vim.wait(15000, function() return #vim.lsp.get_clients({ bufnr = buf }) > 0 end, 50)
vim.wait(3000, function() return #vim.inspect_pos(buf, 5, 6).semantic_tokens > 0 end, 50)
vim.wait(500)
local html = require("tohtml").tohtml(0, { title = "euc in Neovim" })
vim.fn.writefile(html, out)
vim.cmd("qa!")
