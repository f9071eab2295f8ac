/// `POST /verify`, as Pact 4's server answers it: the posted modules are loaded into a fresh REPL
/// (each as `(begin-tx)<code>(commit-tx)`, a module another one needs moved ahead of it), then
/// the named one is verified (../analyze/check.ts, with no dynamic references, as Pact's server
/// calls `verifyModule`), and the outcome is the list of rendered outputs (empty when it verified).
import { Repl } from '../repl/repl.ts';
import type { Output } from '../repl/repl.ts';
import { encodeJson, encodeString, JsonObject } from '../values/json.ts';
import { verifyModule } from '../analyze/check.ts';

/// What the client asked for: the modules' code and the module to verify.
export interface VerifyRequest {
  readonly modules: readonly string[];
  readonly verify: string;
}

/// The answer: 200 with `{"output":[…]}`, or 400 with a plain-text reason.
export type VerifyAnswer = { readonly status: 200; readonly json: string } | { readonly status: 400; readonly text: string };

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

export function verifyModules(req: VerifyRequest): VerifyAnswer {
  const io = new Captured();
  const repl = new Repl('piped', io);
  const failure = loadAll(repl, io, req.modules);
  if (failure !== null) return { status: 400, text: failure };
  const loaded = repl.ctx.db.keys('SYS_modules');
  if (!loaded.includes(req.verify)) {
    return { status: 400, text: `${encodeString(req.verify)} not found in list of provided modules: [${loaded.map(encodeString).join(',')}]` };
  }
  const mod = repl.ctx.lookupModule(req.verify)!;
  const output = verifyModule(repl.ctx, mod, new Map()).map((r) => new JsonObject([['text', r.text], ['type', r.type], ['info', r.info]]));
  return { status: 200, json: encodeJson(new JsonObject([['output', output]])) };
}

/// Loads every module, moving one that another needs (`Module m not found`) ahead of it, until
/// all are loaded; the reason it could not, or null.
function loadAll(repl: Repl, io: Captured, modules: readonly string[]): string | null {
  const pending = [...modules];
  let promotions = 0;
  while (pending.length > 0) {
    const ok = repl.runSource(`(begin-tx)${pending[0]}(commit-tx)`, '<interactive>');
    const { err } = io.take();
    if (ok) {
      pending.shift();
      promotions = 0;
      continue;
    }
    if (promotions >= pending.length) return 'detected cycle in modules';
    const needed = /Module (\S+) not found/.exec(err)?.[1];
    const at = needed === undefined ? -1 : pending.findIndex((code, i) => i > 0 && moduleName(code) === needed);
    if (at < 0) return err.trimEnd();
    pending.unshift(...pending.splice(at, 1));
    promotions++;
  }
  return null;
}

/// The name a module's code declares (`(module NAME ...` or `(interface NAME ...`).
function moduleName(code: string): string | undefined {
  return /^\s*\(\s*(?:module|interface)\s+([^\s()]+)/.exec(code)?.[1];
}
