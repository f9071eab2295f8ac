/// SHA-256 for the parse cache (cache.ts), from whichever implementation is cheaper for the run.
/// Node's crypto hashes fast but takes ~5 ms to load, more than a short script takes to run;
/// noble's SHA-256 (plain JavaScript) needs no loading but runs at a few MB/s while its code is
/// cold (16K characters cost ~2.5 ms). So noble's hashes the first texts, and once those reach
/// NOBLE_BUDGET characters in all, Node's is loaded and used from then on: a script of a few
/// lines never loads Node's crypto, and one that loads files pays for little beyond it. Both give
/// the same digest.
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

const NOBLE_BUDGET = 4 * 1024;
let nobleUsed = 0;
const UTF8 = new TextEncoder();

/// Hex SHA-256 of the texts one after the other, each in its encoding.
export function sha256Hex(parts: readonly (readonly [string, 'utf8' | 'utf16le'])[]): string {
  const length = parts.reduce((n, [text]) => n + text.length, 0);
  if (nobleUsed + length <= NOBLE_BUDGET) {
    nobleUsed += length;
    const h = nobleSha256.create();
    for (const [text, encoding] of parts) h.update(encoding === 'utf8' ? UTF8.encode(text) : Buffer.from(text, 'utf16le'));
    return Buffer.from(h.digest()).toString('hex');
  }
  nobleUsed = NOBLE_BUDGET;
  const h = process.getBuiltinModule('node:crypto').createHash('sha256');
  for (const [text, encoding] of parts) h.update(text, encoding);
  return h.digest('hex');
}
