/// Dual evaluation, after Pact's tests/AnalyzePropertiesSpec.hs ("should evaluate to the same",
/// "should evaluate format-time to the same", and its `prop_decaddtime` properties), in our own
/// code: random well-typed terms (dual/gen.ts) are evaluated by the interpreter and analysed by
/// `verify`, which must find the same value, or that the term always fails (dual/harness.ts).
///
/// - `PACT_DUAL_RUNS`    terms over the three generators (default 200)
/// - `PACT_DUAL_SEED`    the seed (default a fixed one, so any failure reproduces)
/// - `PACT_DUAL_COLLECT=1` list every kind of disagreement found (each shrunk), instead of
///   stopping at the first
///
/// A failure prints the seed, the case and the smallest term found that disagrees the same way.
///
/// Not ported: "should round-trip types" and "should round-trip terms" (they check Pact's
/// Haskell translation between its two term languages, which has no counterpart here), and the
/// terms reading the transaction's data (`read-integer`, `read-decimal`, `read-string`: Pact's
/// test hands their values to the analysis, which `verify` cannot).
import { describe, test } from 'node:test';
import type { TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from './dual/rng.ts';
import { ANALYSIS_EPOCH_MICROS, TermGen, timeLiteral } from './dual/gen.ts';
import type { Expr } from './dual/gen.ts';
import { dualEvaluate, explain, kind, shrink } from './dual/harness.ts';
import type { Verdict } from './dual/harness.ts';
import { knownDifference } from './dual/known.ts';
import { intEnv } from '../fuzz/config.ts';

const RUNS = intEnv('PACT_DUAL_RUNS', 200);
const SEED = intEnv('PACT_DUAL_SEED', 0x0d0a_1e7a) >>> 0;
const COLLECT = process.env.PACT_DUAL_COLLECT === '1';

/// Generates `count` terms (case `i` from its own seed, so it replays alone), evaluates them both
/// ways and fails on any disagreement Pact's own sides do not share.
function agree(t: TestContext, name: string, count: number, make: (g: TermGen, i: number) => Expr): void {
  const salt = [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), 0x811c9dc5);
  const seed = (SEED ^ salt) >>> 0;
  const terms = Array.from({ length: count }, (_, i) => make(new TermGen(new Rng(Rng.caseSeed(seed, i))), i));
  const known = new Map<string, number>();
  const wrong: Array<{ i: number; v: Verdict }> = [];
  dualEvaluate(terms).forEach((v, i) => {
    if (v.failures.length === 0) return;
    const k = knownDifference(v);
    if (k === null) wrong.push({ i, v });
    else known.set(k, (known.get(k) ?? 0) + 1);
  });
  for (const [k, n] of known) t.diagnostic(`known difference (not failed): ${k}: ${n}`);
  if (wrong.length === 0) return;
  const shown = COLLECT ? distinct(wrong) : wrong.slice(0, 1);
  const report = shown.map(({ i, v }) => `case ${i} (PACT_DUAL_SEED=${SEED}), shrunk:\n${explain(shrink(v))}`);
  assert.fail(`${wrong.length} of ${count} terms disagree:\n\n${report.join('\n\n')}`);
}

/// One disagreement of each kind.
function distinct<T extends { v: Verdict }>(xs: readonly T[]): T[] {
  const seen = new Map<string, T>();
  for (const x of xs) if (!seen.has(kind(x.v))) seen.set(kind(x.v), x);
  return [...seen.values()];
}

describe('dual evaluation (AnalyzePropertiesSpec)', () => {
  test('terms of every kind evaluate to the same ("should evaluate to the same")', (t) => {
    agree(t, 'terms', Math.round(RUNS * 0.6), (g) => g.anyTerm());
  });

  test('format-time and parse-time ("should evaluate format-time to the same")', (t) => {
    agree(t, 'time', Math.round(RUNS * 0.25), (g, i) => (i % 2 === 0 ? g.formatTime() : g.parseTime()));
  });

  test('add-time of decimal seconds (prop_decaddtime)', (t) => {
    agree(t, 'add-time', Math.round(RUNS * 0.15), (g) => g.decAddTime());
  });

  test('add-time rounds to microseconds, half to even (prop_decaddtime_rounding, _rounding2)', (t) => {
    // 0.3 µs twice rounds to nothing twice; 0.6 µs twice to one microsecond twice.
    const twice = (d: string): Expr => {
      const add = (time: Expr): Expr => ({ ty: 'time', head: 'add-time', args: [time, { ty: 'decimal', head: d, args: null }] });
      return add(add(timeLiteral(ANALYSIS_EPOCH_MICROS)));
    };
    agree(t, 'rounding', 2, (_g, i) => twice(i === 0 ? '0.0000003' : '0.0000006'));
  });
});
