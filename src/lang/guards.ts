/// Keyset enforcement and module administration.
import type { Info } from '../syntax/exp.ts';
import { CapabilityGuard, KeySet, KeySetRef, ModuleGuard, PactGuard, UserGuard } from '../values/value.ts';
import type { Native } from '../natives/registry.ts';
import type { Ctx } from './context.ts';
import { evalError, txFailure } from './errors.ts';
import { GREAD_KEYSET } from './gas.ts';
import { showValCompact } from './show.ts';
import { apply, badArgs, callDef, chargeUserApp } from './eval.ts';
import { Def, NativeRef } from './runtime.ts';
import type { Node, Val } from './runtime.ts';
import type { ModuleData } from './runtime.ts';
import { capabilityAcquired, signerInScope } from './caps.ts';

export const KEYSETS_TABLE = 'SYS_keysets';

/// Since Pact 4.4 keyset names must parse (`ns.name` or any non-empty legacy name).
export function checkKeySetName(ctx: Ctx, name: string, info: Info): void {
  if (!ctx.flag('DisablePact44') && name === '') throw evalError(info, 'incorrect keyset name format');
}

export function lookupKeySet(ctx: Ctx, name: string): KeySet | undefined {
  return ctx.db.read(KEYSETS_TABLE, name) as KeySet | undefined;
}

/// `enforce-keyset "name"`: the keyset must exist and pass.
export function enforceKeySetName(ctx: Ctx, name: string, info: Info): true {
  checkKeySetName(ctx, name, info);
  const ks = lookupKeySet(ctx, name);
  if (ks === undefined) throw evalError(info, `No such keyset: '${name}`);
  if (ctx.gas.active) ctx.gas.charge('enforce keyset name', GREAD_KEYSET, info);
  return enforceKeySet(ctx, ks, `'${name}`, info);
}

/// Counts the keyset's keys among the current signers and applies its predicate.
export function enforceKeySet(ctx: Ctx, ks: KeySet, shown: string | null, info: Info): true {
  const count = BigInt(ks.keys.length);
  let matched = 0n;
  for (const s of ctx.env.signers) if (ks.keys.includes(s.pubKey) && signerInScope(ctx, s.caps)) matched++;
  if (runPredicate(ctx, ks.pred, count, matched, info)) return true;
  const what = shown ?? `[${ks.keys.map(shortKey).join(', ')}]`;
  throw txFailure(info, `Keyset failure (${ks.pred}): ${what}`);
}

function shortKey(k: string): string {
  return k.length >= 8 ? `${k.slice(0, 8)}...` : k;
}

function runPredicate(ctx: Ctx, pred: string, count: bigint, matched: bigint, info: Info): boolean {
  switch (pred) {
    case 'keys-all': return matched >= count;
    case 'keys-any': return matched >= 1n;
    case 'keys-2': return matched >= 2n;
  }
  const fn = resolvePredicate(ctx, pred, info);
  const r = withSysOnly(ctx, () => apply(ctx, fn, [count, matched], info));
  if (typeof r !== 'boolean') throw evalError(info, `Invalid response from keyset predicate: ${showValCompact(r)}`);
  return r;
}

/// Runs `f` where only system tables may be read (Pact's `runSysOnly`).
export function withSysOnly<T>(ctx: Ctx, f: () => T): T {
  const saved = ctx.purity;
  ctx.purity = 'sysonly';
  try {
    return f();
  } finally {
    ctx.purity = saved;
  }
}

function resolvePredicate(ctx: Ctx, pred: string, info: Info): Def | NativeRef {
  const dot = pred.lastIndexOf('.');
  if (dot > 0) {
    const mod = ctx.lookupModule(pred.slice(0, dot));
    const d = mod?.members.get(pred.slice(dot + 1));
    if (d instanceof Def) return d;
  } else {
    const native = ctx.natives.get(pred);
    if (native !== undefined) return new NativeRef(native);
  }
  throw evalError(info, `Bad keyset predicate: ${pred}`);
}

/// Module admin: granted once per transaction after the governance passes.
export function acquireModuleAdmin(ctx: Ctx, mod: ModuleData, info: Info): void {
  if (ctx.caps.moduleAdmin.has(mod.name)) return;
  const gov = mod.governance;
  if (gov === null) throw evalError(info, `Module ${mod.name} has no governance`);
  if ('keyset' in gov) enforceKeySetName(ctx, gov.keyset, info);
  else {
    if (ctx.gas.active) chargeUserApp(ctx, gov.cap, info);
    callDef(ctx, gov.cap, [], info, true);
  }
  ctx.caps.moduleAdmin.add(mod.name);
}

/// The current pact id, or Pact's error outside a pact.
export function currentPactId(ctx: Ctx, info: Node['info']): string {
  const id = ctx.pactId;
  if (id === null) throw evalError(info, 'pact-id: not in pact execution');
  return id;
}

/// Enforces any guard (or a keyset name).
export function enforceGuard(ctx: Ctx, g: Val, app: Node, self: Native | null): true {
  const info = app.info;
  if (typeof g === 'string') return enforceKeySetName(ctx, g, info);
  if (g instanceof KeySet) return withSysOnly(ctx, () => enforceKeySet(ctx, g, null, info));
  if (g instanceof KeySetRef) return enforceKeySetName(ctx, g.name, info);
  if (g instanceof ModuleGuard) {
    const md = ctx.lookupModule(g.module);
    if (md === undefined) throw evalError(info, `Unable to resolve module ${g.module}`);
    if (md.isInterface) throw evalError(info, `ModuleGuard not allowed on interface: ${showValCompact(g)}`);
    if (ctx.stack.findInnermost((f) => f.module === g.module) === undefined) acquireModuleAdmin(ctx, md, info);
    return true;
  }
  if (g instanceof PactGuard) {
    const current = currentPactId(ctx, info);
    if (current !== g.pactId) throw evalError(info, `Pact guard failed, intended: ${g.pactId}, active: ${current}`);
    return true;
  }
  if (g instanceof UserGuard) {
    const fn = resolveFunction(ctx, g.fun, info);
    withSysOnly(ctx, () => apply(ctx, fn, [...g.args], info));
    return true;
  }
  if (g instanceof CapabilityGuard) {
    if (g.pactId !== null && currentPactId(ctx, info) !== g.pactId) throw txFailure(info, 'Invalid Pact ID');
    if (!capabilityAcquired(ctx, { name: g.name, args: g.args })) throw txFailure(info, 'Capability not acquired');
    return true;
  }
  if (self === null) throw evalError(info, `Not a guard: ${showValCompact(g)}`);
  throw badArgs(self, [g], info);
}

function resolveFunction(ctx: Ctx, qualified: string, info: Node['info']): Def {
  const dot = qualified.lastIndexOf('.');
  const d = ctx.lookupModule(qualified.slice(0, dot))?.members.get(qualified.slice(dot + 1));
  if (!(d instanceof Def)) throw evalError(info, `Could not resolve function: ${qualified}`);
  return d;
}

