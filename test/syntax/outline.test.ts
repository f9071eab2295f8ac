import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openForms, outline } from '../../src/syntax/outline.ts';
import type { Form } from '../../src/syntax/outline.ts';

// A form as text: its items, `…` where it is still open.
const show = (f: Form): string => f.bracket + f.items.map((i) => (i.form !== null ? show(i.form) : `${i.kind}:${i.text}`)).join(' ')
  + (f.closed ? { '(': ')', '[': ']', '{': '}' }[f.bracket] : '…');

test('forms as typed so far: the open ones end the text, each the last item of the one around it', () => {
  const top = outline('(a (b) {c');
  assert.equal(show(top.items[0]!.form!), '(atom:a (atom:b) {atom:c……');
  assert.deepEqual(openForms(top).map((f) => f.bracket), ['(', '{']);
  assert.deepEqual(openForms(outline('(a) [b]')), []);
});

test('every kind of item; comments and unreadable text are left out', () => {
  const top = outline('(f "s" \'y 1 2.5 true x:integer {"k" := v, "l": 1}) ; note\n(g #');
  assert.equal(show(top.items[0]!.form!),
    '(atom:f string:"s" symbol:\'y number:1 number:2.5 bool:true atom:x colon:: atom:integer {string:"k" bind::= atom:v comma:, string:"l" colon:: number:1})');
  assert.equal(top.items.length, 2);
  assert.equal(openForms(top)[0]!.items[0]!.text, 'g');
  assert.deepEqual(outline('').items, []);
});

test('nesting as deep as the grammar reads', () => {
  const depth = 2_000;
  let f = outline('['.repeat(depth) + ']'.repeat(depth)).items[0]?.form;
  let n = 0;
  for (; f != null; f = f.items[0]?.form) n++;
  assert.equal(n, depth);
});
