/// Keyset natives: reading keysets from message data, defining them in the keyset table,
/// enforcing them, and the built-in predicates.
import { JsonObject } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { KeySet, KeySetRef } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import { GREAD_KEYSET } from '../lang/gas.ts';
import { chargeWrite } from '../lang/meter.ts';
import { KEYSETS_TABLE, checkKeySetName, enforceGuard, enforceKeySet, lookupKeySet, withSysOnly } from '../lang/guards.ts';
import type { Node, Val } from '../lang/runtime.ts';
import { msgKey } from './general.ts';
import { enforceNamespaceUser, lookupNamespace } from '../lang/namespaces.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

const ED25519_HEX = /^[0-9a-f]{64}$/;
const WEBAUTHN = /^WEBAUTHN-[0-9a-f]+$/;

/// A keyset from message JSON: `{"keys": [...], "pred": ...}`, `{"keys": [...]}` or `[...]`.
export function keySetFromJson(j: Json): KeySet | null {
  let keys: Json;
  let pred: Json = 'keys-all';
  if (Array.isArray(j)) keys = j;
  else if (j instanceof JsonObject) {
    const get = (k: string) => j.entries.find(([key]) => key === k)?.[1];
    keys = get('keys') ?? null;
    pred = get('pred') ?? 'keys-all';
  } else return null;
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string') || typeof pred !== 'string') return null;
  return new KeySet([...new Set(keys as string[])].sort(), pred);
}

function readKeySet(ctx: Ctx, key: string, app: Node): KeySet {
  const ks = keySetFromJson(msgKey(ctx, key, app.info));
  if (ks === null) throw evalError(app.info, `read-keyset: parse failed: expected keyset`);
  if (ctx.flag('EnforceKeyFormats')) {
    const webauthn = !ctx.flag('DisablePact410');
    if (!ks.keys.every((k) => ED25519_HEX.test(k) || (webauthn && WEBAUTHN.test(k)))) {
      throw evalError(app.info, 'Invalid keyset');
    }
  }
  return ks;
}

function defineKeySet(ctx: Ctx, name: string, ks: KeySet, app: Node): string {
  checkKeySetName(ctx, name, app.info);
  const ksn = name;
  const old = lookupKeySet(ctx, ksn);
  const charge = (): void => chargeWrite(ctx, 'define-keyset', { kind: 'WriteKeySet', name: ksn, keyset: ks }, app.info);
  if (old !== undefined) {
    if (ctx.gas.active) ctx.gas.charge('define-keyset', GREAD_KEYSET, app.info);
    charge();
    withSysOnly(ctx, () => enforceKeySet(ctx, old, `'${ksn}`, app.info));
    ctx.db.write(KEYSETS_TABLE, ksn, ks);
    return 'Keyset defined';
  }
  if (!ctx.flag('DisablePact44')) {
    const ns = ctx.namespace === null ? undefined : lookupNamespace(ctx, ctx.namespace);
    if (ns === undefined) throw evalError(app.info, 'Cannot define a keyset outside of a namespace');
    enforceNamespaceUser(ctx, ns, app.info);
    if (!ksn.startsWith(`${ns.name}.`)) throw evalError(app.info, 'Mismatching keyset namespace');
  }
  charge();
  ctx.db.write(KEYSETS_TABLE, ksn, ks);
  return 'Keyset defined';
}

function keyPred(test: (count: bigint, matched: bigint) => boolean) {
  return (_ctx: Ctx, args: Val[], app: Node, self: Native): Val => {
    const [count, matched] = args;
    if (args.length !== 2 || typeof count !== 'bigint' || typeof matched !== 'bigint') throw badArgs(self, args, app.info);
    return test(count, matched);
  };
}

export const keysetNatives: Native[] = natives({
  'read-keyset': {
    fn: (ctx, args, app, self) => {
      const [k] = args;
      if (args.length !== 1 || typeof k !== 'string') throw badArgs(self, args, app.info);
      return readKeySet(ctx, k, app);
    },
  },
  'define-keyset': {
    fn: (ctx, args, app, self) => {
      const [name, ks] = args;
      if (typeof name === 'string' && args.length === 1) return defineKeySet(ctx, name, readKeySet(ctx, name, app), app);
      if (typeof name === 'string' && args.length === 2 && ks instanceof KeySet) return defineKeySet(ctx, name, ks, app);
      throw badArgs(self, args, app.info);
    },
  },
  'enforce-keyset': {
    fn: (ctx, args, app, self) => {
      if (args.length !== 1) throw badArgs(self, args, app.info);
      return enforceGuard(ctx, args[0]!, app, self);
    },
  },
  'keyset-ref-guard': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      checkKeySetName(ctx, name, app.info);
      if (lookupKeySet(ctx, name) === undefined) throw evalError(app.info, `Keyset reference cannot be found: ${name}`);
      return new KeySetRef(name);
    },
  },
  'describe-keyset': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      const ks = lookupKeySet(ctx, name);
      if (ks === undefined) throw evalError(app.info, `Keyset not found: ${name}`);
      if (ctx.gas.active) ctx.gas.charge(self.name, GREAD_KEYSET, app.info);
      return ks;
    },
  },
  'keys-all': { fn: keyPred((count, matched) => count === matched) },
  'keys-any': { fn: keyPred((_count, matched) => matched >= 1n) },
  'keys-2': { fn: keyPred((_count, matched) => matched >= 2n) },
});
