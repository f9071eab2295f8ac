/// Deep nesting: the reader builds lists with a stack of its own, so any depth reads (the
/// parser's own stack would give up past a few thousand levels), with the spans and errors of
/// ordinary depth.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse, ParseError } from '../../src/syntax/index.ts';
import type { Exp } from '../../src/syntax/index.ts';

const apps = (n: number) => '(+ 1 '.repeat(n) + '1' + ')'.repeat(n);
const lists = (n: number) => '['.repeat(n) + ']'.repeat(n);
const objects = (n: number) => '{"a": '.repeat(n) + '1' + '}'.repeat(n);

function error(text: string): ParseError {
  try {
    parse(text, 'deep.repl');
  } catch (e) {
    if (e instanceof ParseError) return e;
    throw e;
  }
  assert.fail('expected a parse error');
}

// How deep the first item chain goes, counted without recursion.
function depth(exp: Exp): number {
  let n = 0;
  for (let e: Exp | undefined = exp; e?.tag === 'list'; e = e.items[e.items.length - 1]) n++;
  return n;
}

it('reads 20,000 nested applications, lists and objects', () => {
  for (const text of [apps(20000), lists(20000), objects(20000)]) {
    const exps = parse(text, 'deep.repl');
    assert.equal(exps.length, 1);
    assert.equal(depth(exps[0]!), 20000);
  }
});

it('gives the innermost list of a deep nest its own span', () => {
  const text = lists(5000);
  let e = parse(text, 'deep.repl')[0]!;
  while (e.tag === 'list' && e.items.length > 0) e = e.items[0]!;
  assert.deepEqual([e.info.col, e.info.length], [4999, 2]);
});

it('reports a bracket left open or out of place at any depth as at depth one', () => {
  const message = (text: string) => error(text).render().split('\n')[0]!.replace(/^deep\.repl:1:\d+: /, '');
  assert.equal(error(lists(3000).slice(0, -1)).render().split(':').slice(1, 3).join(':'), '1:6000');
  assert.equal(message(lists(3000).slice(0, -1)), message('['));
  assert.match(error('['.repeat(4000) + ')').message, /^expected: /);
  assert.match(error('(+ 1 2))').message, /^expected: /);
});
