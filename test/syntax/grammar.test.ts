import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parser } from '../../src/syntax/parser.ts';

const fixtures = new URL('../fixtures/syntax/', import.meta.url);

const errorNodes = (text: string): number => {
  let n = 0;
  parser.parse(text).iterate({
    enter(node) {
      if (node.type.isError) n++;
    },
  });
  return n;
};

test('the fixtures parse without error nodes, except the broken one', () => {
  assert.equal(errorNodes(readFileSync(new URL('forms.pact', fixtures), 'utf8')), 0);
  assert.ok(errorNodes(readFileSync(new URL('extra-paren.repl', fixtures), 'utf8')) > 0);
});

test('unclosed brackets leave error nodes (the tree knows it is incomplete)', () => {
  for (const text of ['(a', '[a (b]', '{', '(a "x']) assert.ok(errorNodes(text) > 0, text);
});

test('scripts/parse-corpus.ts lists broken files and counts the clean ones', () => {
  const script = fileURLToPath(new URL('../../scripts/parse-corpus.ts', import.meta.url));
  const out = execFileSync(process.execPath, [script, fileURLToPath(fixtures)], { encoding: 'utf8' });
  const lines = out.trim().split('\n');
  assert.equal(lines.length, 2);
  assert.match(lines[0]!, /extra-paren\.repl: error node at offset \d+; 4:18: expected: /);
  assert.equal(lines[1], '1 of 2 files parse clean');
});
