/// REPL-only natives: tests (`expect*`), environment setup (`env-*`), REPL transactions, `load`
/// and `print`. They are made per REPL because they act on its state.
import { valueEq } from '../values/equality.ts';
import type { Info } from '../syntax/exp.ts';
import { spanText } from '../syntax/exp.ts';
import type { Ctx } from '../lang/context.ts';
import { emptyCapState } from '../lang/caps.ts';
import { PactError, evalError, renderInfo, showPactError } from '../lang/errors.ts';
import { apply, badArgs, fnArg, isPactValue } from '../lang/eval.ts';
import type { Env, ModuleData, Node, Val } from '../lang/runtime.ts';
import { evalEnscoped } from '../lang/link.ts';
import { showValCompact } from '../lang/show.ts';
import { typeName } from '../lang/typecheck.ts';
import { natives } from '../natives/registry.ts';
import type { Native } from '../natives/registry.ts';
import { unreducedArgs } from '../natives/lists.ts';
import type { Repl } from './repl.ts';

export function replNatives(repl: Repl): Native[] {
  return natives({
    expect: {
      special: (ctx, args, env, app, self) => {
        if (args.length !== 3) throw unreducedArgs(self, args, env, app);
        const doc = testDoc(ctx, args[0]!, env);
        return testCatch(repl, ctx, app, doc, () => evalEnscoped(ctx, args[2]!, env), 'evaluation of actual failed', (actual) =>
          testCatch(repl, ctx, app, doc, () => evalEnscoped(ctx, args[1]!, env), 'evaluation of expected failed', (expected) => {
            if (isPactValue(expected) && isPactValue(actual) && valueEq(expected, actual)) return pass(repl, app.info, doc, 'Expect');
            return fail(repl, app.info, doc,
              `expected ${showValCompact(expected)}:${typeName(expected)}, received ${showValCompact(actual)}:${typeName(actual)}`);
          }));
      },
    },
    'expect-failure': {
      special: (ctx, args, env, app, self) => {
        if (args.length !== 2 && args.length !== 3) throw unreducedArgs(self, args, env, app);
        let expectedText: string | null = null;
        if (args.length === 3) {
          const e = args[1]!.ev(ctx, env);
          if (typeof e !== 'string') throw unreducedArgs(self, args, env, app);
          expectedText = e;
        }
        const doc = testDoc(ctx, args[0]!, env);
        const saved = ctx.snapshot();
        let result: Val;
        try {
          result = evalEnscoped(ctx, args[args.length - 1]!, env);
        } catch (e) {
          ctx.restore(saved);
          const shown = showError(e, ctx);
          if (expectedText === null || shown.includes(expectedText)) return pass(repl, app.info, doc, 'Expect failure');
          return fail(repl, app.info, doc, `expected error message to contain '${expectedText}', got '${shown}'`);
        }
        return fail(repl, app.info, doc, `expected failure, got result = ${showValCompact(result)}`);
      },
    },
    'expect-that': {
      special: (ctx, args, env, app, self) => {
        if (args.length !== 3) throw unreducedArgs(self, args, env, app);
        const doc = testDoc(ctx, args[0]!, env);
        const pred = fnArg(ctx, args[1]!, env, self);
        return testCatch(repl, ctx, app, doc, () => evalEnscoped(ctx, args[2]!, env), 'evaluation of expression failed', (v) =>
          testCatch(repl, ctx, app, doc, () => apply(ctx, pred, [v], app.info), 'evaluation of predicate failed', (p) => {
            if (p === true) return pass(repl, app.info, doc, 'Expect-that');
            if (p === false) {
              return fail(repl, app.info, doc, `did not satisfy ${spanText(args[1]!.info)}: ${showValCompact(v)}:${typeName(v)}`);
            }
            return fail(repl, app.info, doc, `predicate did not return boolean: ${showValCompact(p)}`);
          }));
      },
    },
    'begin-tx': {
      fn: (ctx, args, app, self) => {
        const [name] = args;
        if (args.length > 1 || (args.length === 1 && typeof name !== 'string')) throw badArgs(self, args, app.info);
        if (ctx.db.inTx()) ctx.db.rollback();
        resetTxState(ctx);
        const txName = typeof name === 'string' ? name : null;
        ctx.db.begin();
        repl.tx = { id: repl.txId, name: txName };
        return txMessage('Begin Tx', repl.txId, txName);
      },
    },
    'commit-tx': {
      fn: (ctx, args, app, self) => {
        if (args.length !== 0) throw badArgs(self, args, app.info);
        if (!ctx.db.inTx() || repl.tx === null) throw new PactError('DbError', app.info, 'doCommit: Not in transaction');
        const { id, name } = repl.tx;
        const log = ctx.db.commit(id);
        for (let i = 0; i < log.length; i++) {
          const entry = log[i]!;
          if (entry.table === 'SYS_modules') (entry.value as ModuleData).committed = true;
        }
        repl.txId = id + 1;
        repl.tx = null;
        resetTxState(ctx);
        ctx.gas.used = 0n;
        return txMessage('Commit Tx', id, name);
      },
    },
    'rollback-tx': {
      fn: (ctx, args, app, self) => {
        if (args.length !== 0) throw badArgs(self, args, app.info);
        const tx = repl.tx;
        if (ctx.db.inTx()) ctx.db.rollback();
        repl.tx = null;
        resetTxState(ctx);
        ctx.gas.used = 0n;
        return tx === null ? 'Rollback Tx' : txMessage('Rollback Tx', tx.id, tx.name);
      },
    },
    load: {
      fn: (_ctx, args, app, self) => {
        const [path, reset] = args;
        if (typeof path !== 'string' || args.length > 2 || (args.length === 2 && typeof reset !== 'boolean')) {
          throw badArgs(self, args, app.info);
        }
        repl.deferLoad(path, reset === true, app.info);
        return `Loading ${path}...`;
      },
    },
    print: {
      fn: (_ctx, args, app, self) => {
        if (args.length !== 1) throw badArgs(self, args, app.info);
        repl.deferPrint(args[0]!);
        return '';
      },
    },
  }, true);
}

