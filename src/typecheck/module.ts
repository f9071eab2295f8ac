/// Checking a whole module (Pact's `typecheckModule`): each member in the order Pact's module
/// map holds them, each in a state of its own, the id supply carried on from one to the next.
import type { Ctx } from '../lang/context.ts';
import type { ModuleData } from '../lang/runtime.ts';
import { abbrev } from '../lang/errors.ts';
import { cycleTermText } from '../lang/show.ts';
import { Builder, showModuleName } from './build.ts';
import { typecheckTop } from './phases.ts';
import type { Checked } from './phases.ts';
import { TcState } from './state.ts';
import type { Failure } from './state.ts';

export interface ModuleCheck {
  readonly members: readonly Checked[];
  readonly failures: readonly Failure[];
}

/// Checks every member of a module; an interface checks trivially. A `CheckerError` escapes.
/// With `log`, Pact's debug lines are appended to it as the check goes.
export function typecheckModule(ctx: Ctx, mod: ModuleData, log: string[] | null, dynEnv: ReadonlyMap<string, string>): ModuleCheck {
  if (mod.isInterface) return { members: [], failures: [] };
  log?.push(`Typechecking module ${showModuleName(mod.name)}`);
  const members: Checked[] = [];
  const failures: Failure[] = [];
  let supply = 0;
  for (const name of stableHashOrder([...mod.terms.keys()])) {
    const st = new TcState(supply, log, dynEnv);
    const term = mod.terms.get(name)!;
    const shown = abbrev(cycleTermText(mod.members.get(name)!, mod));
    log?.push(`===== ${TOP_KIND[term.t]}: ${shown}`);
    members.push(typecheckTop(st, new Builder(ctx, st, mod).top(name, term)));
    log?.push(`\n===== Done: ${shown}`);
    failures.push(...st.sortedFailures());
    supply = st.supply + 1;
  }
  return { members, failures };
}

/// Checks one member on its own, its ids starting at 0: how Pact's `verify` checks each member
/// it analyses (`Check.hs`'s `typecheck`). A `CheckerError` escapes.
export function typecheckMember(ctx: Ctx, mod: ModuleData, name: string, dynEnv: ReadonlyMap<string, string>): { checked: Checked; failures: Failure[] } {
  const st = new TcState(0, null, dynEnv);
  const checked = typecheckTop(st, new Builder(ctx, st, mod).top(name, mod.terms.get(name)!));
  return { checked, failures: st.sortedFailures() };
}

const TOP_KIND = { def: 'Fun', const: 'Const', table: 'Table', schema: 'Schema' } as const;

// ---------------------------------------------------------------------------------------------
// Pact 4.13's module map is a `StableHashMap`: a HashMap (32-way trie) keyed by FNV-1 hashes of
// the names' UTF-8 bytes, salted with the FNV offset basis mixed with the length.

const MASK64 = (1n << 64n) - 1n;
const FNV_PRIME = 1099511628211n;
const FNV_BASIS = 14695981039346656037n;

/// hashable's `hashInt` on 64 bits: four FNV rounds over the 16-bit quarters of `x`.
function hashInt(s: bigint, x: bigint): bigint {
  let h = s;
  for (const shift of [48n, 32n, 16n, 0n]) h = ((h * FNV_PRIME) & MASK64) ^ ((x >> shift) & 0xffffn);
  return h;
}

export function stableHash(key: string, salt = FNV_BASIS): bigint {
  const bytes = new TextEncoder().encode(key);
  let h = hashInt(salt, BigInt(bytes.length));
  for (const b of bytes) h = ((h * FNV_PRIME) & MASK64) ^ BigInt(b);
  return h;
}

/// A module name's hash (Pact's `StableHashable ModuleName`): whether it has a namespace, then
/// its name, then the namespace.
export function stableModuleNameHash(qualified: string): bigint {
  const dot = qualified.lastIndexOf('.');
  if (dot < 0) return stableHash(qualified, hashInt(FNV_BASIS, 0n));
  return stableHash(qualified.slice(0, dot), stableHash(qualified.slice(dot + 1), hashInt(FNV_BASIS, 1n)));
}

/// The trie's iteration order: by the hash's 5-bit groups, least significant first.
function trieKey(h: bigint): string {
  let k = '';
  for (let shift = 0n; shift < 64n; shift += 5n) k += String.fromCharCode(65 + Number((h >> shift) & 31n));
  return k;
}

/// The order of a HashMap keyed by pairs of a name and a number (hashable hashes a pair as the
/// name's hash salted with the number): Pact's map of a module's defpact steps.
export function pairHashOrder(pairs: ReadonlyArray<readonly [string, number]>): Array<readonly [string, number]> {
  const keyed = pairs.map((p) => [trieKey(hashInt(stableHash(p[0]), BigInt(p[1]))), p] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map(([, p]) => p);
}

/// Keys in the order of a map keyed by their hashes (names, unless another hash is given).
export function stableHashOrder(names: readonly string[], hash: (name: string) => bigint = stableHash): string[] {
  const keyed = names.map((n) => [trieKey(hash(n)), n] as const);
  keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return keyed.map(([, n]) => n);
}
