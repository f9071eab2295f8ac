/// Keyset enforcement and module administration.
import type { Info } from '../syntax/exp.ts';
import { KeySet } from '../values/value.ts';
import type { Ctx } from './context.ts';
import { evalError, txFailure } from './errors.ts';
import { apply } from './eval.ts';
import { Def, Env, NativeRef } from './runtime.ts';
import type { ModuleData } from './runtime.ts';

export const KEYSETS_TABLE = 'SYS_keysets';

export function lookupKeySet(ctx: Ctx, name: string): KeySet | undefined {
  return ctx.db.read(KEYSETS_TABLE, name) as KeySet | undefined;
}

/// `enforce-keyset "name"`: the keyset must exist and pass.
export function enforceKeySetName(ctx: Ctx, name: string, info: Info): true {
  const ks = lookupKeySet(ctx, name);
  if (ks === undefined) throw evalError(info, `No such keyset: '${name}`);
  return enforceKeySet(ctx, ks, `'${name}`, info);
}

/// Counts the keyset's keys among the current signers and applies its predicate.
export function enforceKeySet(ctx: Ctx, ks: KeySet, shown: string | null, info: Info): true {
  const count = BigInt(ks.keys.length);
  let matched = 0n;
  for (const s of ctx.env.signers) if (s.caps.length === 0 && ks.keys.includes(s.pubKey)) matched++;
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
  const saved = ctx.purity;
  ctx.purity = 'sysonly';
  try {
    const r = apply(ctx, fn, [count, matched], info);
    if (typeof r !== 'boolean') throw evalError(info, `Invalid response from keyset predicate: ${String(r)}`);
    return r;
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
  if (ctx.moduleAdmin.has(mod.name)) return;
  const gov = mod.governance;
  if (gov === null) throw evalError(info, `Module ${mod.name} has no governance`);
  if ('keyset' in gov) enforceKeySetName(ctx, gov.keyset, info);
  else {
    const cap = gov.cap;
    if (cap.body !== null) cap.body.ev(ctx, new Env(cap.slots, null));
  }
  ctx.moduleAdmin.add(mod.name);
}
