import assert from 'node:assert/strict';
import { test } from 'node:test';
import { highlight } from '../../src/syntax/highlight.ts';

const ANSI = /\x1b\[[0-9;]*m/g;
const strip = (s: string): string => s.replace(ANSI, '');
// The SGR sequence in force at the first occurrence of `word` in the plain text.
const styleOf = (out: string, word: string): string | undefined => {
  const target = strip(out).indexOf(word);
  let plain = 0;
  let style: string | undefined;
  for (const part of out.split(/(\x1b\[[0-9;]*m)/)) {
    if (part.startsWith('\x1b')) {
      style = part === '\x1b[0m' ? undefined : part;
    } else if (target < plain + part.length) {
      return style;
    } else {
      plain += part.length;
    }
  }
  return undefined;
};

const samples = [
  '(defun f:integer (x:integer) @doc "adds one" (+ x 1)) ; trailing comment',
  '(module m g\n  (defcap g () true)\n  (defconst PI 3.14)',
  '(let ((a [1, 2.5, "s", \'sym, false])) { "k": a })',
  '(print "unterminated',
  '(a ] ) ) "\\q" 1.a →',
  '',
];

test('removing the colour codes gives back the text', () => {
  for (const text of samples) assert.equal(strip(highlight(text)), text);
});

test('keywords, strings, numbers, booleans and comments get distinct colours', () => {
  const out = highlight(samples[0]!);
  const keyword = styleOf(out, 'defun');
  const string = styleOf(out, '"adds one"');
  const number = styleOf(out, '1))');
  const comment = styleOf(out, '; trailing');
  const boolean = styleOf(highlight('(if true 1 2)'), 'true');
  for (const style of [keyword, string, number, comment, boolean]) assert.ok(style);
  assert.equal(new Set([keyword, string, number, comment, boolean]).size, 5);
  assert.equal(string, '\x1b[32m');
  assert.equal(comment, '\x1b[2m');
  assert.equal(styleOf(out, 'x:'), undefined, 'other names are left alone');
});

test('symbols colour like strings, metadata like neither keywords nor names', () => {
  const out = highlight(`(f 'sym "str" @doc x)`);
  assert.equal(styleOf(out, "'sym"), styleOf(out, '"str"'));
  assert.notEqual(styleOf(out, '@doc'), undefined);
  assert.notEqual(styleOf(out, '@doc'), styleOf(highlight('(defun)'), 'defun'));
});
