/// Deep nesting: read as far as the parser goes, and past that a plain "nesting" error rather
/// than a syntax error that blames the text.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse, ParseError } from '../../src/syntax/index.ts';

const apps = (n: number) => '(+ 1 '.repeat(n) + '1' + ')'.repeat(n);
const lists = (n: number) => '['.repeat(n) + ']'.repeat(n);

function error(text: string): ParseError {
  try {
    parse(text, 'deep.repl');
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  assert.fail('expected a parse error');
}

it('reads 1390 nested applications and 2790 nested lists', () => {
  assert.equal(parse(apps(1390), 'deep.repl').length, 1);
  assert.equal(parse(lists(2790), 'deep.repl').length, 1);
});

it('says plainly when nesting goes deeper than it reads', () => {
  assert.equal(error(apps(1400)).message, 'nesting deeper than 1400 levels is not supported');
  assert.equal(error(lists(3000)).message, 'nesting deeper than 2800 levels is not supported');
  assert.match(error(lists(3000)).render(), /^deep\.repl:1:2801: error: nesting deeper than 2800 levels is not supported\n/);
});

it('keeps the syntax error of a mistake at ordinary depth', () => {
  assert.match(error('(+ 1 2))').message, /^expected: /);
});
