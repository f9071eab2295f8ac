/// Namespace natives: defining namespaces with their user and admin guards, entering them, and
/// describing them.
import { PObject, isGuard } from '../values/value.ts';
import type { Guard, PactValue } from '../values/value.ts';
import type { Ctx } from '../lang/context.ts';
import { evalError } from '../lang/errors.ts';
import { apply, badArgs, chargeNative } from '../lang/eval.ts';
import { GREAD_NAMESPACE } from '../lang/gas.ts';
import { chargeWrite } from '../lang/meter.ts';
import { enforceGuard } from '../lang/guards.ts';
import { NAMESPACES_TABLE, lookupNamespace } from '../lang/namespaces.ts';
import type { Namespace } from '../lang/namespaces.ts';
import type { Node } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

const IDENT = /^[\p{L}%#+\-_&$@<>=^?*!|/~][\p{L}0-9%#+\-_&$@<>=^?*!|/~]*$/u;

/// Namespace names parse as Pact names: an identifier, optionally qualified.
function validName(name: string): boolean {
  const parts = name.split('.');
  return parts.length <= 3 && parts.every((p) => IDENT.test(p) && p !== 'true' && p !== 'false');
}

/// A new namespace needs the namespace policy's consent (the REPL allows every one by default).
function enforcePolicy(ctx: Ctx, name: string, admin: Guard, app: Node): void {
  const policy = ctx.env.nsPolicy;
  if (policy === null) return;
  const r = apply(ctx, policy.fun, [name, admin], app.info);
  if (typeof r !== 'boolean') throw evalError(app.info, `Unexpected return value from namespace policy: ${showValCompact(r)}`);
  if (!r) throw evalError(app.info, 'Namespace definition not permitted');
}

/// Reads a namespace, charging for it when found.
function readNamespace(ctx: Ctx, self: Native, name: string, app: Node): Namespace | undefined {
  const ns = lookupNamespace(ctx, name);
  if (ns !== undefined && ctx.gas.active) ctx.gas.charge(self.name, GREAD_NAMESPACE, app.info);
  return ns;
}

export const namespaceNatives: Native[] = natives({
  'define-namespace': {
    fn: (ctx, args, app, self) => {
      const [name, user, admin] = args;
      if (args.length !== 3 || typeof name !== 'string' || !isGuard(user) || !isGuard(admin)) throw badArgs(self, args, app.info);
      if (!validName(name)) throw evalError(app.info, `invalid namespace name format: ${name}`);
      const old = readNamespace(ctx, self, name, app);
      if (old !== undefined) enforceGuard(ctx, old.admin, app, self);
      else enforcePolicy(ctx, name, admin, app);
      const ns: Namespace = { name, user, admin };
      chargeWrite(ctx, self.name, { kind: 'WriteNamespace', name, user, admin }, app.info);
      ctx.db.write(NAMESPACES_TABLE, name, ns);
      return `Namespace defined: ${name}`;
    },
  },
  namespace: {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      if (name === '' && !ctx.flag('DisablePact47')) {
        chargeNative(ctx, self, app.info);
        ctx.namespace = null;
        return 'Namespace reset to root';
      }
      const ns = readNamespace(ctx, self, name, app);
      if (ns === undefined) throw evalError(app.info, `namespace: '${name}' not defined`);
      if (ctx.flag('DisablePact44')) enforceGuard(ctx, ns.user, app, self);
      ctx.namespace = name;
      return `Namespace set to ${name}`;
    },
  },
  'describe-namespace': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      const ns = readNamespace(ctx, self, name, app);
      if (ns === undefined) throw evalError(app.info, `Namespace not defined: ${name}`);
      return new PObject(new Map<string, PactValue>([
        ['admin-guard', ns.admin], ['namespace-name', ns.name], ['user-guard', ns.user],
      ]), false);
    },
  },
});
