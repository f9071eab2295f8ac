/// Tab completion in the interactive REPL, in a real terminal (tmux), as Pact's: module members,
/// module and interface names (namespaced too), file names in a string, schema fields of a row
/// being written, and the listing of many candidates behind `Display all N possibilities?` and
/// `----More----`.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Tmux } from '../helpers/tmux.ts';
import { tempDirs } from '../helpers/temp.ts';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));
const tempDir = tempDirs('pact-tab-');

const MODULE = '(module bank G (defcap G () true) (defschema account balance:decimal guard:guard) '
  + '(deftable accounts:{account}) (defun transfer () 1) (defun transfer-create () 2))';

/// A REPL in a 100×30 terminal in a fresh directory, with module `bank` loaded; `files` made there.
async function session(t: { after(fn: () => void): void }, files: Record<string, string> = {}): Promise<Tmux> {
  const cwd = tempDir();
  for (const [name, text] of Object.entries(files)) {
    if (name.endsWith('/')) mkdirSync(join(cwd, name));
    else writeFileSync(join(cwd, name), text);
  }
  const tty = new Tmux([PACT], cwd);
  t.after(() => tty.close());
  await tty.waitFor(/pact> $/);
  tty.type(MODULE);
  tty.press('Enter');
  await tty.waitFor(/Loaded module bank[^]*pact> $/);
  await fresh(tty);
  return tty;
}

/// Drops the input and clears the screen.
async function fresh(tty: Tmux): Promise<void> {
  tty.press('C-u');
  tty.press('C-l');
  await tty.waitFor(/^pact> $/);
}

/// Types `text`, waits for it, presses Tab and waits for the screen to match `re`.
async function tab(tty: Tmux, text: string, re: RegExp): Promise<string> {
  if (text !== '') {
    tty.type(text);
    await tty.waitFor(new RegExp(`${RegExp.escape(text)}$`));
  }
  tty.press('Tab');
  return tty.waitFor(re);
}

it('module.member: the common part first, then the list, then one completes with a space after it', async (t) => {
  const tty = await session(t);
  await tab(tty, '(bank.tr', /^pact> \(bank\.transfer$/);
  const listed = await tab(tty, '', /\npact> \(bank\.transfer$/);
  assert.equal(listed, 'pact> (bank.transfer\nbank.transfer         bank.transfer-create\npact> (bank.transfer');
  await tab(tty, '-', /\npact> \(bank\.transfer-create $/);
  tty.type(')');
  tty.press('Enter');
  await tty.waitFor(/\n2\npact> $/);
});

it('module and interface names, and namespace.module.member', async (t) => {
  const tty = await session(t);
  tty.type('(env-data { "ks": ["k"] }) (env-keys ["k"]) (interface payable (defun pay:bool ()))');
  tty.press('Enter');
  tty.type("(define-namespace 'free (read-keyset 'ks) (read-keyset 'ks)) (namespace 'free) (module token G (defcap G () true) (defun mint () 1))");
  tty.press('Enter');
  await tty.waitFor(/Loaded module free\.token/);
  await fresh(tty);
  await tab(tty, '(describe-module "pay', /^pact> \(describe-module "pay$/);
  await fresh(tty);
  await tab(tty, '(paya', /^pact> \(payable $/);
  await fresh(tty);
  await tab(tty, '(tok', /^pact> \(token $/);
  await fresh(tty);
  const listed = await tab(tty, '(free.token.', /\npact> \(free\.token\.$/);
  assert.match(listed, /\nfree\.token\.G {5}free\.token\.mint\n/);
  await tab(tty, 'm', /\npact> \(free\.token\.mint $/);
});

it('file names in a string: common part, list, a directory with its slash, a file with its closing quote', async (t) => {
  const tty = await session(t, { 'accounts.repl': '(+ 40 2)\n', 'accounts-old.repl': '', 'acme/': '' });
  const listed = await tab(tty, '(load "ac', /\npact> \(load "ac$/);
  assert.equal(listed, 'pact> (load "ac\naccounts-old.repl  accounts.repl      acme\npact> (load "ac');
  await fresh(tty);
  await tab(tty, '(load "acm', /^pact> \(load "acme\/$/);
  await fresh(tty);
  await tab(tty, '(load "accounts.', /^pact> \(load "accounts\.repl" $/);
  tty.type(')');
  tty.press('Enter');
  await tty.waitFor(/\n42\n/);
});

it('schema fields where a row of a known table is written', async (t) => {
  const tty = await session(t);
  await tab(tty, '(insert bank.accounts "k" { ', /^pact> \(insert bank\.accounts "k" \{ "$/);
  const listed = await tab(tty, '', /\npact> \(insert bank\.accounts "k" \{ "$/);
  assert.match(listed, /\nbalance {2}guard\n/);
  await tab(tty, 'b', /"k" \{ "balance" $/);
  // Typed over several lines: the table and schema of the module being written.
  await fresh(tty);
  tty.type('(module m G (defcap G () true)');
  tty.press('Enter');
  tty.type('(defschema s amount:decimal owner:string) (deftable t:{s})');
  tty.press('Enter');
  await tab(tty, '(defun f () (write t "a" { "o', /\n\.\.\.\.> \(defun f \(\) \(write t "a" \{ "owner" $/);
});

it('more than 100 candidates: asked first, then a screenful at a time', async (t) => {
  const tty = await session(t);
  const asked = await tab(tty, '(', /^Display all \d+ possibilities\? \(y or n\)$/);
  const n = Number(/Display all (\d+)/.exec(asked)![1]);
  assert.ok(n > 150, asked);
  tty.press('n');
  await tty.waitFor(/^pact> \($/);
  await tab(tty, '', /^Display all \d+ possibilities\? \(y or n\)$/);
  tty.press('y');
  // 29 lines of candidates in three columns (the terminal's height less one), then the prompt
  // for more, at the foot of the screen.
  const page = (await tty.waitFor(/\n----More----$/)).split('\n');
  assert.equal(page.length, 30);
  for (const line of page.slice(0, 29)) assert.match(line, /^\S+ {2,}\S+ {2,}\S+$/);
  tty.press('Enter');
  // One line more: the screen scrolls by one.
  const next = (await tty.waitFor(/\n----More----$/)).split('\n');
  assert.deepEqual(next.slice(0, 28), page.slice(1, 29));
  assert.match(next[28]!, /^\S+ {2,}\S+ {2,}\S+$/);
  // Space: the next screenful, where `----More----` was.
  tty.press('Space');
  await tty.waitFor(new RegExp(`^(?!${RegExp.escape(next[0]!)})`));
  const third = (await tty.waitFor(/\n----More----$/)).split('\n');
  assert.equal(third.length, 30);
  for (const line of third.slice(0, 29)) assert.ok(/^\S+ {2,}\S+ {2,}\S+$/.test(line) && !next.includes(line), line);
  tty.press('q');
  await tty.waitFor(/\npact> \($/);
  tty.press('BSpace');
  tty.type('(+ 1 2)');
  tty.press('Enter');
  await tty.waitFor(/\n3\npact> $/);
});
