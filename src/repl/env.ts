/// REPL natives that set up the transaction environment (`env-*`, `with-applied-env`). Most
/// changes are deferred: they take effect when the current top-level expression finishes.
import { mkdirSync } from 'node:fs';
import { Decimal } from '../values/decimal.ts';
import { JsonNumber, JsonObject, JsonParseError, parseJson } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { toJson } from '../values/pact-json.ts';
import { base64UrlDecode } from '../values/base64.ts';
import { tyString } from '../values/type.ts';
import { KeySet, ModRef, PactTime, PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import { resumePact } from '../lang/pacts.ts';
import type { Info } from '../syntax/exp.ts';
import type { ChainData, Ctx } from '../lang/context.ts';
import { appToCap, evalCapBeing, eventsList, tokenEq } from '../lang/caps.ts';
import type { CapToken } from '../lang/caps.ts';
import { evalError, renderInfo } from '../lang/errors.ts';
import { typecheckModule } from '../typecheck/module.ts';
import { CheckerError } from '../typecheck/state.ts';
import { badArgs, isPactValue } from '../lang/eval.ts';
import type { Env, ModuleData, Node, Val } from '../lang/runtime.ts';
import { Def } from '../lang/runtime.ts';
import { showValCompact } from '../lang/show.ts';
import { natives } from '../natives/registry.ts';
import type { Native } from '../natives/registry.ts';
import { nativeTable } from '../natives/index.ts';
import { unreducedArgs } from '../natives/lists.ts';
import type { Repl } from './repl.ts';
import { EXECUTION_FLAGS } from '../lang/flags.ts';
import { lazyModule } from '../values/lazy-module.ts';

// The analysis (`verify`), with its solver host, is loaded by the first script that verifies.
const analysis = lazyModule(() => require('../analyze/check.ts') as typeof import('../analyze/check.ts'),
  '../analyze/check.ts', import.meta.url);


function reportFlags(flags: ReadonlySet<string>): PList {
  return new PList(EXECUTION_FLAGS.filter((f) => flags.has(f)), tyString);
}

/// Applies one `env-chain-data` field, or says why it cannot be.
function chainDataField(cd: ChainData, key: string, v: Val): boolean {
  switch (key) {
    case 'gas-limit': if (typeof v !== 'bigint') return false; cd.gasLimit = v; return true;
    case 'block-height': if (typeof v !== 'bigint') return false; cd.blockHeight = v; return true;
    case 'gas-price': if (!(v instanceof Decimal)) return false; cd.gasPrice = v; return true;
    case 'block-time': if (!(v instanceof PactTime)) return false; cd.blockTime = v.micros; return true;
    case 'chain-id': if (typeof v !== 'string') return false; cd.chainId = v; return true;
    case 'sender': if (typeof v !== 'string') return false; cd.sender = v; return true;
    case 'prev-block-hash': if (typeof v !== 'string') return false; cd.prevBlockHash = v; return true;
    default: return false;
  }
}

export function envNatives(repl: Repl): Native[] {
  return natives({
    'env-data': {
      fn: (_ctx, args, app, self) => {
        if (args.length !== 1) throw badArgs(self, args, app.info);
        const json = envDataJson(args[0]!, app.info);
        repl.deferEnv('data', (c) => { c.env.msgBody = json; });
        return 'Setting transaction data';
      },
    },
    'env-keys': {
      fn: (_ctx, args, app, self) => {
        const [keys] = args;
        if (args.length !== 1 || !(keys instanceof PList) || !keys.items.every((k) => typeof k === 'string')) {
          throw badArgs(self, args, app.info);
        }
        const signers = (keys.items as string[]).map((pubKey) => ({ pubKey, caps: [] }));
        repl.deferEnv('sigs', (c) => { c.env.signers = signers; });
        return 'Setting transaction keys';
      },
    },
    'env-sigs': {
      special: (ctx, args, env, app, self) => {
        const signers = capabilityList(ctx, args, env, app, self, 'key').map(([pubKey, caps]) => ({ pubKey, caps }));
        repl.deferEnv('sigs', (c) => { c.env.signers = signers; });
        return 'Setting transaction signatures/caps';
      },
    },
    'env-verifiers': {
      special: (ctx, args, env, app, self) => {
        const verifiers = capabilityList(ctx, args, env, app, self, 'name').map(([name, caps]) => ({ name, caps }));
        repl.deferEnv('verifiers', (c) => { c.env.verifiers = verifiers; });
        return 'Setting transaction verifiers/caps';
      },
    },
    'env-hash': {
      fn: (_ctx, args, app, self) => {
        const [h] = args;
        if (args.length !== 1 || typeof h !== 'string') throw badArgs(self, args, app.info);
        if (base64UrlDecode(h) === undefined) throw evalError(app.info, `Bad hash value: ${h}`);
        repl.deferEnv('hash', (c) => { c.env.txHash = h; });
        return `Set tx hash to ${h}`;
      },
    },
    'env-exec-config': {
      fn: (ctx, args, app, self) => {
        if (args.length === 0) return reportFlags(ctx.env.flags);
        const [list] = args;
        if (args.length !== 1 || !(list instanceof PList)) throw badArgs(self, args, app.info);
        const flags = new Set<string>();
        for (const f of list.items) {
          if (typeof f !== 'string') throw badArgs(self, args, app.info);
          if (!(EXECUTION_FLAGS as readonly string[]).includes(f)) {
            const allowed = [...EXECUTION_FLAGS].sort().map((x) => `"${x}"`).join(',');
            throw evalError(app.info, `Invalid flag, allowed: [${allowed}]`);
          }
          flags.add(f);
        }
        repl.deferEnv('exec-config', (c) => {
          c.env.flags = flags;
          c.env.natives = nativeTable(undefined, flags);
        });
        return reportFlags(flags);
      },
    },
    'env-chain-data': {
      fn: (ctx, args, app, self) => {
        const [o] = args;
        if (args.length !== 1 || !(o instanceof PObject)) throw badArgs(self, args, app.info);
        const cd = { ...ctx.env.chainData };
        for (const [k, v] of [...o.fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
          if (!chainDataField(cd, k, v)) {
            throw evalError(app.info, `envChainData: bad public metadata values: ("${k}", ${showValCompact(v)})`);
          }
        }
        repl.deferEnv('chain-data', (c) => { c.env.chainData = cd; });
        return 'Updated public metadata';
      },
    },
    'env-enable-repl-natives': {
      fn: (_ctx, args, app, self) => {
        const [on] = args;
        if (args.length !== 1 || typeof on !== 'boolean') throw badArgs(self, args, app.info);
        repl.deferEnv('repl-natives', (c) => { c.env.replNativesInModules = on; });
        return on ? 'Repl natives enabled' : 'Repl natives disabled';
      },
    },
    'env-simulate-onchain': {
      fn: (_ctx, args, app, self) => {
        const [on] = args;
        if (args.length !== 1 || typeof on !== 'boolean') throw badArgs(self, args, app.info);
        repl.deferEnv('on-chain', (c) => { c.env.onChain = on; });
        return `Set on-chain simulation execution mode to: ${on}`;
      },
    },
    'sig-keyset': {
      fn: (ctx, args, app, self) => {
        if (args.length !== 0) throw badArgs(self, args, app.info);
        return new KeySet([...new Set(ctx.env.signers.map((s) => s.pubKey))].sort(), 'keys-all');
      },
    },
    'env-events': {
      fn: (ctx, args, app, self) => {
        const [clear] = args;
        if (args.length !== 1 || typeof clear !== 'boolean') throw badArgs(self, args, app.info);
        const events = eventsList(ctx);
        if (clear) ctx.events = [];
        return events;
      },
    },
    'test-capability': {
      special: (ctx, args, env, app, self) => {
        const node = args[0];
        if (args.length !== 1 || node?.kind !== 'app') throw unreducedArgs(self, args, env, app);
        const capApp = appToCap(ctx, node, env);
        const scope = capApp.def.defcapMeta === null ? 'stack' : 'managed';
        const r = evalCapBeing(ctx, [capApp.cap], app.info, scope, capApp, false);
        return r === 'already' ? 'Capability already acquired' : r === 'new' ? 'Capability acquired' : 'Capability installed';
      },
    },
    typecheck: { fn: (ctx, args, app, self) => typecheckNative(repl, ctx, args, app, self) },
    verify: { fn: (ctx, args, app, self) => verifyNative(repl, ctx, args, app, self) },
    'continue-pact': {
      fn: (ctx, args, app, self) => {
        const [step, rollback, pid, y] = args;
        if (typeof step !== 'bigint' || args.length > 4 || (args.length >= 2 && typeof rollback !== 'boolean') ||
          (args.length >= 3 && typeof pid !== 'string') || (args.length === 4 && !(y instanceof PObject))) {
          throw badArgs(self, args, app.info);
        }
        const pe = ctx.pactExec;
        const pactId = typeof pid === 'string' ? pid : pe?.pactId;
        if (pactId === undefined) throw evalError(app.info, 'continue-pact: No pact id supplied and no pact exec in context');
        let resume = pe?.yield ?? null;
        if (y instanceof PObject) resume = { data: new Map(y.fields), provenance: pe?.yield?.provenance ?? null, source: null };
        ctx.pactExec = null;
        return resumePact(ctx, { step: Number(step), rollback: rollback === true, pactId, resume }, app.info);
      },
    },
    'pact-state': {
      fn: (ctx, args, app, self) => {
        const [clear] = args;
        if (args.length > 1 || (args.length === 1 && typeof clear !== 'boolean')) throw badArgs(self, args, app.info);
        const pe = ctx.pactExec;
        if (clear === true) ctx.pactExec = null;
        if (pe === null) throw evalError(app.info, 'pact-state: no pact exec in context');
        return new PObject(new Map<string, PactValue>([
          ['executed', pe.executed !== false], ['pactId', pe.pactId], ['step', BigInt(pe.step)],
          ['yield', pe.yield === null ? false : new PObject(new Map(pe.yield.data), false)],
        ]), false);
      },
    },
    'env-entity': {
      fn: (_ctx, args, app, self) => {
        const [e] = args;
        if (args.length > 1 || (args.length === 1 && typeof e !== 'string')) throw badArgs(self, args, app.info);
        const entity = typeof e === 'string' ? e : null;
        repl.deferEnv('entity', (c) => { c.env.entity = entity; });
        return entity === null ? 'Unset entity' : `Set entity to ${entity}`;
      },
    },
    'env-namespace-policy': {
      special: (ctx, args, env, app, self) => {
        const [allow, fun] = args;
        if (args.length !== 2 || fun?.kind !== 'app' || fun.fn === undefined) throw unreducedArgs(self, args, env, app);
        const allowRoot = allow!.ev(ctx, env);
        if (typeof allowRoot !== 'boolean') throw unreducedArgs(self, args, env, app);
        const d = fun.fn.global ?? fun.fn.ev(ctx, env);
        if (!(d instanceof Def) || d.kind !== 'defun') throw evalError(fun.info, `Can only apply defun here, found: ${showValCompact(d)}`);
        repl.deferEnv('ns-policy', (c) => { c.env.nsPolicy = { allowRoot, fun: d }; });
        return 'Installed namespace policy';
      },
    },
    'mock-spv': {
      fn: (ctx, args, app, self) => {
        const [type, payload, output] = args;
        if (args.length !== 3 || typeof type !== 'string' || !(payload instanceof PObject) || !(output instanceof PObject)) {
          throw badArgs(self, args, app.info);
        }
        ctx.spvMocks.push({ type, payload, output });
        return `Added mock SPV for ${type}`;
      },
    },
    'env-dynref': {
      fn: (ctx, args, app, self) => {
        if (args.length === 0) {
          repl.dynRefs.clear();
          return 'Cleared dynamic ref environment.';
        }
        const [iface, impl] = args;
        if (args.length !== 2 || !(iface instanceof ModRef) || !(impl instanceof ModRef)) throw badArgs(self, args, app.info);
        if (ctx.lookupModule(impl.name) === undefined) throw evalError(app.info, `Unable to resolve module ${impl.name}`);
        repl.dynRefs.set(iface.name, impl.name);
        return 'Added dynamic ref to environment.';
      },
    },
    'with-applied-env': {
      special: (ctx, args, env, app, self) => {
        if (args.length !== 1) throw unreducedArgs(self, args, env, app);
        const saved = ctx.env;
        ctx.env = { ...saved };
        for (const change of repl.takePendingEnv()) change(ctx);
        try {
          return args[0]!.ev(ctx, env);
        } finally {
          ctx.env = saved;
        }
      },
    },
  }, true);
}

/// The module `(typecheck 'm)` / `(verify 'm)` names, its arguments checked.
function moduleArg(ctx: Ctx, args: Val[], app: Node, self: Native): { m: string; mod: ModuleData; debug: boolean } {
  const [m, debug] = args;
  if (args.length < 1 || args.length > 2 || typeof m !== 'string' || (debug !== undefined && typeof debug !== 'boolean')) {
    throw badArgs(self, args, app.info);
  }
  const mod = ctx.lookupModule(m);
  if (mod === undefined) throw evalError(app.info, `Unable to resolve module ${m}`);
  return { m, mod, debug: debug === true };
}

/// `verify`: Pact's formal verification of a loaded module (../analyze/check.ts); its rendered
/// lines go to stderr after the expression. With the debug flag, the solver's input is kept in
/// `pact-verify-<module>` in the working directory (made if missing), as Pact keeps its
/// transcripts there.
function verifyNative(repl: Repl, ctx: Ctx, args: Val[], app: Node, self: Native): Val {
  const { m, mod, debug } = moduleArg(ctx, args, app, self);
  const debugDir = debug ? `pact-verify-${m}` : null;
  if (debugDir !== null) mkdirSync(debugDir, { recursive: true });
  let lines;
  try {
    lines = analysis().verifyModule(ctx, mod, repl.dynRefs, debugDir);
  } catch (e) {
    if (e instanceof CheckerError) throw evalError(e.info, `Typechecker Internal Error: ${e.message}`);
    throw e;
  }
  repl.deferOutput(lines.map(analysis().renderedLine));
  return lines.some((l) => l.type === 'OutputFailure') ? `Verification of ${m} failed` : `Verification of ${m} succeeded`;
}

/// `typecheck`: Pact's static checker over a loaded module; its findings go to stderr after the
/// expression.
function typecheckNative(repl: Repl, ctx: Ctx, args: Val[], app: Node, self: Native): Val {
  const { m, mod, debug } = moduleArg(ctx, args, app, self);
  // Pact's debug lines go straight to stdout, those of a check that failed too.
  const log = debug ? [] : null;
  let result;
  try {
    result = typecheckModule(ctx, mod, log, repl.dynRefs);
  } catch (e) {
    if (e instanceof CheckerError) throw evalError(e.info, `Typechecker Internal Error: ${e.message}`);
    throw e;
  } finally {
    for (const line of log ?? []) repl.out.stdout(`${line}\n`);
  }
  if (result.failures.length === 0) return `Typecheck ${m}: success`;
  repl.deferOutput(result.failures.map((f) => `${renderInfo(f.id.info, '')}:OutputFailure: ${f.message}`));
  return `Typecheck ${m}: Unable to resolve all types`;
}

/// `[{ KEY: name, 'caps: [(mod.CAP args) ...] } ...]` as (name, capability tokens) pairs; the
/// capability applications are not run, only their arguments evaluated. A repeated name keeps
/// its last entry, as Pact's map does.
function capabilityList(ctx: Ctx, args: readonly Node[], env: Env, app: Node, self: Native, keyField: string): Array<[string, CapToken[]]> {
  const list = args[0];
  if (args.length !== 1 || list?.kind !== 'list') throw unreducedArgs(self, args, env, app);
  const byName = new Map<string, CapToken[]>();
  for (const item of list.items!) {
    if (item.kind !== 'object') throw evalError(item.info, 'Expected object');
    const key = item.fields!.find(([k]) => k === keyField)?.[1];
    const caps = item.fields!.find(([k]) => k === 'caps')?.[1];
    if (key === undefined || caps?.kind !== 'list') {
      throw evalError(item.info, `Expected object with '${keyField}': string, 'caps': [capability]`);
    }
    const name = key.ev(ctx, env);
    if (typeof name !== 'string') throw evalError(key.info, 'Expected string value');
    const tokens: CapToken[] = [];
    for (const c of caps.items!) {
      if (c.kind !== 'app') throw evalError(c.info, 'Expected capability invocation');
      const { cap } = appToCap(ctx, c, env);
      if (!tokens.some((t) => tokenEq(ctx, t, cap))) tokens.push(cap);
    }
    byName.delete(name);
    byName.set(name, tokens);
  }
  return [...byName];
}

/// `env-data`'s argument as message JSON: a string is parsed as JSON text; an object's
/// top-level integers become decimals (Pact's lenient conversion).
function envDataJson(v: Val, info: Info): Json {
  if (typeof v === 'string') {
    try {
      return parseJson(v);
    } catch (e) {
      if (e instanceof JsonParseError) throw evalError(info, `Invalid JSON: ${e.message}`);
      throw e;
    }
  }
  if (v instanceof PObject) {
    return new JsonObject([...v.fields].map(([k, x]) => [k, typeof x === 'bigint' ? new JsonNumber(x, 0) : lenientJson(x)]));
  }
  return lenientJson(v);
}

function lenientJson(v: Val): Json {
  return isPactValue(v) ? toJson(v) : showValCompact(v);
}
