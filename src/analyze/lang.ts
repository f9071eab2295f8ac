/// The analysis' languages (Pact's `Types/Languages.hs`, cut down to this slice): `Term` for a
/// function body after translation, `Prop` for a property, and the trace events that a
/// counterexample is rendered from. Values are integers, decimals (integers scaled by 10^255, as
/// Pact's `Types/Numerical.hs` models them), booleans and strings.
export type Ty = 'integer' | 'decimal' | 'bool' | 'string';

/// Operators shared by terms and properties. Arithmetic on mixed integer/decimal operands has
/// been widened to decimal by the time it is built.
export type Op =
  | '+' | '-' | '*' | '/' | '^' | 'log' | 'mod' | 'neg' | 'abs'
  | '=' | '!=' | '<' | '<=' | '>' | '>='
  | 'and' | 'or' | 'not' | 'concat' | 'length'
  | 'dec' | 'floor' | 'ceiling' | 'round';

/// A literal: integers and scaled decimals as bigints.
export type Lit = { readonly ty: 'integer' | 'decimal'; readonly value: bigint }
  | { readonly ty: 'bool'; readonly value: boolean }
  | { readonly ty: 'string'; readonly value: string };

export type Term =
  | { readonly k: 'lit'; readonly lit: Lit }
  | { readonly k: 'var'; readonly ty: Ty; readonly vid: number }
  | { readonly k: 'op'; readonly ty: Ty; readonly op: Op; readonly args: readonly Term[] }
  | { readonly k: 'if'; readonly ty: Ty; readonly tag: number; readonly cond: Term; readonly then: Term; readonly else: Term }
  | { readonly k: 'let'; readonly ty: Ty; readonly vid: number; readonly rhs: Term; readonly body: Term }
  | { readonly k: 'seq'; readonly ty: Ty; readonly first: Term; readonly rest: Term }
  /// `enforce`: adds its condition to the transaction's success; its value is `true`.
  | { readonly k: 'enforce'; readonly tag: number; readonly cond: Term }
  /// A scope's value, remembered under `tag` for the trace's `returning with`.
  | { readonly k: 'return'; readonly ty: Ty; readonly tag: number; readonly body: Term };

export type Prop =
  | { readonly k: 'lit'; readonly lit: Lit }
  | { readonly k: 'var'; readonly ty: Ty; readonly vid: number }
  | { readonly k: 'op'; readonly ty: Ty; readonly op: Op; readonly args: readonly Prop[] }
  | { readonly k: 'result'; readonly ty: Ty }
  | { readonly k: 'success' }
  | { readonly k: 'abort' }
  | { readonly k: 'quantified'; readonly q: 'forall' | 'exists'; readonly vid: number; readonly ty: Ty; readonly body: Prop };

export function termTy(t: Term | Prop): Ty {
  switch (t.k) {
    case 'lit': return t.lit.ty;
    case 'enforce': case 'success': case 'abort': case 'quantified': return 'bool';
    default: return t.ty;
  }
}

/// A variable a scope binds, as the trace shows it.
export interface Binding {
  readonly vid: number;
  readonly name: string;
  readonly ty: Ty;
}

/// What happens along a run, in program order (Pact's `TraceEvent`s over its execution graph; a
/// conditional keeps both branches and the model picks one).
export type Event =
  | { readonly k: 'push'; readonly scope: Scope; readonly bindings: readonly Binding[] }
  | { readonly k: 'pop'; readonly scope: Scope; readonly tag: number }
  /// `code`: the condition's source text, which the trace quotes.
  | { readonly k: 'assert'; readonly tag: number; readonly code: string | null }
  | { readonly k: 'branch'; readonly tag: number; readonly then: readonly Event[]; readonly else: readonly Event[] };

export type Scope = { readonly k: 'let' } | { readonly k: 'function'; readonly module: string; readonly name: string };

/// Decimals carry 255 places (Pact's `decimalPrecision`).
export const DECIMAL_PLACES = 255;
export const DECIMAL_ONE = 10n ** BigInt(DECIMAL_PLACES);
