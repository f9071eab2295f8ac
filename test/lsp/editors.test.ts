/// The editors/ folder: the VS Code extension's client code type-checks against VS Code's and
/// vscode-languageclient's types and its manifest holds together; Neovim (Debian's, headless)
/// attaches with editors/neovim/pact.lua and shows the diagnostics of a broken file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDirs } from '../helpers/temp.ts';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const VSCODE = join(ROOT, 'editors/vscode');
const newDir = tempDirs('pact-editors-');

test('the VS Code extension\'s client code type-checks', () => {
  const r = spawnSync(join(ROOT, 'node_modules/.bin/tsc'), ['-p', VSCODE], { encoding: 'utf8' });
  assert.equal(r.stdout + r.stderr, '');
  assert.equal(r.status, 0);
});

test('the VS Code extension\'s manifest: Pact files, the language configuration, the client', () => {
  const manifest = JSON.parse(readFileSync(join(VSCODE, 'package.json'), 'utf8'));
  assert.deepEqual(manifest.contributes.languages, [{
    id: 'pact', aliases: ['Pact', 'pact'], extensions: ['.pact', '.repl'], configuration: './language-configuration.json',
  }]);
  assert.ok(existsSync(join(VSCODE, manifest.main)));
  const config = JSON.parse(readFileSync(join(VSCODE, 'language-configuration.json'), 'utf8'));
  assert.deepEqual(config.comments, { lineComment: ';' });
  // The extension's client is the version the tests type-check it against.
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  assert.equal(manifest.dependencies['vscode-languageclient'], root.devDependencies['vscode-languageclient']);
});

test('Neovim, headless, attaches with editors/neovim/pact.lua and shows a broken file\'s diagnostics', () => {
  const dir = newDir();
  const broken = join(dir, 'broken.pact');
  writeFileSync(broken, '(module m G\n  (defcap G () true)\n  (defun f () (g 1)))\n');
  const script = join(dir, 'show.lua');
  writeFileSync(script, `
package.path = ${JSON.stringify(join(ROOT, 'editors/neovim/?.lua'))} .. ';' .. package.path
require('pact').setup({ cmd = ${JSON.stringify(join(ROOT, 'dist/pact'))}, root_dir = ${JSON.stringify(dir)} })
vim.cmd('edit ' .. ${JSON.stringify(broken)})
vim.wait(20000, function() return #vim.diagnostic.get(0) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(0)) do
  io.stdout:write(string.format('%d:%d-%d: %s\\n', d.lnum + 1, d.col + 1, d.end_col + 1, d.message))
end
vim.cmd('qa!')
`);
  const r = spawnSync('nvim', ['--headless', '-u', 'NONE', '-c', `luafile ${script}`], { encoding: 'utf8', cwd: dir, timeout: 60_000 });
  assert.equal(r.error, undefined);
  assert.equal(r.stdout, '3:16-17: Cannot resolve "g"\n');
});
