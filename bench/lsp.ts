// `make bench`, the language server: the generated protocol of bench/load.ts (28 modules in 28
// files, about 6,000 lines, each module calling the one before) as a workspace of dist/pact
// --lsp, driven over stdio by vscode-jsonrpc. Medians over many runs of: diagnostics after a
// one-character edit in a module in the middle of the chain (from the change sent to the
// diagnostics of its version received, the quiet time of 10 ms included), hover on a call into
// the module before, completion of `proto12.hel`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LspClient, positionIn, uri } from '../test/lsp/client.ts';
import { writeProtocol } from './common.ts';

const RUNS = 40;
const dir = mkdtempSync(join(tmpdir(), 'pact-lsp-bench-'));
const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

try {
  const lines = writeProtocol(dir);
  const client = await LspClient.start(dir);
  const path = join(dir, 'proto13.pact');
  const text = readFileSync(path, 'utf8');
  client.open(path, text);
  await client.diagnostics(path, (p) => p.version === 1);
  const doc = { textDocument: { uri: uri(path) } };
  const edit = positionIn(text, 'Helper 5: scales', 0, 'Helper 5'.length);
  const diagnostics: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternately add and remove one character in a doc string.
    const change = i % 2 === 0
      ? { range: { start: edit, end: edit }, text: 'x' }
      : { range: { start: edit, end: { line: edit.line, character: edit.character + 1 } }, text: '' };
    diagnostics.push(await timed(async () => {
      const version = client.change(path, [change]);
      const d = await client.diagnostics(path, (p) => p.version === version);
      if (d.length > 0) throw new Error(JSON.stringify(d));
    }));
  }
  const call = { ...doc, position: positionIn(text, 'proto12.helper-5', 0, 'proto12.hel'.length) };
  const hovers: number[] = [];
  const completions: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    hovers.push(await timed(() => client.request('textDocument/hover', call)));
    completions.push(await timed(async () => {
      const list = await client.request<{ items: unknown[] }>('textDocument/completion', call);
      if (list.items.length !== 31) throw new Error(`${list.items.length} completions`);
    }));
  }
  await client.stop();
  console.log(`language server on a generated protocol of 28 files, ${lines} lines (median of ${RUNS}): ` +
    `diagnostics after a one-character edit ${median(diagnostics).toFixed(1)} ms, ` +
    `hover ${median(hovers).toFixed(1)} ms, completion ${median(completions).toFixed(1)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
