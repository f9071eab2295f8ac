/// `pact --lsp` diagnostics, driven over stdio by a real JSON-RPC client: what the analysis finds
/// as the user types (Pact's parse, compile and link errors with its texts and ranges), what is
/// found on save (the type checker, a script's run), and files that must not hurt the server
/// (broken, huge, not UTF-8, nested 20,000 deep, a script that never ends).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver';
import { LspClient, uri } from './client.ts';
import { Market } from './market.ts';

const error = (range: Diagnostic['range'], message: string): Diagnostic => ({ range, severity: 1, source: 'pact', message });
const line = (l: number, from: number, to: number) => ({ start: { line: l, character: from }, end: { line: l, character: to } });

describe('diagnostics', () => {
  const ws = new Market();
  const broken = ws.write('broken.pact', '(module broken G\n  (defcap G () true)\n  (defun f () (+ 1 2))\n  (defun g () 1)\n');
  const latin1 = ws.write('latin1.pact', Buffer.concat([Buffer.from('(+ 1 2)\n(format "caf'), Buffer.from([0xe9]), Buffer.from('" [])\n')]));
  const huge = ws.write('huge.pact', '(+ 1 2)\n'.repeat(150_000));
  const deep = ws.write('deep.repl', `${'(+ 1 '.repeat(20_000)}(length 1 2)${')'.repeat(20_000)}\n`);
  let client: LspClient;
  /// The server still answers: a hover on a native of the market.
  const answers = async () => {
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover',
      { textDocument: { uri: uri(ws.path('auth.pact')) }, position: ws.at('auth.pact', 'enforce-guard', 0, 1) });
    assert.match(hover!.contents.value, /^```pact\n\(enforce-guard guard:guard\) -> bool/);
  };

  before(async () => {
    client = await LspClient.start(ws.dir, { scriptTimeout: 2000 });
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  test('the workspace as written has none', async () => {
    for (const f of ['auth.pact', 'fungible.pact', 'ledger.pact', 'shop.pact', 'market.repl']) {
      assert.deepEqual(await client.diagnostics(ws.path(f)), [], f);
    }
  });

  test('a file that does not parse gets Pact\'s parse error where it stops', async () => {
    assert.deepEqual(await client.diagnostics(broken), [error(line(4, 0, 0),
      'unexpected EOF, expected: ")", ",", ":", ":=", (list), [list], atom, bool, dyn-atom, number, string, symbol, {list}')]);
    await answers();
  });

  test('a file that is not UTF-8 is named so at its first bad byte', async () => {
    assert.deepEqual(await client.diagnostics(latin1), [error(line(1, 12, 13),
      'invalid UTF-8: byte 20 (0xE9) is not part of a character; Pact reads files as UTF-8')]);
    // Opened, the editor's text has a replacement character there: the file on disk says why.
    client.open(latin1, '(+ 1 2)\n(format "caf\uFFFD" [])\n');
    assert.deepEqual(await client.diagnostics(latin1, (p) => p.version === 1), [error(line(1, 12, 13),
      'invalid UTF-8: byte 20 (0xE9) is not part of a character; Pact reads files as UTF-8')]);
    await answers();
  });

  test('a file too large to analyse as one types says so', async () => {
    assert.deepEqual(await client.diagnostics(huge), [{
      range: line(0, 0, 0), severity: 2, source: 'pact',
      message: 'this file has 1.1 MB of text, more than the 1.0 MB analysed as you type: it is not checked here (run it with pact)',
    }]);
    client.open(huge);
    const version = client.change(huge, [{ range: line(0, 0, 0), text: ' ' }]);
    assert.equal((await client.diagnostics(huge, (p) => p.version === version)).length, 1);
    assert.equal(await client.request('textDocument/hover', { textDocument: { uri: uri(huge) }, position: { line: 5, character: 2 } }), null);
    assert.deepEqual(await client.request('textDocument/semanticTokens/full', { textDocument: { uri: uri(huge) } }), { data: [] });
    await answers();
  });

  test('code nested 20,000 deep is analysed, as it runs (the server has a deep stack)', async () => {
    assert.deepEqual(await client.diagnostics(deep), [error(line(0, 100_000, 100_012),
      'Invalid arguments, received [1 2] for x:<a[[<l>],string,object:<{o}>]> -> integer')]);
    await answers();
  });

  test('an unknown name typed in a module: Pact\'s link error at the name', async () => {
    const ledger = ws.path('ledger.pact');
    client.open(ledger);
    const at = ws.at('ledger.pact', 'MINIMUM) "negative', 0, 'MINIMUM'.length);
    const version = client.change(ledger, [{ range: { start: at, end: at }, text: 'S' }]);
    assert.deepEqual(await client.diagnostics(ledger, (p) => p.version === version), [
      error(line(at.line, at.character - 7, at.character + 1), 'Cannot resolve "MINIMUMS"'),
    ]);
    client.change(ledger, [{ range: { start: at, end: { line: at.line, character: at.character + 1 } }, text: '' }]);
    assert.deepEqual(await client.diagnostics(ledger, (p) => p.version === version + 1), []);
  });

  test('a module that no longer implements its interface: Pact\'s constraint error', async () => {
    const ledger = ws.path('ledger.pact');
    const at = ws.range('ledger.pact', 'balance-of:decimal');
    const version = client.change(ledger, [{ range: { start: at.start, end: { line: at.start.line, character: at.start.character + 'balance-of'.length } }, text: 'balance' }]);
    assert.deepEqual(await client.diagnostics(ledger, (p) => p.version === version), [
      error(line(3, 0, 25), 'found unimplemented member while resolving model constraints: balance-of'),
    ]);
    client.close(ledger);
    assert.deepEqual(await client.diagnostics(ledger, (p) => p.version === undefined && p.diagnostics.length === 0), []);
  });

  test('a file changed on disk behind the editor\'s back is read again, and so are the files using it', async () => {
    const shop = ws.path('shop.pact');
    client.forget(shop);
    ws.write('ledger.pact', ws.text('ledger.pact').replace('(defun transfer:string', '(defun send:string'));
    void client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(ws.path('ledger.pact')), type: 2 }] });
    const call = ws.range('shop.pact', 'ledger.transfer');
    assert.deepEqual(await client.diagnostics(shop, (p) => p.diagnostics.length > 0), [error(call, 'Cannot resolve "ledger.transfer"')]);
    ws.write('ledger.pact', ws.text('ledger.pact').replace('(defun send:string', '(defun transfer:string'));
    void client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(ws.path('ledger.pact')), type: 2 }] });
    assert.deepEqual(await client.diagnostics(shop, (p) => p.diagnostics.length === 0), []);
  });

  test('a type error is found by the type checker on save', async () => {
    const path = ws.write('typed.pact', '(module typed G\n  (defcap G () true)\n  (defun bad:integer (x:string) (+ x 1)))\n');
    client.open(path);
    assert.deepEqual(await client.diagnostics(path), []);
    client.save(path);
    assert.deepEqual(await client.diagnostics(path, (p) => p.diagnostics.length > 0), [
      { range: line(2, 32, 39), severity: 2, source: 'pact typecheck', message: 'Unable to solve overloaded function: +' },
    ]);
  });

  test('a script saved is run: its failed expectations are marked', async () => {
    const path = ws.path('market.repl');
    const text = ws.text('market.repl').replace('"alice has 75.0 left" 75.0', '"alice has 75.0 left" 70.0');
    ws.write('market.repl', text);
    client.open(path, text);
    await client.diagnostics(path);
    client.forget(path);
    client.save(path);
    const at = ws.range('market.repl', '(expect "alice has 75.0 left"').start.line;
    assert.deepEqual(await client.diagnostics(path, (p) => p.diagnostics.length > 0), [
      error(line(at, 0, 70), 'FAILURE: alice has 75.0 left: expected 70.0:decimal, received 75.0:decimal'),
    ]);
  });

  test('a script that never ends is stopped at the time limit, and the server goes on', async () => {
    const path = ws.write('loop.repl', '(+ 1 2)\n(expect "never" 0 (mod (^ 7 100000000) 2))\n(+ 3 4)\n');
    client.open(path);
    await client.diagnostics(path);
    client.forget(path);
    client.save(path);
    assert.deepEqual(await client.diagnostics(path, (p) => p.diagnostics.length > 0), [
      error(line(1, 0, 42), 'pact: the script was still running after 2 s and was stopped here (a loop that never ends?)'),
    ]);
    const version = client.change(path, [{ range: line(0, 1, 2), text: 'zzz' }]);
    assert.deepEqual(await client.diagnostics(path, (p) => p.version === version), [error(line(0, 1, 4), 'Cannot resolve zzz')]);
    await answers();
  });
});
