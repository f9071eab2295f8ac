/// Tab completion's candidates (completion.ts, completion-scope.ts) and what a Tab does with them
/// (tab.ts), as Pact's Haskeline-based `completeFn` decides.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { complete, listFiles } from '../../src/repl/completion.ts';
import type { CompletionScope, Completions } from '../../src/repl/completion.ts';
import { completionScope } from '../../src/repl/completion-scope.ts';
import { listingLines, tabAction } from '../../src/repl/tab.ts';
import { Repl } from '../../src/repl/repl.ts';
import { Recorder } from '../helpers/pact.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-complete-');

/// The scope of a REPL session after these inputs.
function scopeAfter(...inputs: string[]): CompletionScope {
  const rec = new Recorder();
  const repl = new Repl('interactive', rec);
  for (const i of inputs) repl.runSource(i, '<interactive>');
  assert.doesNotMatch(rec.out + rec.err, /Error/, rec.out + rec.err);
  return completionScope(repl.ctx);
}

const SESSION = scopeAfter(
  '(env-data { "ks": ["k"] }) (env-keys ["k"])',
  '(begin-tx)',
  `(module bank G (defcap G () true)
     (defschema account @doc "a row" balance:decimal guard:guard tags:[string] meta:object)
     (deftable accounts:{account})
     (deftable ledger)
     (defun transfer () 1) (defun transfer-create () 2) (defconst MIN 1))`,
  '(interface payable (defun pay:bool ()) (defschema receipt amount:decimal))',
  "(define-namespace 'free (read-keyset 'ks) (read-keyset 'ks)) (namespace 'free)",
  '(module token G (defcap G () true) (defun mint () 1))',
  '(commit-tx)',
);

test('names in scope after a load: a module\'s members, an interface\'s constants (not what it declares)', () => {
  const { names } = scopeAfter('(interface payable (defun pay:bool ()) (defconst FEE 1))', '(module m G (defcap G () true) (defun f () 1))');
  for (const n of ['FEE', 'f', 'G', 'payable', 'm', 'm.f']) assert.ok(names.includes(n), n);
  assert.ok(!names.includes('pay'));
});

const texts = (c: Completions): string[] => c.candidates.map((x) => x.replacement);
const at = (line: string, before = '', cwd?: string): Completions => complete(line, before, SESSION, cwd);

test('the scope: natives, REPL natives, modules and interfaces by bare name, module.member with the namespace', () => {
  const { names } = SESSION;
  for (const n of ['+', 'insert', 'env-data', 'expect', 'bank', 'payable', 'token', 'bank.transfer', 'bank.accounts',
    'bank.account', 'bank.MIN', 'free.token.mint']) assert.ok(names.includes(n), n);
  // An interface's members are not offered as `interface.member`; a namespaced module's bare name is.
  assert.ok(!names.some((n) => n.startsWith('payable.')));
  assert.ok(!names.includes('free.token'));
  assert.deepEqual([...names], [...new Set(names)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
});

test('a word completes among the names; a module prefix lists its members', () => {
  assert.deepEqual(texts(at('(bank.tr')), ['bank.transfer', 'bank.transfer-create']);
  assert.equal(at('(bank.tr').rest, '(');
  assert.deepEqual(texts(at('(free.token.')), ['free.token.G', 'free.token.mint']);
  assert.deepEqual(texts(at('(pay')), ['payable']);
  // Words end at Haskeline's break characters: a symbol's quote, `{`, `(`, spaces, ...
  assert.deepEqual(texts(at("(describe-module 'ba")), ['bank', 'bank.G', 'bank.MIN', 'bank.account', 'bank.accounts',
    'bank.ledger', 'bank.transfer', 'bank.transfer-create', 'base64-decode', 'base64-encode']);
  assert.deepEqual(texts(at('(+ 1 (ab')), ['abs']);
  // ... but not at `[`, `)` or `:`, as in Pact.
  assert.deepEqual(texts(at('[ab')), []);
});

test('names holding break characters are put in escaped; every candidate is finished', () => {
  // `<` itself ends a word: after `(<` the word is empty and every name a candidate.
  assert.equal(at('(<').candidates.length, SESSION.names.length);
  const c = at('(\\<');
  assert.deepEqual(texts(c), ['\\<', '\\<\\=']);
  assert.deepEqual(c.candidates.map((x) => [x.display, x.finished]), [['<', true], ['<=', true]]);
  // An escaped break character is part of the word.
  assert.deepEqual(texts(at('(\\<\\=')), ['\\<\\=']);
});

test('inside a string: file names, quoted, a directory with its slash and no closing quote', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'accounts.repl'), '');
  writeFileSync(join(dir, 'accounts.pact'), '');
  writeFileSync(join(dir, 'a"b.repl'), '');
  mkdirSync(join(dir, 'acme'));
  writeFileSync(join(dir, 'acme', 'x.pact'), '');
  const c = at('(load "acc', '', dir);
  assert.equal(c.rest, '(load ');
  assert.deepEqual(texts(c), ['"accounts.pact"', '"accounts.repl"']);
  assert.deepEqual(texts(at('(load "ac', '', dir)), ['"accounts.pact"', '"accounts.repl"', '"acme/']);
  assert.deepEqual(texts(at('(load "acme/', '', dir)), ['"acme/x.pact"']);
  assert.deepEqual(at('(load "acme/', '', dir).candidates.map((x) => x.display), ['x.pact']);
  // Quotes and backslashes in a name are escaped; any string completes file names (as in Pact).
  assert.deepEqual(texts(at('(read-msg "a\\"', '', dir)), ['"a\\"b.repl"']);
  assert.deepEqual(texts(at(`(load "${dir}/accounts.r`)), [`"${dir}/accounts.repl"`]);
  // After a closed string the word is a name again.
  assert.deepEqual(texts(at('(load "x" ab', '', dir)), ['abs']);
  assert.deepEqual(texts(at('(load "nothing-here', '', dir)), []);
});

