/// `pact --lsp` navigation over stdio: hover, go to definition, references, rename (and what it
/// refuses), document and workspace symbols, on the market workspace.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver';
import { LspClient, uri } from './client.ts';
import { Market } from './market.ts';

const range = (l: number, from: number, to: number, l2 = l) => ({ start: { line: l, character: from }, end: { line: l2, character: to } });

describe('navigation', () => {
  const ws = new Market();
  let client: LspClient;
  const at = (file: string, needle: string, n = 0, delta = 1): { textDocument: { uri: string }; position: Position } =>
    ({ textDocument: { uri: uri(ws.path(file)) }, position: ws.at(file, needle, n, delta) });
  const hover = async (file: string, needle: string, n = 0, delta = 1) =>
    (await client.request<{ contents: { value: string } } | null>('textDocument/hover', at(file, needle, n, delta)))?.contents.value;

  before(async () => {
    client = await LspClient.start(ws.dir);
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  test('hover on a function of another module: its declaration, module, docs and model', async () => {
    assert.deepEqual(await client.request('textDocument/hover', at('shop.pact', 'ledger.transfer', 0, 8)), {
      contents: {
        kind: 'markdown',
        value: '```pact\n(defun transfer:string (sender:string receiver:string amount:decimal))\n```\n\n' +
          'defun in module `market.ledger`\n\nMoves AMOUNT from SENDER to RECEIVER.\n\n@model `[(property (> amount 0.0))]`',
      },
      range: range(20, 14, 22),
    });
  });

  test('hover on constants, schemas, imported functions, arguments, modules', async () => {
    assert.equal(await hover('ledger.pact', 'MINIMUM) "neg'), '```pact\n(defconst MINIMUM:decimal 0.0)\n```\n\n' +
      'defconst in module `market.ledger`\n\nvalue `0.0`\n\nThe smallest balance an account may keep.');
    assert.equal(await hover('ledger.pact', 'accounts:{account}', 0, 11), '```pact\n(defschema account balance:decimal)\n```\n\ndefschema in module `market.ledger`');
    assert.equal(await hover('ledger.pact', 'enforce-user sender'), '```pact\n(defun enforce-user:bool (id:string))\n```\n\n' +
      'defun in module `market.auth`\n\nFails unless the transaction satisfies the guard of user ID.');
    assert.equal(await hover('ledger.pact', 'amount 0.0) "amount must'), '```pact\namount:decimal\n```\n\nargument of `market.ledger.transfer`');
    assert.equal(await hover('market.repl', 'market.ledger.balance-of', 0, 3), '```pact\n(module market.ledger GOVERNANCE)\n```\n\n' +
      'module, implements `market.fungible`\n\nBalances of the market\'s token.');
  });

  test('hover on a native: its signatures as Pact prints them, then Pact\'s docs and examples', async () => {
    assert.equal(await hover('ledger.pact', 'with-read'), '```pact\n' +
      '(with-read table:table:<{row}> key:string bindings:binding:<{row}>) -> <a>\n```\n\nnative\n\n' +
      'Special form to read row from TABLE for KEY and bind columns per BINDINGS over subsequent body statements.\n\n' +
      '```pact\n(with-read accounts id { "balance":= bal, "ccy":= ccy }\n  (format "Balance for {} is {} {}" [id bal ccy]))\n```');
    // An example Pact runs is shown as typed at its prompt; a top-level-only native says so.
    assert.equal(await hover('ledger.pact', 'create-table'), '```pact\n(create-table table:table:<{row}>) -> string\n```\n\nnative\n\n' +
      'Create table TABLE.\n\n```pact\n(create-table accounts)\n```\n\nTop level only: this function will fail if used in module code.');
    assert.equal(await hover('market.repl', 'expect "alice buys'), '```pact\n' +
      '(expect doc:string expected:<a> actual:<a>) -> string\n```\n\nnative (REPL only)\n\n' +
      'Evaluate ACTUAL and verify that it equals EXPECTED.\n\n```pact\npact> (expect "Sanity prevails." 4 (+ 2 2))\n```');
  });

  test('go to definition across files, and from a load to the file', async () => {
    assert.deepEqual(await client.request('textDocument/definition', at('shop.pact', 'ledger.transfer', 0, 8)),
      { uri: uri(ws.path('ledger.pact')), range: range(36, 9, 17) });
    assert.deepEqual(await client.request('textDocument/definition', at('ledger.pact', 'from-balance amount')),
      { uri: uri(ws.path('ledger.pact')), range: range(41, 48, 60) });
    assert.deepEqual(await client.request('textDocument/definition', at('market.repl', '"ledger.pact"')),
      { uri: uri(ws.path('ledger.pact')), range: range(0, 0, 0) });
    assert.deepEqual(await client.request('textDocument/definition', at('ledger.pact', 'TRANSFER-mgr\n')),
      { uri: uri(ws.path('ledger.pact')), range: range(17, 9, 21) });
  });

  test('references: every file naming the definition', async () => {
    assert.deepEqual(await client.request('textDocument/references', { ...at('ledger.pact', 'transfer:string'), context: { includeDeclaration: true } }), [
      { uri: uri(ws.path('ledger.pact')), range: range(36, 9, 17) },
      { uri: uri(ws.path('shop.pact')), range: range(20, 14, 22) },
    ]);
    assert.deepEqual(await client.request('textDocument/references', { ...at('auth.pact', 'nickname-of'), context: { includeDeclaration: false } }), [
      { uri: uri(ws.path('ledger.pact')), range: range(46, 37, 48) },
    ]);
  });

  test('rename a function: its definition and every qualified use change', async () => {
    assert.deepEqual(await client.request('textDocument/prepareRename', at('ledger.pact', 'open-account')),
      { range: range(27, 9, 21), placeholder: 'open-account' });
    assert.deepEqual(await client.request('textDocument/rename', { ...at('ledger.pact', 'open-account'), newName: 'open' }), {
      changes: {
        [uri(ws.path('ledger.pact'))]: [{ range: range(27, 9, 21), newText: 'open' }],
        [uri(ws.path('market.repl'))]: [{ range: range(18, 15, 27), newText: 'open' }, { range: range(19, 15, 27), newText: 'open' }],
      },
    });
  });

  test('rename an argument: its uses and its model\'s', async () => {
    const edit = await client.request<{ changes: Record<string, unknown[]> }>('textDocument/rename', { ...at('ledger.pact', 'amount:decimal)\n    @doc "Moves'), newName: 'qty' });
    assert.equal(edit.changes[uri(ws.path('ledger.pact'))]!.length, 8);
  });

  test('rename refuses natives, modules, interface members and bad names', async () => {
    const refused = (p: unknown, method = 'textDocument/prepareRename') => client.request(method, p).then(() => 'renamed', (e: Error) => e.message);
    assert.equal(await refused(at('ledger.pact', 'enforce (')), '`enforce` is a native: natives cannot be renamed.');
    assert.equal(await refused(at('shop.pact', 'ledger.transfer')),
      '`ledger` is a module: its name is also written in strings and symbols (load, typecheck, keysets) that cannot all be followed.');
    assert.equal(await refused(at('ledger.pact', 'transfer:string')),
      '`transfer` belongs to an interface or implements one: calls through module references (`ref::transfer`) cannot all be seen.');
    assert.equal(await refused({ ...at('ledger.pact', 'open-account'), newName: 'defun' }, 'textDocument/rename'),
      '`defun` is not a name Pact can read as a definition\'s name.');
    assert.equal(await refused({ ...at('ledger.pact', 'open-account'), newName: 'transfer' }, 'textDocument/rename'),
      '`transfer` already names a member of market.ledger.');
  });

  test('document symbols: modules with their members', async () => {
    const symbols = await client.request<Array<{ name: string; kind: number; children: Array<{ name: string; kind: number; detail: string }> }>>(
      'textDocument/documentSymbol', { textDocument: { uri: uri(ws.path('auth.pact')) } });
    assert.deepEqual(symbols.map((s) => [s.name, s.kind, s.children.map((c) => [c.name, c.kind, c.detail])]), [['market.auth', 2, [
      ['GOVERNANCE', 24, '(defcap GOVERNANCE ())'],
      ['user', 23, '(defschema user nickname:string guard:guard)'],
      ['users', 13, '(deftable users:{user})'],
      ['create-user', 12, '(defun create-user:string (id:string nickname:string guard:guard))'],
      ['enforce-user', 12, '(defun enforce-user:bool (id:string))'],
      ['nickname-of', 12, '(defun nickname-of:string (id:string))'],
    ]]]);
  });

  test('workspace symbols: definitions matching a query, in every file', async () => {
    assert.deepEqual(await client.request('workspace/symbol', { query: 'balof' }), [
      { name: 'balance-of', kind: 12, location: { uri: uri(ws.path('fungible.pact')), range: range(10, 9, 19) }, containerName: 'market.fungible' },
      { name: 'balance-of', kind: 12, location: { uri: uri(ws.path('ledger.pact')), range: range(33, 9, 19) }, containerName: 'market.ledger' },
    ]);
  });
});
