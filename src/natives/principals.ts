/// Principals: account names derived from guards (`k:`, `w:`, `r:`, `u:`, `m:`, `p:`, `c:`), and
/// the checks of their textual form.
import { blake2b256 } from '../values/hash.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { encodeJson } from '../values/json.ts';
import { toJson } from '../values/pact-json.ts';
import { CapabilityGuard, KeySet, KeySetRef, ModuleGuard, PactGuard, UserGuard, isGuard } from '../values/value.ts';
import type { Guard, PactValue } from '../values/value.ts';
import { badArgs } from '../lang/eval.ts';
import type { Ctx } from '../lang/context.ts';
import type { Node } from '../lang/runtime.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

const UTF8 = new TextEncoder();
const ED25519_LOWER = /^[0-9a-f]{64}$/;

function hashBytes(chunks: readonly Uint8Array[]): string {
  const total = chunks.reduce((n, c) => n + c.length, 0);
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return base64UrlEncode(blake2b256(all));
}

/// `refInfo`: module references keep where they were made, as before Pact 4.9.
function jsonBytes(v: PactValue, refInfo: boolean): Uint8Array {
  return UTF8.encode(encodeJson(toJson(v, refInfo), { legacyOrder: true }));
}

function isSingleKey(g: KeySet): boolean {
  return g.keys.length === 1 && g.pred === 'keys-all' && ED25519_LOWER.test(g.keys[0]!);
}

/// The bytes a hashed principal (`w:`, `u:`, `c:`) is computed from; null for the others.
function hashedBytes(g: Guard, refInfo: boolean): Uint8Array[] | null {
  const json = (v: PactValue): Uint8Array => jsonBytes(v, refInfo);
  if (g instanceof KeySet) return isSingleKey(g) ? null : g.keys.map((k) => UTF8.encode(k));
  if (g instanceof UserGuard) return g.args.map(json);
  if (g instanceof CapabilityGuard) {
    return [UTF8.encode(g.name), ...g.args.map(json), ...(g.pactId === null ? [] : [UTF8.encode(g.pactId)])];
  }
  return null;
}

/// The principal that unambiguously identifies a guard (`refInfo`: as before Pact 4.9, when
/// module references in guard arguments hashed with where they were made).
export function principalOf(g: Guard, refInfo = false): string {
  if (g instanceof KeySet) return isSingleKey(g) ? `k:${g.keys[0]}` : `w:${hashBytes(hashedBytes(g, refInfo)!)}:${g.pred}`;
  if (g instanceof KeySetRef) return `r:${g.name}`;
  if (g instanceof ModuleGuard) return `m:${g.module}:${g.name}`;
  if (g instanceof PactGuard) return `p:${g.pactId}:${g.name}`;
  if (g instanceof UserGuard) return `u:${g.fun}:${hashBytes(hashedBytes(g, refInfo)!)}`;
  return `c:${hashBytes(hashedBytes(g, refInfo)!)}`;
}

/// Making a principal costs one unit, plus one per 64 bytes hashed.
function chargePrincipal(ctx: Ctx, g: Guard, app: Node): void {
  const bytes = hashedBytes(g, ctx.flag('DisablePact49'));
  const amount = bytes === null ? 1 : 1 + Math.trunc(bytes.reduce((n, c) => n + c.length, 0) / 64);
  ctx.gas.charge('createPrincipal', { kind: 'GPrincipal', amount }, app.info);
}

const ATOM_FIRST = '\\p{L}%#+\\-_&$@<>=^?*!|/~';
const IDENT = `[${ATOM_FIRST}][${ATOM_FIRST}0-9]*`;
const NAME = `${IDENT}(?:\\.${IDENT}){0,2}`;
const HASH = '[A-Za-z0-9_-]{43}';

/// The shapes of each principal kind, anchored; `r:` takes any non-empty keyset name. Made at
/// first use: compiling the Unicode patterns takes a millisecond of every start otherwise.
let shapes: ReadonlyArray<readonly [string, RegExp]> | null = null;

function principalShapes(): ReadonlyArray<readonly [string, RegExp]> {
  return shapes ??= [
    ['k:', /^k:[0-9a-fA-F]{64}$/],
    ['w:', new RegExp(`^w:${HASH}:${NAME}$`, 'u')],
    ['r:', /^r:.+$/su],
    ['u:', new RegExp(`^u:${NAME}:${HASH}$`, 'u')],
    ['m:', new RegExp(`^m:${IDENT}(?:\\.${IDENT})?:${NAME}$`, 'u')],
    ['p:', new RegExp(`^p:${HASH}:${NAME}$`, 'u')],
    ['c:', new RegExp(`^c:${HASH}$`)],
  ];
}

/// The principal kind (`k:`, ...) of a string, or '' if it is not a principal.
export function principalType(s: string): string {
  return principalShapes().find(([, re]) => re.test(s))?.[0] ?? '';
}

export const principalNatives: Native[] = natives({
  'create-principal': {
    fn: (ctx, args, app, self) => {
      const [g] = args;
      if (args.length !== 1 || !isGuard(g)) throw badArgs(self, args, app.info);
      if (ctx.gas.active) chargePrincipal(ctx, g, app);
      return principalOf(g, ctx.flag('DisablePact49'));
    },
  },
  'validate-principal': {
    fn: (ctx, args, app, self) => {
      const [g, p] = args;
      if (args.length !== 2 || !isGuard(g) || typeof p !== 'string') throw badArgs(self, args, app.info);
      if (ctx.gas.active) chargePrincipal(ctx, g, app);
      return principalOf(g, ctx.flag('DisablePact49')) === p;
    },
  },
  'is-principal': {
    fn: (_ctx, args, app, self) => {
      const [p] = args;
      if (args.length !== 1 || typeof p !== 'string') throw badArgs(self, args, app.info);
      return principalType(p) !== '';
    },
  },
  'typeof-principal': {
    fn: (_ctx, args, app, self) => {
      const [p] = args;
      if (args.length !== 1 || typeof p !== 'string') throw badArgs(self, args, app.info);
      return principalType(p);
    },
  },
});
