import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ParseError, isIncomplete, parse } from '../../src/syntax/index.ts';
import { highlight } from '../../src/syntax/highlight.ts';

// Pseudo-random texts made of Pact's token characters and a few troublemakers; a fixed seed keeps
// failures reproducible.
const ALPHABET = ['(', ')', '[', ']', '{', '}', '"', "'", '\\', ':', ':=', ',', '.', ';', ' ', '\n', '\t', 'a', 'b1', '-', '7', '0.5', 'true', 'é', '→', '😀', '\\n', '\\x41', '::', '@doc'];

function* texts(count: number): Generator<string> {
  let seed = 12345;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let i = 0; i < count; i++) {
    let s = '';
    const len = next(24);
    for (let k = 0; k < len; k++) s += ALPHABET[next(ALPHABET.length)];
    yield s;
  }
}

test('any text reads to expressions with tiling spans, or fails with a ParseError inside it', () => {
  for (const text of texts(3000)) {
    try {
      // Top-level spans tile the text from the first expression to the end.
      const ends = parse(text, 'fuzz.repl').map((e) => [e.info.offset, e.info.offset + e.info.length]);
      ends.forEach(([, end], i) => assert.equal(end, ends[i + 1]?.[0] ?? text.length, text));
    } catch (e) {
      assert.ok(e instanceof ParseError, `${JSON.stringify(text)}: ${e}`);
      assert.ok(e.offset >= 0 && e.offset <= text.length, text);
      e.render();
    }
    isIncomplete(text);
    assert.equal(highlight(text).replace(/\x1b\[[0-9;]*m/g, ''), text);
  }
});
