/// Pact errors: one shape for every failure the language can raise, rendered the way Pact does.
import type { Info } from '../syntax/exp.ts';
import { INTEGER_TOO_LARGE } from '../values/aeson.ts';

export type ErrorType =
  | 'EvalError' | 'ArgsError' | 'DbError' | 'TxFailure' | 'SyntaxError' | 'GasError' | 'ContinuationError';

/// One entry of the call stack: a native or user function application, with its arguments
/// already rendered (compact, cut to 50 characters) the way Pact shows them.
export interface StackFrame {
  readonly name: string;
  readonly info: Info | null;
  /// Rendered arguments, or null for a frame without an application (e.g. a top-level call).
  readonly args: readonly string[] | null;
  /// The module whose code this frame runs (for top-level-only checks and module guards).
  readonly module: string | null;
}

/// An exception Pact's host language raises in pure code (an arithmetic exception, `error` in a
/// library function), not a Pact error: `try` lets it through (but before Pact 4.4, which caught
/// everything), `expect-failure` sees its text alone, and at the top it is an EvalError without
/// a location.
export class HaskellException extends Error {
  override name = 'HaskellException';
}

/// Pact's `catchesPactError`: a failure that is not a Pact error is reported as an EvalError
/// without a location, with its text (`PACT_TS_DEBUG` prints a JavaScript exception's stack).
export function catchesPactError(e: unknown): PactError {
  if (e instanceof PactError) return e;
  if (e instanceof HaskellException) return evalError(null, e.message);
  if (process.env.PACT_TS_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
  if (isStackOverflow(e)) return tooDeepError(null, null, null);
  return evalError(null, e instanceof Error ? e.message : String(e));
}

/// Whether `e` is V8's report of a full call stack.
export function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /call stack/i.test(e.message);
}

/// Pact has no depth limit; code that nests or calls deeper than the evaluating thread's stack
/// holds (see repl/deep-stack.ts) stops with this error, naming the depths reached where known.
export function tooDeepError(info: Info | null, nesting: number | null, calls: number | null): PactError {
  const depths = [nesting === null ? '' : `code nested ${nesting} levels`, calls === null ? '' : `${calls} function calls`];
  const what = depths.filter((d) => d !== '').join(', ');
  return evalError(info, `Too deep for the stack${what === '' ? '' : `: ${what}`}`);
}

export class PactError extends Error {
  readonly type: ErrorType;
  readonly info: Info | null;
  callStack: readonly StackFrame[];
  /// Since Pact 4.7 some errors read differently on chain (`env-simulate-onchain`): their
  /// wording there, if it differs.
  readonly onChainMessage: string | null;
  constructor(type: ErrorType, info: Info | null, message: string, callStack: readonly StackFrame[] = [], onChainMessage: string | null = null) {
    super(message);
    this.type = type;
    this.info = info;
    this.callStack = callStack;
    this.onChainMessage = onChainMessage;
  }

  /// The message as the context that reports it words it.
  messageFor(onChain: boolean): string {
    return onChain && this.onChainMessage !== null ? this.onChainMessage : this.message;
  }
}

/// An error with distinct off-chain and on-chain wordings.
export function forkedError(type: ErrorType, info: Info | null, offChain: string, onChain: string): PactError {
  return new PactError(type, info, offChain, [], onChain);
}

/// `file:LINE:COL` with a 1-based line and 0-based column; REPL input shows line 0 for its first line.
export function renderInfo(info: Info | null, fallback: string): string {
  if (info === null) return fallback;
  if (info.file === '<interactive>' && info.line === 0) return `<interactive>:0:${info.col}`;
  return `${info.file}:${info.line + 1}:${info.col}`;
}

export function renderFrame(frame: StackFrame, fallback: string): string {
  const where = renderInfo(frame.info, fallback);
  if (frame.args === null) return `${where}: ${frame.name}`;
  return `${where}: (${[frame.name, ...frame.args].join(' ')})`;
}

/// Pact's `abbrev`: compact text cut to 50 characters plus `...`.
export function abbrev(text: string): string {
  return text.length > 50 ? text.slice(0, 50) + '...' : text;
}

export function evalError(info: Info | null, message: string): PactError {
  return new PactError('EvalError', info, message);
}

/// Pact's error for a user function, capability or pact applied to `got` arguments where it
/// takes `want` (`typecheckArgs`).
export function wrongArity(info: Info | null, name: string, got: number, want: number): PactError {
  return evalError(info, `${name}: Incorrect number of arguments (${got}) supplied; expected ${want}`);
}

export function argsError(info: Info | null, message: string): PactError {
  return new PactError('ArgsError', info, message);
}

export function txFailure(info: Info | null, message: string): PactError {
  return new PactError('TxFailure', info, message);
}

export function syntaxError(info: Info | null, message: string): PactError {
  return new PactError('SyntaxError', info, message);
}

const SHOW_PREFIX: Partial<Record<ErrorType, string>> = {
  TxFailure: 'Tx Failed: ', DbError: 'Database exception: ', SyntaxError: 'Syntax error: ',
  GasError: 'Gas Error: ', ContinuationError: 'Continuation Error: ',
};

/// Haskell's `show` of a Pact error — `CODE: Failure: [Tx Failed: |Database exception: |...]MESSAGE`,
/// CODE being the failing expression's source cut to 30 characters — which `expect-failure`
/// matches against and database errors wrap.
export function showPactError(e: PactError, onChain = false): string {
  const code = e.info === null ? '' : e.info.source.slice(e.info.offset, e.info.offset + e.info.length);
  // Pact prints the code as a document, where each line break becomes a space.
  const shownCode = (code.length > 30 ? code.slice(0, 30) + '...' : code).replace(/\n/g, ' ');
  return `${shownCode}: Failure: ${SHOW_PREFIX[e.type] ?? ''}${e.messageFor(onChain)}`;
}

/// The most elements V8 holds in one array made the way lists are (its FixedArray's limit: a
/// gigabyte of 4-byte slots, less the header).
export const MAX_LIST_LENGTH = 268_435_454;

export function listTooLong(info: Info | null): PactError {
  return evalError(info, `List too long: more than ${MAX_LIST_LENGTH} elements`);
}

/// The Pact error for a JavaScript engine limit hit while evaluating (an integer or a string too
/// large for the engine to hold), or null for any other exception. Pact has no such limits; past
/// them we stop with a clear error rather than the engine's text.
export function engineLimitError(e: unknown, info: Info | null): PactError | null {
  if (!(e instanceof RangeError)) return null;
  if (/BigInt/.test(e.message)) return evalError(info, INTEGER_TOO_LARGE);
  if (/string length/i.test(e.message)) return evalError(info, 'String too long: more than 536870888 characters');
  if (/array length/i.test(e.message)) return listTooLong(info);
  return null;
}
