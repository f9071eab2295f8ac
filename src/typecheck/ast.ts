/// The checker's inlined AST (Pact's `Pact.Types.Typecheck.AST`): every node carries an id and a
/// type; user function calls carry their (inlined) bodies.
import type { Info } from '../syntax/exp.ts';
import type { FunType, Type } from '../values/type.ts';
import type { PactValue } from '../values/value.ts';
import { Decimal } from '../values/decimal.ts';
import { showString } from '../values/haskell-show.ts';
import { showValCompact } from '../lang/show.ts';
import { prettyFunType, prettyType } from './types.ts';

/// An AST node's id. Its printed form (`name` then number) names the node's type variable.
export interface TcId {
  readonly info: Info | null;
  readonly name: string;
  readonly id: number;
}

export function showTcId(i: TcId): string {
  return `${i.name}${i.id}`;
}

/// Pact's `Node`: an id and the type it was created with.
export interface TNode {
  readonly id: TcId;
  readonly ty: Type;
}

export interface Named {
  readonly name: string;
  readonly node: TNode;
}

export type DefType = 'defun' | 'defpact' | 'defcap';
export type SpecialForm = 'with-read' | 'with-default-read' | 'bind' | 'select' | 'where' | 'with-capability' | 'yield' | 'resume';

const SPECIAL_FORMS: ReadonlySet<string> = new Set(['with-read', 'with-default-read', 'bind', 'select', 'where', 'with-capability', 'yield', 'resume']);

export function specialForm(name: string): SpecialForm | null {
  return SPECIAL_FORMS.has(name) ? name as SpecialForm : null;
}

export type Fun =
  | { readonly k: 'native'; readonly info: Info | null; readonly name: string; readonly types: readonly FunType[];
    /// A binding form's binding, moved out of the arguments.
    readonly special: { readonly form: SpecialForm; readonly binding: AST } | null }
  | { readonly k: 'defun'; readonly info: Info | null; readonly module: string; readonly name: string; readonly defType: DefType;
    readonly type: FunType; readonly args: readonly Named[]; readonly body: readonly AST[]; readonly retId: TcId };

export type BindType = { readonly k: 'let' } | { readonly k: 'schema'; readonly node: TNode } | { readonly k: 'inlined' };

export interface YieldResume {
  yield: TNode | null;
  resume: TNode | null;
  crossChain: boolean;
}

/// A literal or a guard (whose user-guard arguments are ASTs of their own).
export type PrimValue = { readonly k: 'lit'; readonly value: PactValue } | { readonly k: 'guard'; readonly value: PactValue; readonly args: readonly AST[] };

export type AST =
  | { readonly k: 'app'; readonly node: TNode; readonly fun: Fun; readonly args: readonly AST[] }
  | { readonly k: 'binding'; readonly node: TNode; readonly bindings: ReadonlyArray<readonly [Named, AST]>; readonly body: readonly AST[]; readonly bindType: BindType }
  | { readonly k: 'list'; readonly node: TNode; readonly items: readonly AST[] }
  | { readonly k: 'object'; readonly node: TNode; readonly fields: ReadonlyArray<readonly [string, AST]> }
  | { readonly k: 'prim'; readonly node: TNode; readonly value: PrimValue }
  | { readonly k: 'var'; readonly node: TNode }
  | { readonly k: 'table'; readonly node: TNode; readonly name: string }
  | { readonly k: 'step'; readonly node: TNode; readonly entity: AST | null; readonly exec: AST; readonly rollback: AST | null; readonly yr: YieldResume | null }
  | { readonly k: 'dynamic'; readonly node: TNode; readonly ref: AST; readonly member: Fun }
  | { readonly k: 'modref'; readonly node: TNode; readonly name: string; readonly spec: readonly string[] | null };

export type Visit = 'pre' | 'post';
export type Visitor = (visit: Visit, ast: AST) => AST;

/// A function's name for debugging: a user function's qualified by its module.
export function funName(f: Fun): string {
  return f.k === 'defun' ? `${f.module}.${f.name}` : f.name;
}

/// Pact's `walkAST`: `f` before and after descending into the children, rebuilding as it goes.
/// Inlined user bodies and special-form bindings are walked too; a dynamic member is not. A node
/// whose children all come back unchanged is kept as it is (walks mostly change nothing).
export function walkAST(f: Visitor, t: AST): AST {
  const a = f('pre', t);
  let b: AST = a;
  switch (a.k) {
    case 'object': {
      const fields = mapKept(a.fields, (p) => walkPair(f, p));
      if (fields !== a.fields) b = { ...a, fields };
      break;
    }
    case 'list': {
      const items = mapKept(a.items, (x) => walkAST(f, x));
      if (items !== a.items) b = { ...a, items };
      break;
    }
    case 'binding': {
      const bindings = mapKept(a.bindings, (p) => walkPair(f, p));
      const body = mapKept(a.body, (x) => walkAST(f, x));
      if (bindings !== a.bindings || body !== a.body) b = { ...a, bindings, body };
      break;
    }
    case 'app': {
      const fun = walkFun(f, a.fun);
      const args = mapKept(a.args, (x) => walkAST(f, x));
      if (fun !== a.fun || args !== a.args) b = { ...a, fun, args };
      break;
    }
    case 'step': {
      const entity = a.entity === null ? null : walkAST(f, a.entity);
      const exec = walkAST(f, a.exec);
      const rollback = a.rollback === null ? null : walkAST(f, a.rollback);
      if (entity !== a.entity || exec !== a.exec || rollback !== a.rollback) b = { ...a, entity, exec, rollback };
      break;
    }
    default: break;
  }
  return f('post', b);
}

