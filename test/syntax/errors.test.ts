import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { ParseError, parse } from '../../src/syntax/index.ts';

const failure = (text: string, file = 'test.repl'): ParseError => {
  try {
    parse(text, file);
  } catch (e) {
    assert.ok(e instanceof ParseError);
    return e;
  }
  assert.fail(`expected a parse error for ${JSON.stringify(text)}`);
};

describe('parse errors', () => {
  test('an extra closing parenthesis, located and rendered as Pact does', () => {
    const file = 'test/fixtures/syntax/extra-paren.repl';
    const e = failure(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'), file);
    assert.deepEqual([e.file, e.line, e.column], [file, 4, 18]);
    assert.equal(
      e.render(),
      [
        'test/fixtures/syntax/extra-paren.repl:4:18: error: expected: ",", ":", ":=",',
        '    (list), [list], atom, bool, dyn-atom, end of input, number, string, symbol,',
        '    {list}',
        '4 |   (defun f () 1)))' + ' ',
        '  |                  ^' + ' ',
      ].join('\n'),
    );
    assert.match(e.render(), /error: expected/);
  });
  test('input that ends inside a list: "unexpected EOF", caret after the last line', () => {
    const e = failure('(defun f (x)\n  (g x\n');
    assert.deepEqual([e.line, e.column, e.offset], [3, 1, 20]);
    assert.equal(e.reason, 'unexpected EOF');
    assert.equal(
      e.render(),
      'test.repl:3:1: error: unexpected EOF, expected: ")", ",", ".", ":", ":=",\n' +
        '    (list), [list], atom, bool, dyn-atom, number, string, symbol, {list}\n' +
        '3 | <EOF> \n' +
        '  | ^     ',
    );
  });
  test('what may continue the token before the error is expected too', () => {
    assert.deepEqual(failure('(a]').expected, ['")"', '","', '"."', '":"', '":="', '(list)', '[list]', 'atom', 'bool', 'digit', 'dyn-atom', 'letter', 'number', 'string', 'symbol', '{list}']);
    assert.deepEqual(failure('(1 ]').expected.slice(0, 5), ['")"', '","', '":"', '":="', '(list)']);
  });
  test('errors inside strings', () => {
    assert.equal(failure('"abc').message, 'unexpected EOF, expected: end of string, string character');
    const e = failure('(f "abc\n  def")');
    assert.deepEqual([e.line, e.column, e.message], [1, 8, 'expected: end of string, string character']);
    assert.equal(failure('"a\\  b"').message, 'expected: end of string gap, space');
  });
  test('no expression at all is an error at the end', () => {
    const e = failure('  ; nothing here\n');
    assert.deepEqual([e.line, e.column], [2, 1]);
    assert.match(e.message, /^unexpected EOF, expected: ",", .*number/);
    assert.doesNotMatch(e.message, /end of input/);
  });
  test('columns count TABs to multiples of 8, and the line is shown expanded', () => {
    const e = failure('\t(a ]\n');
    assert.equal(e.column, 12);
    assert.equal(e.render().split('\n').slice(-2).join('\n'), `1 | ${' '.repeat(8)}(a ] \n  | ${' '.repeat(11)}^ `);
  });
  test('interactive input is named (interactive)', () => {
    assert.match(failure('(+ 1 2))', '<interactive>').render(), /^\(interactive\):1:8: error: expected: /);
  });
  test('a long line is cut to a window around the caret', () => {
    const line = `(f ${'x '.repeat(60)}] ${'y '.repeat(60)})`;
    const [, text, caret] = failure(line).render().split('\n').slice(-3);
    assert.equal(text!.length, caret!.length);
    assert.ok(text!.startsWith('1 | <') && text!.endsWith('>'), text);
    assert.equal(text![caret!.indexOf('^')], ']');
  });
});
