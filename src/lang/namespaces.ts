/// Namespaces: named prefixes for modules and keysets, each owned by an admin guard and usable
/// by code that passes its user guard.
import type { Info } from '../syntax/exp.ts';
import type { Guard } from '../values/value.ts';
import type { Ctx } from './context.ts';
import { evalError } from './errors.ts';
import { enforceGuard } from './guards.ts';
import { Node } from './runtime.ts';

export const NAMESPACES_TABLE = 'SYS_namespaces';

export interface Namespace {
  readonly name: string;
  readonly user: Guard;
  readonly admin: Guard;
}

export function lookupNamespace(ctx: Ctx, name: string): Namespace | undefined {
  return ctx.db.read(NAMESPACES_TABLE, name) as Namespace | undefined;
}

/// Installing a new module or interface: in a namespace its user guard must pass; at the root
/// the namespace policy must allow root definitions.
export function enforceNamespaceInstall(ctx: Ctx, info: Info): void {
  if (ctx.flag('DisablePact44')) return;
  if (ctx.namespace === null) {
    enforceRootPolicy(ctx, info);
    return;
  }
  const ns = lookupNamespace(ctx, ctx.namespace);
  if (ns !== undefined) enforceNamespaceUser(ctx, ns, info);
}

/// The namespace policy decides whether definitions may go in the root namespace.
export function enforceRootPolicy(ctx: Ctx, info: Info): void {
  if (ctx.env.nsPolicy !== null && !ctx.env.nsPolicy.allowRoot) {
    throw evalError(info, 'Definitions in default namespace are not authorized');
  }
}

export function enforceNamespaceUser(ctx: Ctx, ns: Namespace, info: Info): void {
  enforceGuard(ctx, ns.user, new Node('other', info, () => true), null);
}
