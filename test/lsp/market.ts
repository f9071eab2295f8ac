/// The tests' workspace: a copy of test/fixtures/lsp/market (a small market in the spirit of
/// Pact's examples: users, a token interface, a ledger implementing it, a shop using the ledger,
/// a script loading them all) in a fresh temporary directory.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Position, Range } from 'vscode-languageserver';
import { positionIn } from './client.ts';
import { tempDirs } from '../helpers/temp.ts';

const FIXTURES = new URL('../fixtures/lsp/market', import.meta.url).pathname;
const newDir = tempDirs('pact-lsp-');

export class Market {
  readonly dir = newDir();

  constructor() {
    cpSync(FIXTURES, this.dir, { recursive: true });
  }

  path(name: string): string {
    return join(this.dir, name);
  }

  text(name: string): string {
    return readFileSync(this.path(name), 'utf8');
  }

  write(name: string, text: string | Uint8Array): string {
    writeFileSync(this.path(name), text);
    return this.path(name);
  }

  /// Where the `n`th (0-based) occurrence of `needle` starts in a file (plus `delta` characters).
  at(name: string, needle: string, n = 0, delta = 0): Position {
    return positionIn(this.text(name), needle, n, delta);
  }

  /// The range of the `n`th occurrence of `needle`.
  range(name: string, needle: string, n = 0): Range {
    const start = this.at(name, needle, n);
    return { start, end: { line: start.line, character: start.character + needle.length } };
  }
}
