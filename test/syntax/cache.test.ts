import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ParseCache } from '../../src/syntax/cache.ts';
import { decodeExps, encodeExps } from '../../src/syntax/exp-codec.ts';
import { ParseError, parse } from '../../src/syntax/index.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-cache-');

// Every kind of expression, spans over tabs, comments, lines and characters beyond the BMP.
const SOURCE = [
  '(module m G ; a comment',
  '  @doc "doc \\"quoted\\""',
  '\t(defcap G () true)',
  "  (defun f:integer (x:integer) { 'a: 1, \"b\": -2.50, 'c: [true false] } (bind o { 'a := a } a)",
  '    (m.f 1) (ns . m.f 2) (ref::member) 123456789012345678901234567890 "😀x"))',
  '(f 1)',
].join('\n');

/// Every file the cache holds (under its two-character folders).
function entries(dir: string): string[] {
  return readdirSync(dir).flatMap((sub) => readdirSync(join(dir, sub)).map((f) => join(dir, sub, f)));
}

describe('expression codec', () => {
  test('decodes to what the reader reads, spans and all', () => {
    const exps = parse(SOURCE, 'a.pact');
    assert.deepEqual(decodeExps(encodeExps(exps), SOURCE, 'a.pact'), exps);
  });
  test('decoding names the file it is given', () => {
    const [e] = decodeExps(encodeExps(parse(SOURCE, 'a.pact')), SOURCE, 'b.pact');
    assert.equal(e!.info.file, 'b.pact');
  });
  test('rejects what it did not encode', () => {
    const bads = ['', '{}', '[[1,99,0,1],[]]', '[[1,0,0,9999,0],["1"]]', '[[1,7,0,1,5,0],[]]', '[[1,5,0,1,1,3],[]]',
      '[[1,0,0,1,0],["x"]]', '[[1,4,0,1,1,0],[]]', '[[2,4,0,1,1],[]]', '[[1,4,0,1.5,1],[]]'];
    for (const bad of bads) {
      assert.throws(() => decodeExps(bad, SOURCE, 'a.pact'), bad);
    }
  });
});

describe('parse cache', () => {
  test('a text read again comes from the cache, with the same expressions', () => {
    const dir = tempDir();
    const first = new ParseCache(dir, 'build-1').parse(SOURCE, 'a.pact');
    assert.equal(entries(dir).length, 1);
    assert.deepEqual(first, parse(SOURCE, 'a.pact'));
    const again = new ParseCache(dir, 'build-1').parse(SOURCE, 'elsewhere/a.pact');
    assert.deepEqual(again, parse(SOURCE, 'elsewhere/a.pact'));
    assert.equal(entries(dir).length, 1);
  });
  test('another build or another text has another entry', () => {
    const dir = tempDir();
    new ParseCache(dir, 'build-1').parse(SOURCE, 'a.pact');
    new ParseCache(dir, 'build-2').parse(SOURCE, 'a.pact');
    new ParseCache(dir, 'build-1').parse(SOURCE + ' ', 'a.pact');
    assert.equal(entries(dir).length, 3);
  });
  test('a lone surrogate is not taken for the U+FFFD its UTF-8 encoding would be', () => {
    const dir = tempDir();
    const cache = new ParseCache(dir, 'b');
    cache.parse('"\ufffd"', 'a.repl');
    assert.throws(() => cache.parse('"\ud800"', 'a.repl'), ParseError);
  });
  test('an entry whose contents changed is ignored', () => {
    const dir = tempDir();
    const cache = new ParseCache(dir, 'b');
    cache.parse(SOURCE, 'a.pact');
    const [entry] = entries(dir);
    const text = readFileSync(entry!, 'utf8');
    const [header, body] = [text.slice(0, text.indexOf('\n')), text.slice(text.indexOf('\n') + 1)];
    // A changed span, a truncated entry, and valid-looking garbage under a matching checksum.
    const shifted = body.replace(/^\[\[(\d+),(\d+),0,/, '[[$1,$2,1,');
    assert.notEqual(shifted, body);
    const garbage = '[[1,7,0,1,0,1,0,5,1,0],["x"]]';
    const sum = (b: string) => createHash('sha256').update(b, 'utf8').digest('hex');
    for (const bad of [`${header}\n${shifted}`, text.slice(0, text.length >> 1), `pact-ts-exps-2 ${sum(garbage)}\n${garbage}`, '']) {
      writeFileSync(entry!, bad);
      assert.deepEqual(cache.parse(SOURCE, 'a.pact'), parse(SOURCE, 'a.pact'));
    }
  });
  test('texts with errors are not kept, and fail as the reader fails', () => {
    const dir = tempDir();
    const cache = new ParseCache(dir, 'b');
    assert.throws(() => cache.parse('(a "b', 'x.repl'), (e) => {
      assert.throws(() => parse('(a "b', 'x.repl'), (f) => (assert.deepEqual(e, f), true));
      return true;
    });
    assert.deepEqual(readdirSync(dir), []);
  });
  test('a cache that cannot be written is not used', () => {
    const dir = tempDir();
    const file = join(dir, 'not-a-folder');
    writeFileSync(file, '');
    assert.deepEqual(new ParseCache(file, 'b').parse(SOURCE, 'a.pact'), parse(SOURCE, 'a.pact'));
    assert.ok(statSync(file).isFile());
    assert.deepEqual(readdirSync(dir), ['not-a-folder']);
  });
});

test('the codec gives back what the reader reads of every fixture', () => {
  const files = readdirSync('test/fixtures', { recursive: true, encoding: 'utf8' }).filter((f) => /\.(pact|repl)$/.test(f));
  assert.ok(files.length > 10);
  for (const f of files) {
    const source = readFileSync(join('test/fixtures', f), 'utf8');
    let exps;
    try {
      exps = parse(source, f);
    } catch {
      continue; // a fixture of a syntax error
    }
    assert.deepEqual(decodeExps(encodeExps(exps), source, f), exps, f);
  }
});