function txMessage(what: string, id: number, name: string | null): string {
  return name === null ? `${what} ${id}` : `${what} ${id}: ${name}`;
}

/// A REPL transaction boundary forgets everything but the `env-*` environment.
function resetTxState(ctx: Ctx): void {
  ctx.gas.disableLog();
  ctx.loadedModules.clear();
  ctx.namespace = null;
  ctx.scope.clear();
  ctx.caps = emptyCapState();
  ctx.events = [];
  ctx.pactExec = null;
}

/// The test name, prefixed by the user functions that enclose the call (`outer.inner.doc`).
function testDoc(ctx: Ctx, node: Node, env: Env): string {
  const doc = node.ev(ctx, env);
  if (typeof doc !== 'string') throw evalError(node.info, 'Expected string');
  let name = doc;
  for (let i = ctx.stack.depth - 1; i >= 0; i--) {
    const f = ctx.stack.at(i);
    if (f.module !== null) name = `${f.name}.${name}`;
  }
  return name;
}

function pass(repl: Repl, info: Info, doc: string, what: string): string {
  repl.recordTest({ name: doc, info, failure: null });
  return `${what}: success: ${doc}`;
}

function fail(repl: Repl, info: Info, doc: string, detail: string): string {
  const message = `FAILURE: ${doc}: ${detail}`;
  repl.recordTest({ name: doc, info, failure: message });
  return message;
}

/// Evaluates a test side; a Pact error becomes a recorded failure instead of propagating.
function testCatch(repl: Repl, ctx: Ctx, app: Node, doc: string, run: () => Val, what: string, then: (v: Val) => Val): Val {
  const saved = ctx.snapshot();
  let v: Val;
  try {
    v = run();
  } catch (e) {
    if (!(e instanceof PactError)) throw e;
    ctx.restore(saved);
    const where = e.info === null ? '' : `${renderInfo(e.info, '')}: `;
    return fail(repl, app.info, doc, `${what}:${where}${e.messageFor(ctx.onChainErrors())}`);
  }
  return then(v);
}

/// What `expect-failure` matches: the error as Haskell shows it.
function showError(e: unknown, ctx: Ctx): string {
  if (e instanceof PactError) return showPactError(e, ctx.onChainErrors());
  return e instanceof Error ? e.message : String(e);
}
