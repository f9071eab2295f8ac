/// Long texts read piece by piece read exactly as read whole: same expressions, same spans, same
/// errors; and a script with a syntax error anywhere runs nothing, however long it is.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse, parsePieces, ParseError } from '../../src/syntax/index.ts';
import type { Exp } from '../../src/syntax/index.ts';
import { pieces } from '../../src/syntax/pieces.ts';
import { newRepl } from '../helpers/pact.ts';

/// An expression tree without the shared source text, for comparing.
function shape(e: Exp): unknown {
  const { source: _, ...info } = e.info;
  if (e.tag === 'list') return { delim: e.delim, info, items: e.items.map(shape) };
  return { ...e, info };
}

function whole(text: string): unknown {
  try {
    return parse(text, 'f.repl').map(shape);
  } catch (e) {
    if (e instanceof ParseError) return e.render();
    throw e;
  }
}

function inPieces(text: string, size: number): unknown {
  try {
    return [...parsePieces(text, 'f.repl', size)].flat().map(shape);
  } catch (e) {
    if (e instanceof ParseError) return e.render();
    throw e;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    return d.isDirectory() ? filesUnder(p) : /\.(repl|pact)$/.test(d.name) ? [p] : [];
  });
}

describe('reading in pieces', () => {
  it('cuts only after a bracket that closes a top-level expression, skipping strings and comments', () => {
    assert.deepEqual([...pieces('(a) (b ")") ; (\n(c) d', 1)], [[0, 3], [3, 11], [11, 19], [19, 21]]);
    assert.deepEqual([...pieces('(a (b', 1)], [[0, 5]]);
    assert.deepEqual([...pieces('', 1)], [[0, 0]]);
  });

  it('gives the same expressions and spans as reading whole, for every fixture', () => {
    for (const file of filesUnder('test/fixtures')) {
      const text = readFileSync(file, 'utf8');
      assert.deepEqual(inPieces(text, 16), whole(text), file);
    }
  });

  it('gives the same errors, wherever they are', () => {
    const good = '(+ 1 2)\n(module m g (defun f () "x"))\n'.repeat(20);
    for (const bad of ['(+ 1', ')', '(a . )', '"unterminated', '(x) 1.', "'", '(a ]', '[1 2', ';; only a comment']) {
      for (const text of [good + bad, bad + good, good + bad + good]) {
        assert.deepEqual(inPieces(text, 16), whole(text), JSON.stringify(bad));
      }
    }
    assert.deepEqual(inPieces('   ; nothing\n', 4), whole('   ; nothing\n'));
  });

  it('skips string gaps (backslash, white space, backslash) when cutting', () => {
    for (const text of ['(a "\\ \\") (b ")") (c)', '(a "x\\\n  \\y" ")") (b "\\\t\\\\") (c)']) {
      assert.deepEqual(inPieces(text, 1), whole(text), text);
    }
  });

  it('runs nothing of a long script with a syntax error at its end', () => {
    const { repl, rec } = newRepl();
    const text = '(print "ran")\n' + '(+ 1 1)\n'.repeat(200000) + '(+ 1';
    assert.equal(repl.runSource(text, 'long.repl'), false);
    assert.equal(rec.out, '');
    assert.match(rec.err, /^long\.repl:200002:5: error: unexpected EOF/);
  });
});
