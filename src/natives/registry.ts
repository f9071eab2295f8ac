/// The native function table: every built-in is registered once with its name, type signatures
/// (and their text, as Pact prints them in argument errors), docs, flags and implementation.
import type { Ctx } from '../lang/context.ts';
import type { Env, Node, SchemaRef, Val } from '../lang/runtime.ts';
import { NATIVE_DOCS } from './docs.ts';
import { NATIVE_TYPES } from './signatures.ts';
import { badArgs } from '../lang/eval.ts';
import { showNativeFunType } from '../values/type.ts';
import type { FunType } from '../values/type.ts';
import type { PactValue } from '../values/value.ts';

/// A native whose arguments are evaluated before the call. `self` is the native's own record
/// (its name and signatures make the argument errors).
export type StrictFn = (ctx: Ctx, args: Val[], app: Node, self: Native) => Val;
/// The same native applied to exactly two evaluated arguments, the commonest shape (operators,
/// `at`): the evaluator calls it without building an argument array.
export type BinaryFn = (ctx: Ctx, a: Val, b: Val, app: Node, self: Native) => Val;
/// A native that receives its argument expressions unevaluated (special forms, lazy natives).
export type SpecialFn = (ctx: Ctx, args: readonly Node[], env: Env, app: Node, self: Native) => Val;

/// One of a native's examples in Pact: an expression the REPL runs (`exec`), one shown failing
/// (`exec-error`), or a literal text (code that needs a context to run).
export interface NativeExample {
  readonly kind: 'exec' | 'exec-error' | 'literal';
  readonly text: string;
}

/// What Pact says of a native (docs.ts has every native's).
export interface NativeDocs {
  readonly docs: string;
  readonly examples: readonly NativeExample[];
  /// Fails when called from module code.
  readonly topLevelOnly?: boolean;
}

export interface Native {
  readonly name: string;
  /// The type of each overload; none for the native constants and schemas.
  readonly types: readonly FunType[];
  /// Each overload as printed: `a:integer b:integer -> integer`.
  readonly sigs: readonly string[];
  readonly topLevelOnly: boolean;
  /// REPL-only natives are visible at the REPL top level (or in modules once enabled).
  readonly repl: boolean;
  /// Charged its entry gas when applied; REPL natives charge nothing, and database reads and
  /// writes charge themselves after evaluating some arguments.
  readonly chargedOnEntry: boolean;
  /// Pact's docs text and examples.
  readonly docs: string;
  readonly examples: readonly NativeExample[];
  readonly strict: StrictFn | null;
  /// Set for strict natives with a two-argument entry; `strict` then handles every arity.
  readonly binary: BinaryFn | null;
  readonly special: SpecialFn | null;
  /// Set for the native constants (`CHARSET_ASCII`, ...) and schemas (`public-chain-data`),
  /// which a name evaluates to.
  readonly constant: PactValue | SchemaRef | null;
}

export interface NativeSpec {
  /// Defaults to the signatures of Pact's function reference.
  readonly types?: readonly FunType[];
  /// Any arity; derived from `binary` (two arguments, else an argument error) when not given.
  readonly fn?: StrictFn;
  readonly binary?: BinaryFn;
  readonly special?: SpecialFn;
  readonly constant?: PactValue | SchemaRef;
}

/// Natives that make their entry charge themselves, after evaluating some arguments.
const LATE_ENTRY_CHARGE = new Set(['select', 'fold-db', 'write', 'insert', 'update']);

/// Builds a table section; `repl` marks REPL-only natives.
export function natives(specs: Record<string, NativeSpec>, repl = false): Native[] {
  return Object.entries(specs).map(([name, s]) => {
    const types = s.types ?? NATIVE_TYPES[name] ?? [];
    const docs = NATIVE_DOCS[name];
    return {
      name,
      types,
      sigs: types.map((ft) => showNativeFunType(ft)),
      topLevelOnly: docs?.topLevelOnly ?? false,
      repl,
      chargedOnEntry: !repl && !LATE_ENTRY_CHARGE.has(name),
      docs: docs?.docs ?? '',
      examples: docs?.examples ?? [],
      strict: s.fn ?? (s.binary !== undefined ? twoArguments(s.binary) : null),
      binary: s.binary ?? null,
      special: s.special ?? null,
      constant: s.constant ?? null,
    };
  });
}

/// A native defined only on two arguments, called with an argument array.
function twoArguments(binary: BinaryFn): StrictFn {
  return (ctx, args, app, self) => {
    if (args.length === 2) return binary(ctx, args[0]!, args[1]!, app, self);
    throw badArgs(self, args, app.info);
  };
}
