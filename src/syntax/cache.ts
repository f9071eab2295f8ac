/// A content-addressed cache of read files, as Deno keeps of compiled modules: a file's
/// expressions are stored under a hash of the build reading them and of the text, so a text read
/// once is decoded (exp-codec.ts) instead of parsed again by later runs.
///
/// Never stale: a changed text or another build of the reader has another key. Never wrong: an
/// entry carries a checksum of its contents, and one that does not match, cannot be decoded or
/// cannot be read is ignored (the text is parsed). Texts with errors are not stored, so errors
/// are always the reader's own. Nothing here ever fails a read: a cache that cannot be written
/// is a cache that is not used.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Exp } from './exp.ts';
import { decodeExps, encodeExps } from './exp-codec.ts';
import { parse } from './reader.ts';
import { sha256Hex } from './sha256.ts';

// An entry is this header line, then the encoded expressions.
const MAGIC = 'pact-ts-exps-2';

export class ParseCache {
  private readonly dir: string;
  private readonly build: string;

  /// Entries live in `dir` (created when first written); `build` names the reader's build: an
  /// entry is only ever read by the build that wrote it.
  constructor(dir: string, build: string) {
    this.dir = dir;
    this.build = build;
  }

  /// `parse(source, file)`, from the cache when this text was read before.
  parse(source: string, file: string): Exp[] {
    const key = sha256(`${this.build}\0${source}`);
    const path = join(this.dir, key.slice(0, 2), key);
    const cached = this.read(path, source, file);
    if (cached !== null) return cached;
    const exps = parse(source, file);
    this.write(path, encodeExps(exps));
    return exps;
  }

  private read(path: string, source: string, file: string): Exp[] | null {
    let entry: string;
    try {
      entry = readFileSync(path, 'utf8');
    } catch {
      return null;
    }
    const eol = entry.indexOf('\n');
    const body = entry.slice(eol + 1);
    if (eol < 0 || entry.slice(0, eol) !== `${MAGIC} ${checksum(body)}`) return null;
    try {
      return decodeExps(body, source, file);
    } catch {
      return null;
    }
  }

  private write(path: string, body: string): void {
    // Written aside and renamed into place: readers never see half an entry.
    const temp = `${path}.${process.pid}.tmp`;
    try {
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(temp, `${MAGIC} ${checksum(body)}\n${body}`);
      renameSync(temp, path);
    } catch {
      // Unwritable: the next run parses again.
      try {
        rmSync(temp, { force: true });
      } catch {
        // There was no folder to write it in.
      }
    }
  }
}

/// `parse(source, file)`, through `cache` when there is one.
export function parseThrough(cache: ParseCache | null, source: string, file: string): Exp[] {
  return cache === null ? parse(source, file) : cache.parse(source, file);
}

/// SHA-256 of a text's UTF-8 when that is exact, else of its UTF-16 code units (UTF-8 turns every
/// lone surrogate into U+FFFD), behind a first byte telling the two apart: distinct texts never
/// hash alike, and the usual text hashes half the bytes.
function sha256(text: string): string {
  const exact = text.isWellFormed();
  return sha256Hex([[exact ? 'u' : 'w', 'utf8'], [text, exact ? 'utf8' : 'utf16le']]);
}

/// SHA-256 of an entry's body as stored, in UTF-8: exact for JSON, which escapes lone surrogates,
/// and half the bytes of UTF-16 for the mostly ASCII encoding (hashing is a visible part of a load).
function checksum(body: string): string {
  return sha256Hex([[body, 'utf8']]);
}

