import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cat, fillSep, line, nest, renderCompact, renderPretty, textLines } from '../../src/values/doc.ts';
import { funTypeDoc, showNativeFunType } from '../../src/values/type.ts';
import type { FunType } from '../../src/values/type.ts';

test('fillSep puts as many words on a line as fit, a word ending at the last column included', () => {
  const words = (n: number, w: string) => Array.from({ length: n }, () => w);
  // Seven 9-letter words, a 10-letter one and their spaces fill the 80 columns exactly.
  const full = [...words(7, 'abcdefghi'), 'abcdefghij'];
  assert.equal(renderPretty(fillSep([...full, 'x', 'y'])), `${full.join(' ')}\nx y`);
  assert.equal(renderPretty(nest(2, cat(line, fillSep(words(3, 'w'.repeat(30)))))), `\n  ${'w'.repeat(30)} ${'w'.repeat(30)}\n  ${'w'.repeat(30)}`);
  // Compact: every break a space.
  assert.equal(renderCompact(fillSep(['a', 'b'])), 'a b');
});

test('a text of several lines keeps the indentation, and is one line compact', () => {
  const doc = nest(2, cat('x', line, textLines('(a \n b)')));
  assert.equal(renderPretty(doc), 'x\n  (a \n   b)');
  assert.equal(renderCompact(doc), 'x (a   b)');
});

test('a type\'s constraint list breaks before each comma only when the line is too long', () => {
  const v = (name: string, constraint: FunType['ret'][]) => ({ t: 'var' as const, name, constraint, schemaVar: false });
  const prims = ['integer', 'string', 'time', 'decimal', 'bool'].map((name) => ({ t: 'prim' as const, name: name as 'integer' }));
  const short: FunType = { args: [{ name: 'x', type: v('a', prims) }], ret: prims[4]! };
  assert.equal(renderPretty(funTypeDoc(short)), 'x:<a[integer,string,time,decimal,bool]> -> bool');
  const long: FunType = { args: ['x', 'y', 'z'].map((name) => ({ name, type: v('a', prims) })), ret: prims[4]! };
  // A group fits when the line does up to the next possible break after it: `y`'s list would
  // leave `> z:<a[integer` past the last column, so it breaks, and `z`'s then fits.
  assert.equal(renderPretty(funTypeDoc(long)),
    'x:<a[integer,string,time,decimal,bool]> y:<a[integer\n,string\n,time\n,decimal\n,bool]> z:<a[integer,string,time,decimal,bool]> -> bool');
  assert.equal(showNativeFunType(long), renderCompact(funTypeDoc(long)));
  assert.equal(showNativeFunType({ args: [], ret: prims[1]! }), ' -> string');
});
