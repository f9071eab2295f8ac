/// Capability and guard natives: acquiring capabilities (`with-capability`, `compose-capability`,
/// `install-capability`, `require-capability`, `emit-event`), constructing guards and enforcing them.
import { CapabilityGuard, ModuleGuard, PactGuard, UserGuard } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import {
  appToCap, callingModule, capabilityAcquired, defcapInStack, emitEvent, enforceNotWithinDefcap, evalCapBeing,
  guardForModuleCall, popCap, showToken,
} from '../lang/caps.ts';
import { evalError, txFailure } from '../lang/errors.ts';
import { badArgs, isPactValue } from '../lang/eval.ts';
import { currentPactId, enforceGuard } from '../lang/guards.ts';
import { Def } from '../lang/runtime.ts';
import type { Env, Node, Val } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import { unreducedArgs } from './lists.ts';
import { natives } from './registry.ts';
import type { Native } from './registry.ts';

function capArg(args: readonly Node[], self: Native, env: Env, app: Node): Node {
  const a = args[0];
  if (args.length !== 1 || a?.kind !== 'app') throw unreducedArgs(self, args, env, app);
  return a;
}

const DEPRECATED = (what: string, plural: string) =>
  `Warning: Using deprecated native ${what}: ${plural} have been deprecate and will be removed in a future release, please switch to capability guards`;

export const capabilityNatives: Native[] = natives({
  'with-capability': {
    special: (ctx, args, env, app, self) => {
      const [capNode, body] = args;
      if (args.length !== 2 || capNode?.kind !== 'app' || body?.kind !== 'list') throw unreducedArgs(self, args, env, app);
      enforceNotWithinDefcap(ctx, app.info, 'with-capability');
      const capApp = appToCap(ctx, capNode, env);
      const result = evalCapBeing(ctx, [capApp.cap], app.info, 'stack', capApp, true);
      let r: Val = true;
      const items = body.items!;
      for (let i = 0; i < items.length; i++) r = items[i]!.ev(ctx, env);
      if (result === 'new') popCap(ctx);
      return r;
    },
  },
  'install-capability': {
    special: (ctx, args, env, app, self) => {
      const node = capArg(args, self, env, app);
      enforceNotWithinDefcap(ctx, app.info, 'install-capability');
      const { cap } = appToCap(ctx, node, env);
      ctx.caps.autonomous.push(cap);
      return 'Installed capability';
    },
  },
  'require-capability': {
    special: (ctx, args, env, app, self) => {
      const { cap } = appToCap(ctx, capArg(args, self, env, app), env);
      if (!capabilityAcquired(ctx, cap)) {
        const msg = `require-capability: not granted: ${showToken(cap)}`;
        throw ctx.flag('DisablePact44') ? evalError(app.info, msg) : txFailure(app.info, msg);
      }
      return true;
    },
  },
  'compose-capability': {
    special: (ctx, args, env, app, self) => {
      const node = capArg(args, self, env, app);
      if (!defcapInStack(ctx, 1)) throw evalError(app.info, 'compose-capability valid only within defcap body');
      const capApp = appToCap(ctx, node, env);
      evalCapBeing(ctx, [...ctx.caps.beingEvaluated, capApp.cap], app.info, 'composed', capApp, true);
      return true;
    },
  },
  'emit-event': {
    special: (ctx, args, env, app, self) => {
      const capApp = appToCap(ctx, capArg(args, self, env, app), env);
      const meta = capApp.def.defcapMeta;
      if (meta === null) throw evalError(app.info, 'emit-event: must be managed or event defcap');
      guardForModuleCall(ctx, capApp.def.module.name, app.info);
      emitEvent(ctx, capApp.cap, app.info);
      return true;
    },
  },
  'enforce-guard': {
    fn: (ctx, args, app, self) => {
      if (args.length !== 1) throw badArgs(self, args, app.info);
      return enforceGuard(ctx, args[0]!, app, self);
    },
  },
  'create-user-guard': {
    special: (ctx, args, env, app, self) => {
      const node = capArg(args, self, env, app);
      const head = node.fn!.global ?? node.fn!.ev(ctx, env);
      if (!(head instanceof Def)) throw evalError(node.info, `User guard closure function must be def: ${showValCompact(head)}`);
      if (head.kind !== 'defun') throw evalError(node.info, `User guard closure must be defun, found: ${head.kind}`);
      const vals = node.args!.map((a) => a.ev(ctx, env));
      for (const v of vals) if (!isPactValue(v)) throw evalError(app.info, `Only value-level terms permitted: ${showValCompact(v)}`);
      return new UserGuard(head.qualifiedName, vals as PactValue[]);
    },
  },
  'create-module-guard': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      ctx.warn(DEPRECATED('create-module-guard', 'Module guards'));
      const module = callingModule(ctx);
      if (module === null) throw evalError(app.info, 'create-module-guard: must call within module');
      return new ModuleGuard(module, name);
    },
  },
  'create-pact-guard': {
    fn: (ctx, args, app, self) => {
      const [name] = args;
      if (args.length !== 1 || typeof name !== 'string') throw badArgs(self, args, app.info);
      ctx.warn(DEPRECATED('create-pact-guard', 'Pact guards'));
      return new PactGuard(currentPactId(ctx, app.info), name);
    },
  },
  'create-capability-guard': {
    special: (ctx, args, env, app, self) => {
      // The guard keeps its arguments as given: before Pact 4.9 their module references still
      // carry where they were made, so they differ from a token's.
      const { cap, args: params } = appToCap(ctx, capArg(args, self, env, app), env);
      return new CapabilityGuard(cap.name, params as PactValue[], null);
    },
  },
  'create-capability-pact-guard': {
    special: (ctx, args, env, app, self) => {
      const { cap, args: params } = appToCap(ctx, capArg(args, self, env, app), env);
      return new CapabilityGuard(cap.name, params as PactValue[], currentPactId(ctx, app.info));
    },
  },
});
