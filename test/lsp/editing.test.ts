/// `pact --lsp` while typing, over stdio: completion (names in scope, natives, `module.member`,
/// schema fields, load paths), signature help and semantic tokens, on the market workspace.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, Position } from 'vscode-languageserver';
import { LspClient, uri } from './client.ts';
import { Market } from './market.ts';

const range = (l: number, from: number, to: number) => ({ start: { line: l, character: from }, end: { line: l, character: to } });

describe('editing', () => {
  const ws = new Market();
  let client: LspClient;
  const at = (file: string, needle: string, delta: number, n = 0): { textDocument: { uri: string }; position: Position } =>
    ({ textDocument: { uri: uri(ws.path(file)) }, position: ws.at(file, needle, n, delta) });
  const complete = (file: string, needle: string, delta: number, n = 0) =>
    client.request<CompletionList>('textDocument/completion', at(file, needle, delta, n));
  const labels = (l: CompletionList) => l.items.map((i) => i.label);

  before(async () => {
    client = await LspClient.start(ws.dir);
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  test('module.member after a dot, with the member\'s declaration', async () => {
    assert.deepEqual(await complete('shop.pact', 'ledger.transfer', 'ledger.tr'.length), {
      isIncomplete: false,
      items: [{
        label: 'ledger.transfer', kind: 3, detail: '(defun transfer:string (sender:string receiver:string amount:decimal))',
        data: 'd:market.ledger.transfer', textEdit: { range: range(20, 7, 16), newText: 'ledger.transfer' },
      }],
    });
    assert.deepEqual(labels(await complete('market.repl', 'market.ledger.balance-of', 'market.'.length)), ['market.auth', 'market.fungible', 'market.ledger', 'market.shop']);
    assert.deepEqual(labels(await complete('market.repl', 'market.ledger.balance-of', 'market.ledger.b'.length)), ['market.ledger.balance-of']);
  });

  test('bare names: bindings in scope, the module\'s members, natives, keywords, modules', async () => {
    assert.deepEqual(labels(await complete('ledger.pact', 'from-balance amount', 4)), ['from-balance']);
    const all = labels(await complete('ledger.pact', '(enforce (> amount', 1));
    for (const name of ['amount', 'sender', 'MINIMUM', 'accounts', 'TRANSFER', 'enforce-user', 'nickname-of', 'enforce', 'with-read', 'defun', '@doc', 'ledger', 'market.auth']) {
      assert.ok(all.includes(name), name);
    }
    assert.ok(!all.includes('from-balance'), 'a binding out of its scope');
    assert.ok(!all.includes('expect'), 'a REPL native in a .pact file');
    assert.ok(labels(await complete('market.repl', '(expect "alice buys', 1)).includes('expect'), 'a REPL native in a script');
  });

  test('a schema\'s fields where an object of it is written', async () => {
    assert.deepEqual(await complete('shop.pact', '"price": price', 1), {
      isIncomplete: false,
      items: [
        { label: 'price', kind: 5, detail: 'decimal', textEdit: { range: range(14, 26, 26), newText: 'price' } },
        { label: 'seller', kind: 5, detail: 'string', textEdit: { range: range(14, 26, 26), newText: 'seller' } },
      ],
    });
    assert.deepEqual((await complete('shop.pact', '"seller": seller }', 0)).items.map((i) => i.textEdit!.newText), ['"price"', '"seller"']);
    assert.deepEqual(labels(await complete('ledger.pact', '"balance" := from', 1)), ['balance']);
  });

  test('file names in the string of a load', async () => {
    assert.deepEqual(await complete('market.repl', 'ledger.pact"', 3), {
      isIncomplete: false,
      items: [{ label: 'ledger.pact', kind: 17, textEdit: { range: range(10, 7, 10), newText: 'ledger.pact' } }],
    });
  });

  test('an item\'s documentation is its hover', async () => {
    const item = await client.request<CompletionItem>('completionItem/resolve', { label: 'nickname-of', data: 'd:market.auth.nickname-of' });
    assert.deepEqual(item.documentation, { kind: 'markdown', value: '```pact\n(defun nickname-of:string (id:string))\n```\n\ndefun in module `market.auth`' });
  });

  test('signature help: a function\'s arguments, a native\'s overloads, the argument at the cursor', async () => {
    assert.deepEqual(await client.request('textDocument/signatureHelp', at('shop.pact', 'buyer seller price', 7)), {
      signatures: [{
        label: '(transfer sender:string receiver:string amount:decimal) -> string',
        parameters: [{ label: [10, 23] }, { label: [24, 39] }, { label: [40, 54] }],
        documentation: 'Moves AMOUNT from SENDER to RECEIVER.',
      }],
      activeSignature: 0, activeParameter: 1,
    });
    const minus = await client.request<{ signatures: Array<{ label: string }>; activeParameter: number }>(
      'textDocument/signatureHelp', at('ledger.pact', '(- from-balance amount) MINIMUM', 3));
    assert.deepEqual(minus.signatures.map((s) => s.label), [
      '(- x:<a[integer,decimal]> y:<a[integer,decimal]>) -> <a[integer,decimal]>',
      '(- x:<a[integer,decimal]> y:<b[integer,decimal]>) -> decimal',
      '(- x:<a[integer,decimal]>) -> <a[integer,decimal]>',
    ]);
    assert.equal(minus.activeParameter, 0);
  });

  test('semantic tokens: the REPL\'s highlighting, and names by what they denote', async () => {
    const { tokenTypes, tokenModifiers } = client.init.capabilities.semanticTokensProvider!.legend;
    const { data } = await client.request<{ data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri: uri(ws.path('fungible.pact')) } });
    const lines = ws.text('fungible.pact').split('\n');
    const decoded: Array<[number, number, string, string, string[]]> = [];
    let line = 0;
    let char = 0;
    for (let i = 0; i < data.length; i += 5) {
      const [dl, dc, len, type, mods] = data.slice(i, i + 5) as [number, number, number, number, number];
      char = dl === 0 ? char + dc : dc;
      line += dl;
      decoded.push([line, char, lines[line]!.slice(char, char + len), tokenTypes[type]!, tokenModifiers.filter((_, b) => mods & (1 << b))]);
    }
    assert.deepEqual(decoded, [
      [0, 0, ';; What every token of the market offers.', 'comment', []],
      [1, 1, 'namespace', 'function', ['defaultLibrary']],
      [1, 11, "'market", 'string', []],
      [3, 1, 'interface', 'keyword', []],
      [3, 11, 'fungible', 'namespace', []],
      [4, 2, '@doc', 'decorator', []],
      [4, 7, '"A token that can be moved between accounts."', 'string', []],
      [6, 3, 'defun', 'keyword', []],
      [6, 9, 'transfer', 'function', []],
      [6, 26, 'sender', 'parameter', []],
      [6, 40, 'receiver', 'parameter', []],
      [6, 56, 'amount', 'parameter', []],
      [7, 4, '@doc', 'decorator', []],
      [7, 9, '"Moves AMOUNT from SENDER to RECEIVER."', 'string', []],
      [8, 4, '@model', 'decorator', []],
      [8, 25, 'amount', 'parameter', []],
      [8, 32, '0.0', 'number', []],
      [10, 3, 'defun', 'keyword', []],
      [10, 9, 'balance-of', 'function', []],
      [10, 29, 'account', 'parameter', []],
    ]);
  });
});
