/// Diagnostics: what each file's analysis finds as the user types (the edited files after a short
/// quiet time; the files that use them once typing pauses, one at a time between other
/// messages), plus what is found on save: the type checker's failures of the file's modules, and
/// for a script what running it reports (in the files it points at).
import type { Connection, Diagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { CheckerError } from '../typecheck/state.ts';
import { typecheckModule } from '../typecheck/module.ts';
import type { FileAnalysis, Finding, Severity } from './analysis.ts';
import { pactColumnOffset } from './ranges.ts';
import { ScriptRun } from './script-run.ts';
import type { ScriptOutcome } from './script-run.ts';
import type { SourceFile } from './source.ts';
import type { Workspace } from './workspace.ts';

export interface DiagnosticsOptions {
  /// Quiet time after an edit before its diagnostics are made, in ms.
  readonly delay: number;
  /// How long a script may run on save, in ms.
  readonly scriptTimeout: number;
}

/// How long typing must pause before the files using an edited one are analysed again (their
/// diagnostics change only when the edit changes what they use; while one types, the edited
/// file's own come first).
const DEPENDENTS_DELAY = 300;

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, information: DiagnosticSeverity.Information,
};

export class Diagnostics {
  readonly #ws: Workspace;
  readonly #conn: Connection;
  readonly #options: DiagnosticsOptions;
  /// Files whose diagnostics are out of date: those edited (first), then those that use them.
  readonly #edited = new Set<string>();
  readonly #dependents = new Set<string>();
  #timer: NodeJS.Timeout | null = null;
  #background: NodeJS.Timeout | NodeJS.Immediate | null = null;
  /// Found on save: the checker's findings by file; a script run's reports by script, then file.
  readonly #checked = new Map<string, readonly Finding[]>();
  readonly #scripts = new Map<string, Map<string, Finding[]>>();
  readonly #runs = new Map<string, ScriptRun>();
  /// Called once a script run's diagnostics are published (tests and benchmarks wait on it).
  onScriptDone: (path: string) => void = () => {};

  constructor(ws: Workspace, conn: Connection, options: DiagnosticsOptions) {
    this.#ws = ws;
    this.#conn = conn;
    this.#options = options;
  }

