/// The analysis target: `verify` of modules whose functions apply the natives Pact's analysis
/// models (rounding at a precision, `shift`, `make-list`, `format`, `hash`, `str-to-int`, time
/// formats, list and string natives, arithmetic ...) to operands of every kind the analysis may
/// meet: literals; values known only once inlined (a constant, a helper function returning a
/// literal, a `let`, an identity function applied to a literal); and values unknown to it (the
/// function's arguments, a column read from the database). Properties over the result use such
/// operands too. Each case runs as the evaluator target runs a script (target-evaluator.ts), with
/// its oracles: no JavaScript exception or text may come out, only Pact's results and failures.
import fc from 'fast-check';
import { Rng } from '../analyze/dual/rng.ts';
import { TermGen, showTy } from '../analyze/dual/gen.ts';
import type { Expr, Ty } from '../analyze/dual/gen.ts';
import { evaluatorCase } from './target-evaluator.ts';
import type { EvalCase } from './target-evaluator.ts';
import type { Problem } from './oracles.ts';

type Scalar = 'integer' | 'decimal' | 'string' | 'bool';

/// The function arguments and table columns of each scalar type.
const ARG: Record<Scalar, string> = { integer: 'ai', decimal: 'ad', string: 'as', bool: 'ab' };
const COLUMN: Record<Scalar, string> = { integer: 'i', decimal: 'd', string: 's', bool: 'b' };

/// An operand type, or `small`: an integer from -20 to 40 (a count or a size, where a large one
/// only makes the solver work for long: `enumerate` of a span of 10^15 takes Z3 to its timeout,
/// as it takes Pact's analysis, which builds the list, for ever).
type Operand = Ty | 'small';

/// The natives a function body applies at its top, each with its operands' types: those whose
/// operands must be known to the analysis first.
const FOCUS: ReadonlyArray<readonly [string, readonly Operand[]]> = [
  ['floor', ['decimal', 'integer']], ['round', ['decimal', 'integer']], ['ceiling', ['decimal', 'integer']],
  ['shift', ['integer', 'small']], ['make-list', ['integer', 'string']], ['make-list', ['integer', 'decimal']],
  ['format', ['string', { list: 'integer' }]], ['hash', ['string']], ['hash', ['decimal']], ['str-to-int', ['integer', 'string']],
  ['str-to-int', ['string']], ['parse-time', ['string', 'string']], ['format-time', ['string', 'time']], ['time', ['string']],
  ['add-time', ['time', 'decimal']], ['&', ['integer', 'integer']], ['xor', ['integer', 'integer']], ['~', ['integer']],
  ['take', ['integer', { list: 'integer' }]], ['drop', ['integer', 'string']], ['at', ['integer', { list: 'decimal' }]],
  ['enumerate', ['small', 'small']], ['mod', ['integer', 'integer']], ['/', ['decimal', 'integer']], ['^', ['integer', 'small']],
  ['typeof-principal', ['string']], ['is-principal', ['string']], ['hash-keccak256', [{ list: 'string' }]],
  ['int-to-str', ['integer', 'integer']], ['distinct', [{ list: 'integer' }]], ['sort', [{ list: 'string' }]],
];

/// What a module is built of while its functions are generated.
class Module {
  readonly decls: string[] = [];
  private readonly rng: Rng;
  private n = 0;

  constructor(rng: Rng) {
    this.rng = rng;
  }

  /// A literal leaf, maybe in disguise: as it is, a constant, a helper's result, a `let`, an
  /// identity's result (all known once inlined); or an argument, a column read (unknown). In a
  /// property only literals, constants and arguments can be named.
  leaf(text: string, ty: Scalar, inProperty: boolean): string {
    const kinds = inProperty ? ['lit', 'lit', 'const', 'arg'] : ['lit', 'lit', 'const', 'helper', 'let', 'identity', 'arg', 'arg', 'column'];
    const name = `${this.rng.pick(['k', 'c'])}${this.n++}`;
    switch (this.rng.pick(kinds)) {
      case 'const':
        this.decls.push(`(defconst ${name.toUpperCase()}:${ty} ${text})`);
        return name.toUpperCase();
      case 'helper':
        this.decls.push(`(defun ${name}:${ty} () ${text})`);
        return `(${name})`;
      case 'let': return `(let ((${name}:${ty} ${text})) ${name})`;
      case 'identity': return `(same-${ty} ${text})`;
      case 'arg': return ARG[ty];
      case 'column': return `(at '${COLUMN[ty]} (read tbl "r"))`;
      default: return text;
    }
  }

