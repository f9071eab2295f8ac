/// What Pact's analysis does with natives it does not model (`Translate.hs`'s `shimNative`):
/// the call is replaced by a fixed value of its result type, with a warning. Natives Pact does
/// model are never shimmed: those this port does not model yet fail as unsupported instead.
import type { Lit, Ty } from './lang.ts';

/// Every native Pact's translation handles itself (the rest are shimmed).
const MODELLED: ReadonlySet<string> = new Set([
  'enforce', 'enforce-guard', 'enforce-keyset', 'enforce-one', 'if', 'read', 'read-decimal', 'read-integer',
  'read-string', 'read-keyset', 'read-msg', 'pact-id', 'chain-data', 'keyset-ref-guard', 'create-pact-guard',
  'create-user-guard', 'create-module-guard', 'create-capability-guard', 'create-capability-pact-guard',
  'days', 'hours', 'minutes', 'time', 'parse-time', 'format-time', 'add-time', 'diff-time', 'mod', '+', '-',
  '*', '/', '^', 'log', 'abs', 'ln', 'exp', 'sqrt', '=', '!=', '<', '<=', '>', '>=', 'not', 'and', 'or',
  'round', 'ceiling', 'floor', 'dec', 'length', 'insert', 'update', 'write', 'str-to-int', 'pact-version',
  'select', 'with-read', 'with-default-read', 'bind', 'with-capability', 'require-capability',
  'compose-capability', 'at', 'list', 'contains', 'reverse', 'sort', 'drop', 'take', 'make-list', 'identity',
  'constantly', 'compose', 'map', 'filter', 'fold', 'and?', 'or?', 'where', 'typeof', 'yield', 'resume',
  'keys', '&', '|', 'xor', 'shift', '~', 'continue', 'install-capability', 'emit-event', 'distinct',
  'enumerate', 'format', 'create-principal', 'validate-principal', 'is-principal', 'typeof-principal',
  'describe-namespace', 'hash', 'hash-keccak256',
]);

/// Natives Pact shims although it names them (`keys`, `install-capability`: their arguments are
/// not even translated).
export const SHIMMED_UNREAD: ReadonlySet<string> = new Set(['keys', 'install-capability']);

export function isShimmed(native: string): boolean {
  return !MODELLED.has(native) || SHIMMED_UNREAD.has(native);
}

/// The value a shimmed call of this result type becomes, and how the warning names it; null for
/// types Pact cannot shim (guards, objects).
export function shimValue(ty: Ty): { lit: Lit; text: string } | null {
  switch (ty) {
    case 'integer': return { lit: { ty, value: 0n }, text: '0' };
    case 'decimal': return { lit: { ty, value: 0n }, text: '0.0' };
    case 'bool': return { lit: { ty, value: true }, text: 'True' };
    case 'string': return { lit: { ty, value: '' }, text: 'empty string' };
    case 'time': return { lit: { ty, value: 0n }, text: 'epoch time' };
    case 'guard': case 'any': return null;
    default: return ty.k === 'list' ? { lit: { ty: 'empty-list', elem: ty.elem }, text: typeof ty.elem === 'string' && ty.elem !== 'guard' ? `empty ${ty.elem} list` : 'empty list' } : null;
  }
}

/// The warning of a shimmed call.
export function shimWarning(native: string, substitute: string): string {
  return `Unsupported operation: ${native}: substituting ${substitute}`;
}