test('listFiles: Haskeline order and shape', () => {
  const dir = tempDir();
  for (const f of ['b', 'a', '.hidden']) writeFileSync(join(dir, f), '');
  assert.deepEqual(listFiles('', dir).map((c) => c.replacement), ['.hidden', 'a', 'b']);
  assert.deepEqual(listFiles('missing/', dir), []);
});

test('schema fields where a row of a known table is written, from a loaded module', () => {
  const rowAt = (line: string): string[] => texts(at(line));
  const fields = ['"balance"', '"guard"', '"meta"', '"tags"'];
  assert.deepEqual(rowAt('(insert bank.accounts "k" { '), fields);
  assert.deepEqual(rowAt('(write bank.accounts "k" {'), fields);
  assert.deepEqual(rowAt('(update bank.accounts "k" { "balance": 1.0, '), fields);
  assert.deepEqual(rowAt('(with-read bank.accounts "k" { "g'), ['"guard"']);
  assert.deepEqual(rowAt('(with-default-read bank.accounts "k" { "b'), ['"balance"']);
  assert.deepEqual(rowAt('(with-default-read bank.accounts "k" { "balance": 0.0 } { "balance" := b, "t'), ['"tags"']);
  // A bare word there becomes the quoted field.
  assert.deepEqual(rowAt('(insert bank.accounts "k" { gu'), ['"guard"']);
  // Not where a value goes, nor for a table without a schema or an unknown one: there a string
  // completes file names (here of an empty directory) and a word names, as in Pact.
  assert.deepEqual(rowAt('(insert bank.accounts "k" { "balance": ab'), ['abs']);
  assert.deepEqual(texts(at('(insert bank.ledger "k" { "', '', tempDir())), []);
  assert.deepEqual(rowAt('(insert nowhere "k" { ab'), ['abs']);
});

test('schema fields of a typed binding, and of schemas and tables defined in the input so far', () => {
  assert.deepEqual(texts(at('(let ((r:object{bank.account} { "')), ['"balance"', '"guard"', '"meta"', '"tags"']);
  assert.deepEqual(texts(at('(defconst R:object{payable.receipt} { ')), ['"amount"']);
  const before = '(module m G (defcap G () true)\n  (defschema s @doc "doc" @model [(invariant (> x 0))] x:integer y:[string] z:object{s})\n  (deftable t:{s})\n';
  assert.deepEqual(texts(at('  (defun f () (insert t "a" { "', before)), ['"x"', '"y"', '"z"']);
  assert.deepEqual(texts(at('  (defun f () (let ((o:object{s} { ', before)), ['"x"', '"y"', '"z"']);
});

test('Tab: one candidate replaces the word with a space (a string with its quote too), several put in their common part', () => {
  assert.deepEqual(tabAction('(bank.tr', at('(bank.tr')), { kind: 'replace', left: '(bank.transfer' });
  assert.deepEqual(tabAction('(bank.transfer-', at('(bank.transfer-')), { kind: 'replace', left: '(bank.transfer-create ' });
  const dir = tempDir();
  writeFileSync(join(dir, 'only.repl'), '');
  mkdirSync(join(dir, 'sub'));
  assert.deepEqual(tabAction('(load "o', at('(load "o', '', dir)), { kind: 'replace', left: '(load "only.repl" ' });
  assert.deepEqual(tabAction('(load "s', at('(load "s', '', dir)), { kind: 'replace', left: '(load "sub/' });
});

test('Tab: no candidate rings the bell; several with nothing more in common are listed', () => {
  assert.deepEqual(tabAction('(zz', at('(zz')), { kind: 'bell' });
  const action = tabAction('(bank.transfer', at('(bank.transfer'));
  assert.equal(action.kind, 'list');
  assert.deepEqual(action.kind === 'list' && action.candidates.map((c) => c.display), ['bank.transfer', 'bank.transfer-create']);
});

test('listing: columns filled downwards, as wide as the widest word plus two, the last one unpadded', () => {
  const words = Array.from({ length: 11 }, (_, i) => `w${i + 1}`);
  assert.deepEqual(listingLines(words, 20), ['w1   w4   w7   w10', 'w2   w5   w8   w11', 'w3   w6   w9']);
  assert.deepEqual(listingLines(['a', 'b', 'c'], 7), ['a  c', 'b']);
  // A word as wide as the terminal: one a line.
  assert.deepEqual(listingLines(['abcdefgh', 'x'], 8), ['abcdefgh', 'x']);
});