function walkPair<K>(f: Visitor, p: readonly [K, AST]): readonly [K, AST] {
  const w = walkAST(f, p[1]);
  return w === p[1] ? p : [p[0], w] as const;
}

/// `xs.map(g)`, or `xs` itself when `g` returned every element unchanged.
function mapKept<T>(xs: readonly T[], g: (x: T) => T): readonly T[] {
  let out: T[] | null = null;
  for (let i = 0; i < xs.length; i++) {
    const y = g(xs[i]!);
    if (out === null && y !== xs[i]) out = xs.slice(0, i);
    out?.push(y);
  }
  return out ?? xs;
}

function walkFun(f: Visitor, fun: Fun): Fun {
  if (fun.k === 'defun') {
    const body = mapKept(fun.body, (x) => walkAST(f, x));
    return body === fun.body ? fun : { ...fun, body };
  }
  if (fun.special === null) return fun;
  const binding = walkAST(f, fun.special.binding);
  return binding === fun.special.binding ? fun : { ...fun, special: { ...fun.special, binding } };
}

// ---------------------------------------------------------------------------------------------
// Printing, as Pact's `Pretty (AST Node)` renders in one line (its checker messages show ASTs).

/// Prints a literal as GHC's derived `Show` of Pact's `Literal`, a guard as Pact prints it (both
/// appear in messages that show ASTs).
export function showLiteral(v: PactValue): string {
  if (typeof v === 'bigint') return `LInteger {_lInteger = ${v}}`;
  if (typeof v === 'string') return `LString {_lString = ${showString(v)}}`;
  if (typeof v === 'boolean') return `LBool {_lBool = ${v ? 'True' : 'False'}}`;
  if (v instanceof Decimal) return `LDecimal {_lDecimal = ${v.toString()}}`;
  return showValCompact(v);
}

export function prettyNode(n: TNode): string {
  return `${showTcId(n.id)}::${prettyType(n.ty)}`;
}

/// `sep`/`vsep` laid out on one line: the parts joined by spaces.
function sep(parts: readonly string[]): string {
  return parts.join(' ');
}

function indent(s: string): string {
  return `  ${s}`;
}

export function prettyAst(a: AST): string {
  const go = (name: string, rest: readonly string[]) => sep([name, prettyNode(a.node), ...rest]);
  switch (a.k) {
    case 'prim': return go('Prim', ['=', showLiteral(a.value.value)]);
    case 'var': return go('Var', []);
    case 'object': return go('Object', [`{${a.fields.map(([k, v]) => `"${k}": ${prettyAst(v)}`).join(',')}}`]);
    case 'list': return go('List', [`[${sep([indent(sep(a.items.map(prettyAst)))])}]`]);
    case 'binding': {
      const bt = a.bindType.k === 'schema' ? `bind${prettyNode(a.bindType.node)}` : a.bindType.k === 'let' ? 'let' : 'inlinedCallArgs';
      const pairs = a.bindings.map(([k, v]) => `(${sep([indent(sep([`"${k.name}" (${prettyNode(k.node)})`, sep([':', indent(prettyAst(v))])]))])})`);
      return go('Binding', [`(${sep([bt, indent(sep(pairs)), indent(sep(a.body.map(prettyAst)))])})`]);
    }
    case 'app': return go('App', [indent(`(${sep([indent(sep(a.args.map(prettyAst)))])})`), indent(prettyFun(a.fun))]);
    case 'table': return go('Table', []);
    case 'step': {
      const rest = [...(a.entity === null ? [] : [`Entity:${prettyAst(a.entity)}`]), indent(prettyAst(a.exec)),
        ...(a.rollback === null ? [] : ['Rollback:', indent(prettyAst(a.rollback))])];
      return go('Step', rest);
    }
    case 'dynamic': return go('Dynamic', [prettyAst(a.ref), prettyFun(a.member)]);
    case 'modref': return go('ModRef', [a.name, a.spec === null ? '' : `[${a.spec.join(', ')}]`]);
  }
}

function prettyFun(f: Fun): string {
  if (f.k === 'native') {
    const types = `:: ${sep(f.types.map(prettyFunType))}`;
    const bind = f.special === null ? '' : ` ${indent(prettyAst(f.special.binding))}`;
    return `(${sep([`(native ${f.name}`, indent(types) + bind])})`;
  }
  return `(${sep([`${f.defType} ${f.name}`, indent(`:: ${prettyFunType(f.type)}`),
    indent(sep(['(', indent(sep(f.args.map((x) => `"${x.name}" (${prettyNode(x.node)})`))), ')'])),
    indent(sep(f.body.map((x) => prettyAst(x)))), ''])})`;
}
