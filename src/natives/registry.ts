/// The native function table: every built-in is registered once with its name, type signatures
/// (and their text, as Pact prints them in argument errors), flags and implementation.
import type { Ctx } from '../lang/context.ts';
import type { Env, Node, SchemaRef, Val } from '../lang/runtime.ts';
import { NATIVE_TYPES } from './signatures.ts';
import { showNativeFunType } from '../values/type.ts';
import type { FunType } from '../values/type.ts';
import type { PactValue } from '../values/value.ts';

/// A native whose arguments are evaluated before the call. `self` is the native's own record
/// (its name and signatures make the argument errors).
export type StrictFn = (ctx: Ctx, args: Val[], app: Node, self: Native) => Val;
/// A native that receives its argument expressions unevaluated (special forms, lazy natives).
export type SpecialFn = (ctx: Ctx, args: readonly Node[], env: Env, app: Node, self: Native) => Val;

export interface Native {
  readonly name: string;
  /// The type of each overload; none for the native constants and schemas.
  readonly types: readonly FunType[];
  /// Each overload as printed: `a:integer b:integer -> integer`.
  readonly sigs: readonly string[];
  readonly topLevelOnly: boolean;
  /// REPL-only natives are visible at the REPL top level (or in modules once enabled).
  readonly repl: boolean;
  readonly docs: string;
  readonly strict: StrictFn | null;
  readonly special: SpecialFn | null;
  /// Set for the native constants (`CHARSET_ASCII`, ...) and schemas (`public-chain-data`),
  /// which a name evaluates to.
  readonly constant: PactValue | SchemaRef | null;
}

export interface NativeSpec {
  /// Defaults to the signatures of Pact's function reference.
  readonly types?: readonly FunType[];
  readonly docs?: string;
  readonly topLevelOnly?: boolean;
  readonly fn?: StrictFn;
  readonly special?: SpecialFn;
  readonly constant?: PactValue | SchemaRef;
}

/// Builds a table section; `repl` marks REPL-only natives.
export function natives(specs: Record<string, NativeSpec>, repl = false): Native[] {
  return Object.entries(specs).map(([name, s]) => {
    const types = s.types ?? NATIVE_TYPES[name] ?? [];
    return {
      name,
      types,
      sigs: types.map((ft) => showNativeFunType(ft)),
      topLevelOnly: s.topLevelOnly ?? false,
      repl,
      docs: s.docs ?? '',
      strict: s.fn ?? null,
      special: s.special ?? null,
      constant: s.constant ?? null,
    };
  });
}
