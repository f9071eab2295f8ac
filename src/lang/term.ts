/// Terms: what the compiler makes of expressions. Names are not yet resolved — that happens once,
/// when a top-level form runs or a module is installed (see link.ts).
import type { Exp, Info } from '../syntax/exp.ts';
import type { PactValue } from '../values/value.ts';
import type { Type } from '../values/type.ts';

/// A name as written: `x`, `mod.x` or `ns.mod.x`.
export interface Name {
  readonly name: string;
  readonly module: string | null;
  readonly ns: string | null;
  readonly info: Info;
}

export interface Arg {
  readonly name: string;
  readonly type: Type;
  readonly info: Info;
}

export interface Meta {
  readonly docs: string | null;
  /// The expressions of `@model [...]` as written (Pact keeps them, and sizes them for gas).
  readonly model: readonly Exp[];
}

export type Term =
  | { readonly t: 'lit'; readonly value: PactValue; readonly info: Info }
  | { readonly t: 'var'; readonly name: Name; readonly info: Info }
  /// `ref::member`: a member of a module reference held in `ref`.
  | { readonly t: 'dyn'; readonly ref: string; readonly member: string; readonly info: Info }
  | { readonly t: 'list'; readonly items: readonly Term[]; readonly type: Type; readonly info: Info }
  | { readonly t: 'object'; readonly pairs: ReadonlyArray<readonly [string, Term]>; readonly info: Info }
  | { readonly t: 'app'; readonly fn: Term; readonly args: readonly Term[]; readonly info: Info }
  /// `{ "col" := var, ... } body...` inside an application; the body follows the bindings.
  | { readonly t: 'binding'; readonly pairs: readonly BindPair[]; readonly body: readonly Term[]; readonly info: Info }
  | { readonly t: 'let'; readonly pairs: readonly BindPair[]; readonly body: readonly Term[]; readonly info: Info }
  | { readonly t: 'lambda'; readonly name: string; readonly args: readonly Arg[]; readonly ret: Type; readonly body: readonly Term[]; readonly info: Info }
  | UseTerm
  | ModuleTerm
  | InterfaceTerm;

export interface BindPair {
  readonly arg: Arg;
  readonly value: Term;
}

export interface UseTerm {
  readonly t: 'use';
  readonly module: Name;
  readonly hash: string | null;
  readonly imports: readonly string[] | null;
  readonly info: Info;
}

export type DefKind = 'defun' | 'defcap' | 'defpact';

/// `@managed`, `@managed param mgr-fun` or `@event` on a defcap.
export type DefcapMeta =
  | { readonly kind: 'managed'; readonly param: string; readonly manager: Name }
  | { readonly kind: 'auto' }
  | { readonly kind: 'event' };

export interface Step {
  readonly entity: Term | null;
  readonly exec: Term;
  readonly rollback: Term | null;
  /// The step's `@model [...]`, as written (verification checks it against the step's code).
  readonly model: readonly Exp[];
  readonly info: Info;
}

export type DefTerm =
  | {
    readonly t: 'def'; readonly kind: DefKind; readonly name: string; readonly args: readonly Arg[]; readonly ret: Type;
    readonly body: readonly Term[]; readonly steps: readonly Step[]; readonly meta: Meta;
    readonly defcapMeta: DefcapMeta | null; readonly info: Info;
  }
  | { readonly t: 'const'; readonly arg: Arg; readonly value: Term; readonly meta: Meta; readonly info: Info }
  | { readonly t: 'schema'; readonly name: string; readonly fields: readonly Arg[]; readonly meta: Meta; readonly info: Info }
  | { readonly t: 'table'; readonly name: string; readonly type: Type; readonly meta: Meta; readonly info: Info }
  | UseTerm;

export interface ModuleTerm {
  readonly t: 'module';
  readonly name: string;
  /// A keyset name (string literal) or the name of a defcap in the body.
  readonly governance: { readonly keyset: string } | { readonly cap: string; readonly info: Info };
  readonly meta: Meta;
  /// The module's source span, trailing whitespace included; its hash is the module hash.
  readonly code: string;
  readonly defs: readonly DefTerm[];
  readonly blessed: readonly string[];
  readonly implements: readonly Name[];
  readonly info: Info;
}

export interface InterfaceTerm {
  readonly t: 'interface';
  readonly name: string;
  readonly meta: Meta;
  readonly code: string;
  readonly defs: readonly DefTerm[];
  readonly info: Info;
}
