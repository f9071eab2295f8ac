/// What Pact's analysis does with calls of natives it has no case for (`Translate.hs`'s
/// `shimNative`, its last case): the call is replaced by a fixed value of its result type, with a
/// warning. A call that Pact's translation does have a case for (a native of that name with that
/// many arguments, or arguments of that shape) is never shimmed: where this port cannot
/// translate it, it fails as unsupported, as Pact does where its case fails.
import type { AST } from '../typecheck/ast.ts';
import type { Lit, Ty } from './lang.ts';

type Shape = (args: readonly AST[]) => boolean;

const count = (...ns: number[]): Shape => (args) => ns.includes(args.length);
const any: Shape = () => true;
const atLeastOne: Shape = (args) => args.length >= 1;
/// One argument, a call of a function of the module (inlined by the checker).
const inlinedApp: Shape = (args) => args.length === 1 && args[0]!.k === 'app' && args[0]!.fun.k === 'defun';
const isTable = (a: AST | undefined): boolean => a?.k === 'table';
const ofPrim = (a: AST, ...names: string[]): boolean => a.node.ty.t === 'prim' && names.includes(a.node.ty.name);

/// The calls Pact's `translateNode` matches, by native (`Patterns.hs`).
const SHAPES: Readonly<Record<string, Shape>> = {
  'enforce': atLeastOne,
  'enforce-guard': (args) => args.length === 1 && ofPrim(args[0]!, 'string', 'guard', 'keyset'),
  'enforce-keyset': (args) => args.length === 1 && ofPrim(args[0]!, 'string', 'guard', 'keyset'),
  'enforce-one': (args) => args.length === 2 && args[1]!.k === 'list',
  'keyset-ref-guard': count(1), 'create-pact-guard': count(1), 'create-module-guard': count(1),
  'create-user-guard': inlinedApp, 'create-capability-guard': inlinedApp, 'create-capability-pact-guard': inlinedApp,
  'create-principal': count(1), 'validate-principal': count(2), 'is-principal': count(1), 'typeof-principal': count(1),
  'read-keyset': count(1), 'read-decimal': count(1), 'read-integer': count(1), 'read-string': count(1), 'read-msg': count(1),
  'pact-id': count(0), 'chain-data': count(0), 'pact-version': count(0),
  'format': count(2), 'format-time': count(2), 'time': count(1), 'parse-time': count(2),
  'hash': count(1), 'hash-keccak256': count(1),
  'add-time': (args) => args.length === 2 && ofPrim(args[1]!, 'integer', 'decimal'), 'diff-time': count(2), 'days': count(1), 'hours': count(1), 'minutes': count(1),
  // Arithmetic, comparisons and logic take any number of arguments (a wrong number fails).
  '+': any, '-': any, '*': any, '/': any, '^': any, 'log': any,
  '=': any, '!=': any, '<': any, '<=': any, '>': any, '>=': any, 'and': any, 'or': any, 'not': any,
  '&': any, '|': any, 'xor': any, 'shift': any, '~': any,
  'mod': count(2), 'sqrt': count(1), 'ln': count(1), 'exp': count(1), 'abs': count(1), 'dec': count(1),
  'round': count(1, 2), 'ceiling': count(1, 2), 'floor': count(1, 2),
  'length': count(1), 'if': count(3), 'str-to-int': count(1, 2),
  'insert': (args) => args.length === 3 && isTable(args[0]), 'update': (args) => args.length === 3 && isTable(args[0]),
  'write': (args) => args.length === 3 && isTable(args[0]),
  'read': (args) => isTable(args[0]) && (args.length === 2 || (args.length === 3 && args[2]!.k === 'list')),
  'select': (args) => args.length === 3 && isTable(args[0]) && args[1]!.k === 'list',
  'require-capability': inlinedApp, 'compose-capability': inlinedApp, 'emit-event': inlinedApp,
  'at': count(2), 'list': any, 'contains': count(2), 'reverse': count(1), 'sort': count(1), 'drop': count(2),
  'take': count(2), 'make-list': count(2), 'identity': count(1), 'constantly': count(2), 'compose': count(3),
  'map': count(2), 'filter': count(2), 'fold': count(3), 'and?': count(3), 'or?': count(3), 'where': count(3),
  'typeof': count(1), 'yield': atLeastOne, 'continue': count(1), 'distinct': count(1), 'enumerate': any,
  'describe-namespace': any,
};

/// Whether Pact's translation has a case of its own for this call (else it shims it).
export function hasCase(native: string, args: readonly AST[]): boolean {
  return SHAPES[native]?.(args) ?? false;
}

/// Natives Pact shims without even translating their arguments (`keys`,
/// `install-capability`).
export const SHIMMED_UNREAD: ReadonlySet<string> = new Set(['keys', 'install-capability']);

/// The value a shimmed call of this result type becomes, and how the warning names it; null for
/// types Pact cannot shim (guards, objects, `*`). A list of other than single values Pact calls
/// an empty list (making it a list of `*`, which a property of the call's type cannot compare:
/// this port keeps the call's type).
export function shimValue(ty: Ty): { lit: Lit; text: string } | null {
  switch (ty) {
    case 'integer': return { lit: { ty, value: 0n }, text: '0' };
    case 'decimal': return { lit: { ty, value: 0n }, text: '0.0' };
    case 'bool': return { lit: { ty, value: true }, text: 'True' };
    case 'string': return { lit: { ty, value: '' }, text: 'empty string' };
    case 'time': return { lit: { ty, value: 0n }, text: 'epoch time' };
    case 'guard': case 'any': return null;
  }
  if (ty.k !== 'list') return null;
  const elem = ty.elem;
  if (typeof elem !== 'string' || elem === 'any') return { lit: { ty: 'empty-list', elem }, text: 'empty list' };
  return { lit: { ty: 'empty-list', elem }, text: `empty ${elem} list` };
}

/// The warning of a shimmed call.
export function shimWarning(native: string, substitute: string): string {
  return `Unsupported operation: ${native}: substituting ${substitute}`;
}
