/// The reader target: lezer parse to `Exp`, the compiler to `Term`, the REPL's completeness check
/// and highlighting, on-chain span counting, piece-by-piece reading of long texts and the code
/// text Pact keeps for a span. Each may fail only with its own error type (ParseError, PactError)
/// and its texts must not betray JavaScript; reading piece by piece must give what reading the
/// whole gives (reader.ts promises "same spans, same errors").
import fc from 'fast-check';
import { parse, parsePieces, ParseError, isIncomplete, pactCodeText } from '../../src/syntax/index.ts';
import { highlight } from '../../src/syntax/highlight.ts';
import type { Exp } from '../../src/syntax/index.ts';
import { compileTopLevel } from '../../src/lang/compile.ts';
import { PactError } from '../../src/lang/errors.ts';
import { allNatives } from '../../src/natives/index.ts';
import { pactCorpus } from './corpus.ts';
import { describeException, jsIsm, problem } from './oracles.ts';
import type { Problem } from './oracles.ts';
import { mutant, pactProgram, tokenSoup } from './generators.ts';

export interface ReaderCase {
  readonly text: string;
  /// Piece size for the piece-by-piece comparison.
  readonly piece: number;
}

export function readerArbitrary(): fc.Arbitrary<ReaderCase> {
  const names = allNatives.map((n) => n.name);
  const corpus = pactCorpus();
  const text = fc.oneof(
    { weight: 3, arbitrary: pactProgram(names) },
    { weight: 3, arbitrary: mutant(corpus, names.slice(0, 40)).map((m) => m.text) },
    { weight: 2, arbitrary: tokenSoup(names) },
  );
  return fc.record({ text, piece: fc.integer({ min: 1, max: 200 }) });
}

type Outcome = { readonly exps: string } | { readonly error: string };

/// The expressions as comparable text (kinds, values and spans; not the shared source).
function shape(exps: readonly Exp[]): string {
  return JSON.stringify(exps, (k, v) => (k === 'source' ? undefined : typeof v === 'bigint' ? `${v}n` : v));
}

function step<T>(what: string, f: () => T, allowed: (e: unknown) => boolean): T | Problem {
  try {
    return f();
  } catch (e) {
    if (allowed(e)) throw e;
    return problem(`${what} threw ${describeException(e)}`, e instanceof Error ? e.stack : undefined);
  }
}

function isProblem(x: unknown): x is Problem {
  return typeof x === 'object' && x !== null && 'summary' in x;
}

const isParseError = (e: unknown): boolean => e instanceof ParseError;
const isPactError = (e: unknown): boolean => e instanceof PactError;

export function readerCase(c: ReaderCase): Problem | null {
  const { text } = c;
  // The whole text.
  let whole: Outcome;
  let exps: Exp[] = [];
  try {
    const r = step('parse', () => parse(text, 'fuzz.pact'), isParseError);
    if (isProblem(r)) return r;
    exps = r;
    whole = { exps: shape(r) };
  } catch (e) {
    const pe = e as ParseError;
    const rendered = step('ParseError.render', () => pe.render(), () => false);
    if (isProblem(rendered)) return rendered;
    const js = jsIsm(rendered, text);
    if (js !== null) return problem(`parse error text: ${js}`, rendered);
    whole = { error: rendered };
  }

  // Piece by piece.
  let pieces: Outcome;
  try {
    const r = step('parsePieces', () => [...parsePieces(text, 'fuzz.pact', c.piece)].flat(), isParseError);
    if (isProblem(r)) return r;
    pieces = { exps: shape(r) };
  } catch (e) {
    pieces = { error: (e as ParseError).render() };
  }
  if (JSON.stringify(whole) !== JSON.stringify(pieces)) {
    return problem(`parsePieces (piece ${c.piece}) reads differently from parse`,
      `whole: ${JSON.stringify(whole).slice(0, 600)}\npieces: ${JSON.stringify(pieces).slice(0, 600)}`);
  }

  // On-chain span counting.
  try {
    const r = step('parse (columnBase)', () => parse(text, '<payload>', { columnBase: 0 }), isParseError);
    if (isProblem(r)) return r;
  } catch { /* a ParseError is fine */ }

  // The REPL's completeness check and highlighter never fail.
  const inc = step('isIncomplete', () => isIncomplete(text), () => false);
  if (isProblem(inc)) return inc;
  const hl = step('highlight', () => highlight(text), () => false);
  if (isProblem(hl)) return hl;
  if (typeof hl !== 'string') return problem(`highlight returned ${typeof hl}`);

  // The compiler, form by form.
  for (const exp of exps) {
    for (const unit of ['utf8', 'utf16'] as const) {
      const code = step('pactCodeText', () => pactCodeText(exp.info, unit), () => false);
      if (isProblem(code)) return code;
    }
    try {
      const r = step('compileTopLevel', () => compileTopLevel(exp), isPactError);
      if (isProblem(r)) return r;
    } catch (e) {
      const msg = (e as PactError).message;
      const js = jsIsm(msg, text);
      if (js !== null) return problem(`compile error text: ${js}`, msg);
    }
  }
  return null;
}
