/// `POST /verify`, as Pact 4's server answers it (`Remote/Server.hs`): the posted modules are
/// loaded into a fresh REPL (each as `(begin-tx)<code>(commit-tx)`, a module another one needs
/// moved ahead of it), then the named one is verified (../analyze/check.ts, with no dynamic
/// references, as Pact's server calls `verifyModule`), and the outcome is the list of rendered
/// outputs (empty when it verified).
import { Repl } from '../repl/repl.ts';
import type { Output } from '../repl/repl.ts';
import { encodeJson, JsonObject } from '../values/json.ts';
import { showString } from '../values/haskell-show.ts';
import { KeySet } from '../values/value.ts';
import { MemoryDb } from '../db/memory.ts';
import { KEYSETS_TABLE } from '../lang/guards.ts';
import { stableHashOrder, stableModuleNameHash } from '../typecheck/module.ts';
import { verifyModule } from '../analyze/check.ts';
import { InternalError } from '../analyze/translate.ts';

/// A module's name as Pact's JSON gives it.
export interface ModuleName {
  readonly name: string;
  readonly namespace: string | null;
}

/// What the client asked for: the modules (their names and code) and the module to verify.
export interface VerifyRequest {
  readonly modules: ReadonlyArray<{ readonly name: ModuleName; readonly code: string }>;
  readonly verify: ModuleName;
}

/// The answer: 200 with `{"output":[…]}`, 400 with a plain-text reason, or 500 when the analysis
/// stopped with an internal error (its text).
export type VerifyAnswer = { readonly status: 200; readonly json: string } | { readonly status: 400 | 500; readonly text: string };

class Captured implements Output {
  out = '';
  err = '';
  stdout(text: string): void { this.out += text; }
  stderr(text: string): void { this.err += text; }
  take(): { out: string; err: string } {
    const r = { out: this.out, err: this.err };
    this.out = this.err = '';
    return r;
  }
}

/// The server's REPL reads every keyset as one with no keys (Pact's server stubs keyset reads:
/// a module governed by a keyset loads without it being defined).
class StubbedKeysets extends MemoryDb {
  override read(table: string, key: string): unknown {
    return table === KEYSETS_TABLE ? new KeySet([], 'keys-all') : super.read(table, key);
  }
}

export function verifyModules(req: VerifyRequest): VerifyAnswer {
  const io = new Captured();
  const repl = new Repl('piped', io, false, () => new StubbedKeysets());
  const failure = loadAll(repl, io, req.modules);
  if (failure !== null) return { status: 400, text: failure };
  const loaded = stableHashOrder(repl.ctx.db.keys('SYS_modules'), stableModuleNameHash);
  const mod = repl.ctx.lookupModule(qualified(req.verify));
  if (mod === undefined) {
    return { status: 400, text: `${showModuleName(req.verify)} not found in list of provided modules: [${loaded.map((n) => showModuleName(moduleNameOf(n))).join(',')}]` };
  }
  let rendered;
  try {
    rendered = verifyModule(repl.ctx, mod, new Map());
  } catch (e) {
    if (e instanceof InternalError) return { status: 500, text: e.message };
    throw e;
  }
  const output = rendered.map((r) => new JsonObject([['text', r.text], ['type', r.type], ['info', r.info]]));
  return { status: 200, json: encodeJson(new JsonObject([['output', output]])) };
}

/// Loads the modules in order as Pact's server does: when one fails for want of a module
/// (`Module m not found`) that is still to load, that one is moved to the front of those left
/// and the loading goes on from there; more moves than modules left without one loading is a
/// cycle. The reason the modules could not be loaded, or null.
function loadAll(repl: Repl, io: Captured, modules: VerifyRequest['modules']): string | null {
  let pending = [...modules];
  let promotions = 0;
  let loadedBefore = 0;
  for (;;) {
    const failure = loadEach(repl, io, pending);
    if (failure === null) return null;
    const loadedNow = repl.ctx.db.keys('SYS_modules').length;
    if (promotions >= pending.length) return 'detected cycle in modules';
    const needed = /^<interactive>:\d+:\d+:Error: Module (\S+) not found$/.exec(failure)?.[1];
    if (needed === undefined) return failure;
    const left = pending.slice(loadedNow - loadedBefore);
    const at = left.findIndex((m) => qualified(m.name) === needed);
    if (at < 0) return failure;
    pending = [left[at]!, ...left.slice(0, at), ...left.slice(at + 1)];
    promotions = loadedNow > loadedBefore ? 0 : promotions + 1;
    loadedBefore = loadedNow;
  }
}

/// Loads each module in its own transaction until one fails: its error, or null.
function loadEach(repl: Repl, io: Captured, modules: VerifyRequest['modules']): string | null {
  for (const m of modules) {
    const ok = repl.runSource(`(begin-tx)${m.code}(commit-tx)`, '<interactive>');
    const { err } = io.take();
    if (!ok) return err.trimEnd();
  }
  return null;
}

function qualified(m: ModuleName): string {
  return m.namespace === null ? m.name : `${m.namespace}.${m.name}`;
}

function moduleNameOf(qualifiedName: string): ModuleName {
  const dot = qualifiedName.lastIndexOf('.');
  return dot < 0 ? { name: qualifiedName, namespace: null } : { name: qualifiedName.slice(dot + 1), namespace: qualifiedName.slice(0, dot) };
}

/// Haskell's `show` of a `ModuleName`.
function showModuleName(m: ModuleName): string {
  const ns = m.namespace === null ? 'Nothing' : `Just (NamespaceName {_namespaceName = ${showString(m.namespace)}})`;
  return `ModuleName {_mnName = ${showString(m.name)}, _mnNamespace = ${ns}}`;
}