  /// Files changed: `edited` by the user, the others invalidated by it.
  changed(edited: readonly string[], invalidated: Iterable<string>): void {
    for (const p of edited) {
      this.#edited.add(p);
      this.#checked.delete(p);
      for (const reports of this.#scripts.values()) reports.delete(p);
    }
    for (const p of invalidated) if (!this.#edited.has(p)) this.#dependents.add(p);
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#stopBackground();
    this.#timer = setTimeout(() => this.#flush(), this.#options.delay);
  }

  /// Publishes every shown file's diagnostics, a file at a time (at startup).
  all(): void {
    for (const f of this.#ws.files) if (this.#ws.shown(f)) this.#dependents.add(f.path);
    this.#continue();
  }

  /// On save: the checker over the file's modules; a script is run (and so is every open script
  /// that loads the file).
  saved(path: string): void {
    const a = this.#ws.analysis(path);
    if (a === null) return;
    try {
      this.#checked.set(path, typecheckFindings(a, this.#ws.file(path)!));
    } catch (e) {
      this.#conn.console.error(`pact --lsp: type checking ${path}: ${e instanceof Error ? e.stack : String(e)}`);
    }
    this.publish(path);
    for (const f of this.#ws.files) {
      if (f.isRepl && (f.path === path || f.open && this.#ws.analysis(f.path)?.deps.has(path))) this.#run(f.path);
    }
  }

  /// Sends the file's diagnostics (analysing it first if needed).
  publish(path: string): void {
    const f = this.#ws.file(path);
    if (f === null || !this.#ws.shown(f)) return;
    let diagnostics: Diagnostic[];
    try {
      const a = this.#ws.analysis(path);
      if (a === null) return;
      const findings = [...a.findings, ...(this.#checked.get(path) ?? [])];
      for (const reports of this.#scripts.values()) findings.push(...(reports.get(path) ?? []));
      diagnostics = findings.map((x) => diagnostic(f, x));
    } catch (e) {
      // A bug of ours: said where it is seen, and the server goes on.
      this.#conn.console.error(`pact --lsp: analysing ${path}: ${e instanceof Error ? e.stack : String(e)}`);
      diagnostics = [diagnostic(f, { from: 0, to: 0, severity: 'error', message: `pact-ts could not analyse this file (an internal error, please report it): ${e instanceof Error ? e.message : String(e)}` })];
    }
    void this.#conn.sendDiagnostics({ uri: f.uri, version: f.open ? f.version : undefined, diagnostics });
  }

  close(): void {
    this.#stopBackground();
    for (const r of this.#runs.values()) r.cancel();
  }

  #flush(): void {
    this.#timer = null;
    for (const p of this.#edited) this.publish(p);
    this.#edited.clear();
    this.#background = setTimeout(() => this.#continue(), DEPENDENTS_DELAY);
  }

  #stopBackground(): void {
    if (this.#background !== null) {
      clearTimeout(this.#background as NodeJS.Timeout);
      clearImmediate(this.#background as NodeJS.Immediate);
    }
    this.#background = null;
  }

  // The files that use what changed, one per turn of the event loop, so requests are answered
  // in between.
  #continue(): void {
    const next = this.#dependents.values().next();
    if (next.done) return;
    this.#background = setImmediate(() => {
      this.#background = null;
      this.#dependents.delete(next.value);
      this.publish(next.value);
      this.#continue();
    });
  }

  #run(script: string): void {
    this.#runs.get(script)?.cancel();
    const run = new ScriptRun(script, this.#options.scriptTimeout);
    this.#runs.set(script, run);
    void run.done.then((outcome) => {
      if (outcome === null) return;
      this.#runs.delete(script);
      const before = this.#scripts.get(script);
      const reports = this.#reports(script, outcome);
      this.#scripts.set(script, reports);
      for (const p of new Set([...(before?.keys() ?? []), ...reports.keys(), script])) this.publish(p);
      this.onScriptDone(script);
    });
  }

  /// A run's reports as findings by file, positioned in the files' current texts.
  #reports(script: string, o: ScriptOutcome): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>();
    const add = (path: string, x: Finding) => {
      let list = out.get(path);
      if (list === undefined) out.set(path, list = []);
      list.push(x);
    };
    for (const r of o.reports) {
      const f = this.#ws.file(r.path);
      if (f === null) continue;
      const at = pactColumnOffset(f.text, f.lineStart(r.line), r.col);
      const [from, to] = f.extents.span(f.text, at);
      add(r.path, { from, to, message: r.message, severity: r.severity });
    }
    if (o.end === 'finished') return out;
    const f = this.#ws.file(script);
    const a = this.#ws.analysis(script);
    if (f === null || a === null) return out;
    const done = o.lastDone === null ? -1 : pactColumnOffset(f.text, f.lineStart(o.lastDone.line), o.lastDone.col);
    const running = a.forms.find((e) => e.info.offset > done) ?? a.forms[0];
    const at = running?.info.offset ?? 0;
    const [from, to] = f.extents.span(f.text, at);
    const seconds = this.#options.scriptTimeout / 1000;
    const message = o.end === 'timeout'
      ? `pact: the script was still running after ${seconds} s and was stopped here (a loop that never ends?)`
      : `pact: the script stopped abnormally here (${o.end.died})`;
    add(script, { from, to, message, severity: 'error' });
    return out;
  }
}

/// The type checker's failures for the modules a file defines (as `(typecheck 'm)` reports
/// them), as warnings: the code still runs.
function typecheckFindings(a: FileAnalysis, file: SourceFile): Finding[] {
  const out: Finding[] = [];
  const add = (at: number, message: string) => {
    const [from, to] = file.extents.span(file.text, at);
    out.push({ from, to, message, severity: 'warning', source: 'pact typecheck' });
  };
  for (const m of a.names.modules) {
    if (m.data === null || m.data.isInterface) continue;
    try {
      for (const f of typecheckModule(a.ctx, m.data, null, new Map()).failures) {
        const info = f.id.info;
        add(info !== null && info.file === a.path ? info.offset : m.from, f.message);
      }
    } catch (e) {
      if (!(e instanceof CheckerError)) throw e;
      add(m.from, `Typechecker Internal Error: ${e.message}`);
    }
  }
  return out;
}

function diagnostic(f: SourceFile, x: Finding): Diagnostic {
  return { range: f.range(x.from, x.to), severity: SEVERITY[x.severity], message: x.message, source: x.source ?? 'pact' };
}
