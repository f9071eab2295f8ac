import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { blake2b } from '@noble/hashes/blake2.js';
import type { Exp, Info } from '../../src/syntax/index.ts';
import { pactCodeText, parse, spanText } from '../../src/syntax/index.ts';

const items = (e: Exp | undefined): readonly Exp[] => {
  assert.ok(e?.tag === 'list');
  return e.items;
};
const where = ({ line, col, offset, length }: Info) => ({ line, col, offset, length });

describe('positions', () => {
  test('0-based lines and columns, UTF-16 offsets', () => {
    const [a, b] = parse('(f x)\n  (g\n    y)', 'p.repl');
    assert.deepEqual(where(a!.info), { line: 0, col: 0, offset: 0, length: 8 });
    const [g, y] = items(b);
    assert.deepEqual(where(g!.info), { line: 1, col: 3, offset: 9, length: 6 });
    assert.deepEqual(where(y!.info), { line: 2, col: 4, offset: 15, length: 1 });
    assert.equal(a!.info.file, 'p.repl');
  });
  test('a TAB moves the column to the next multiple of 8', () => {
    const [x, y, z] = items(parse('(a\tb \tc)', 'p.repl')[0]);
    assert.deepEqual([x, y, z].map((e) => e!.info.col), [1, 8, 16]);
  });
  test('a character outside the BMP is one column but two UTF-16 units', () => {
    const [, x] = parse('"😀" x', 'p.repl');
    assert.deepEqual(where(x!.info), { line: 0, col: 4, offset: 5, length: 1 });
  });
});

describe('lengths run to the next token', () => {
  test('trailing whitespace and comments belong to the expression before them', () => {
    const [a, b] = items(parse('(a  ; note\n  b)', 'p.repl')[0]);
    assert.equal(spanText(a!.info), 'a  ; note\n  ');
    assert.equal(spanText(b!.info), 'b');
  });
  test('the last expression of a text runs to its end', () => {
    const [, last] = parse('(a) (b)\n\n; done\n', 'p.repl');
    assert.equal(spanText(last!.info), '(b)\n\n; done\n');
  });
  test('a list spans its brackets and what follows them', () => {
    const [l] = parse('[1 2] ', 'p.repl');
    assert.deepEqual(where(l!.info), { line: 0, col: 0, offset: 0, length: 6 });
  });
  test("the code of a module is its span, which Pact hashes", () => {
    // The module of Pact's tests/pact/imports.repl and its hash, quoted in language.md §5.9.
    const module = '(module m G\n  (defcap G () true)\n  (defun f () true)\n)\n';
    for (const text of [`${module}(m.f)`, module]) {
      const code = spanText(parse(text, 'imports.repl')[0]!.info);
      assert.equal(code, module);
      const hash = Buffer.from(blake2b(new TextEncoder().encode(code), { dkLen: 32 })).toString('base64url');
      assert.equal(hash, 'S_uhfqHsatDTMeUQhDNwXOHMpio2hX2Jcd-S5YDiNNk');
    }
  });
});

describe("Pact's stored code text", () => {
  test('equals the span for ASCII text', () => {
    const [, m] = parse('(a) (module m g)\n', 'p.repl');
    assert.equal(pactCodeText(m!.info, 'utf8'), '(module m g)\n');
    assert.equal(pactCodeText(m!.info, 'utf16'), '(module m g)\n');
  });
  test('counts UTF-8 bytes but cuts characters when reading files', () => {
    const [, m] = parse('"é" (module m g)', 'p.repl');
    assert.equal(pactCodeText(m!.info, 'utf8'), 'module m g)');
    const [n] = parse('(module m "é")\n(x)', 'p.repl');
    assert.equal(pactCodeText(n!.info, 'utf8'), '(module m "é")\n(');
  });
  test('counts UTF-16 units but cuts characters when reading API requests', () => {
    const [, m] = parse('"😀" (module m g)', 'p.repl');
    assert.equal(pactCodeText(m!.info, 'utf16'), 'module m g)');
  });
});
