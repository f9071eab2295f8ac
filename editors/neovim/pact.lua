-- Pact in Neovim through `pact --lsp`. Put this file where Lua modules are found (for example
-- ~/.config/nvim/lua/pact.lua) and call `require('pact').setup()` from your init.lua; options:
-- `cmd` (the pact executable, default "pact"), `root_dir` (default: the current directory),
-- `init_options` (what the server takes, e.g. { scriptTimeout = 10000 }).
local M = {}

local function start(bufnr, opts)
  local config = {
    name = 'pact',
    cmd = { opts.cmd or 'pact', '--lsp' },
    root_dir = opts.root_dir or vim.fn.getcwd(),
    init_options = opts.init_options,
  }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = bufnr }) -- Neovim 0.8 and later
  else
    vim.lsp.buf_attach_client(bufnr, vim.lsp.start_client(config)) -- Neovim 0.7
  end
end

function M.setup(opts)
  opts = opts or {}
  local group = vim.api.nvim_create_augroup('pact', { clear = true })
  vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, {
    group = group, pattern = { '*.pact', '*.repl' },
    callback = function() vim.bo.filetype = 'pact' end,
  })
  vim.api.nvim_create_autocmd('FileType', {
    group = group, pattern = 'pact',
    callback = function(args)
      vim.bo[args.buf].commentstring = '; %s'
      start(args.buf, opts)
    end,
  })
end

return M