  /// An expression's text with its literal leaves disguised.
  render(e: Expr, inProperty = false): string {
    if (e.args === null) return typeof e.ty === 'string' && e.ty !== 'time' ? this.leaf(e.head, e.ty, inProperty) : e.head;
    const args = e.args.map((a) => this.render(a, inProperty)).join(' ');
    return e.head === '[' ? `[${args}]` : `(${e.head}${args === '' ? '' : ' '}${args})`;
  }
}

const ARGS = Object.entries(ARG).map(([ty, a]) => `${a}:${ty}`).join(' ');
const IDENTITIES = Object.keys(ARG).map((ty) => `(defun same-${ty}:${ty} (x:${ty}) x)`).join(' ');

/// A body: a focus native over generated operands, or any generated term.
function body(g: TermGen, rng: Rng): Expr {
  if (rng.int(0, 3) === 0) return g.anyTerm();
  const [head, tys] = rng.pick(FOCUS);
  const args = tys.map((ty): Expr => (ty === 'small' ? { ty: 'integer', head: `${rng.int(-20, 40)}`, args: null } : g.of(ty, rng.int(0, 30))));
  return { ty: 'string', head, args };
}

/// A property over `result` (of type `ty`, when the body's type is known) and disguised operands.
function property(m: Module, g: TermGen, rng: Rng, ty: Ty | null): string {
  const precision = (): string => m.leaf(`${rng.int(-3, 300)}`, 'integer', true);
  switch (rng.int(0, 3)) {
    case 0: return ty === 'decimal' ? `(= (floor result ${precision()}) result)` : '(= result result)';
    case 1: return `(<= (round (dec ${m.leaf(`${rng.int(-5, 5)}`, 'integer', true)}) ${precision()}) ${m.leaf('1.5', 'decimal', true)})`;
    case 2: return m.render(g.of('bool', rng.int(0, 20)), true);
    default: return `(when ${m.render(g.of('bool', 5), true)} (= result result))`;
  }
}

/// A module of one to three functions, then `(verify 'm)`, from a seed.
export function analyzeProgram(seed: number): string {
  const rng = new Rng(seed);
  const g = new TermGen(rng);
  const m = new Module(rng);
  const funs = Array.from({ length: rng.int(1, 3) }, (_, i) => {
    const e = body(g, rng);
    // The focus natives' types are left to the checker: the function declares none.
    const known = e.head === '[' || FOCUS.every(([h]) => h !== e.head) ? e.ty : null;
    const ret = known === null ? '' : `:${showTy(known)}`;
    return `(defun f${i}${ret} (${ARGS}) @model [(property ${property(m, g, rng, known)})] ${m.render(e)})`;
  });
  return [
    '(begin-tx)',
    '(module m G (defcap G () true)',
    '  (defschema row i:integer d:decimal s:string b:bool) (deftable tbl:{row})',
    `  ${IDENTITIES}`,
    ...m.decls.map((d) => `  ${d}`),
    ...funs.map((f) => `  ${f}`),
    ')',
    '(verify \'m)',
    '(commit-tx)',
  ].join('\n');
}

export function analyzeArbitrary(): fc.Arbitrary<EvalCase> {
  return fc.noShrink(fc.integer()).map((seed) => ({ text: analyzeProgram(seed), path: null, mode: 'script' as const }));
}

export function analyzeCase(c: EvalCase): Problem | null {
  return evaluatorCase(c);
}
