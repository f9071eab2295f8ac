/// A `.repl` script run as `pact -t` would run it, in a child process of this executable with a
/// time limit, so a script that loops forever cannot hang the editor: what it reports (errors,
/// failed tests, the type checker's output) becomes diagnostics of the files they point at.
import type { ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { EVALUATOR_ENV, selfCommand } from '../repl/evaluator-process.ts';
import type { Severity } from './analysis.ts';

/// A report of the run, where Pact placed it: 0-based line and Pact's column (code points, TABs
/// to multiples of 8).
export interface Reported {
  readonly path: string;
  readonly line: number;
  readonly col: number;
  readonly message: string;
  readonly severity: Severity;
}

export interface ScriptOutcome {
  readonly reports: readonly Reported[];
  /// The last top-level form of the script itself that finished (0-based line and column), if any.
  readonly lastDone: { readonly line: number; readonly col: number } | null;
  /// How the run ended: finished, stopped at the time limit, or died (with its last words).
  readonly end: 'finished' | 'timeout' | { readonly died: string };
}

// `file:LINE:COL:Kind: message`, LINE 1-based and COL 0-based (runtime errors, failed tests,
// traces, checker output) or `file:LINE:COL: error: message`, both 1-based (parse and compile).
const RUNTIME = /^(.+?):(\d+):(\d+):(Error|ExecError|Trace|OutputFailure|OutputWarning): (.*)$/;
const STATIC = /^(.+?):(\d+):(\d+): error: (.*)$/;
const NO_LOCATION = /^\[No location\]: (.*)$/;

/// A run in progress; `cancel` stops it (its outcome is then never delivered).
export class ScriptRun {
  readonly done: Promise<ScriptOutcome | null>;
  #child: ChildProcess | null = null;
  #cancelled = false;

  constructor(path: string, timeoutMs: number) {
    this.done = new Promise((resolve) => this.#start(path, timeoutMs, resolve));
  }

  cancel(): void {
    this.#cancelled = true;
    this.#child?.kill('SIGKILL');
  }

  #start(path: string, timeoutMs: number, resolve: (o: ScriptOutcome | null) => void): void {
    const [program, ...args] = selfCommand();
    const { spawn } = process.getBuiltinModule('node:child_process');
    const env = { ...process.env };
    delete env[EVALUATOR_ENV];
    const child = spawn(program!, [...args, '-t', path], { cwd: dirname(path), env, stdio: ['ignore', 'ignore', 'pipe'] });
    this.#child = child;
    const reports: Reported[] = [];
    let lastDone: ScriptOutcome['lastDone'] = null;
    let lastLine = '';
    let pending: { r: Reported; open: boolean } | null = null;
    const flush = () => {
      if (pending !== null) reports.push(pending.r);
      pending = null;
    };
    createInterface({ input: child.stderr! }).on('line', (line) => {
      lastLine = line;
      // A static error's message goes on in lines indented by four spaces.
      if (pending?.open && line.startsWith('    ')) {
        pending.r = { ...pending.r, message: `${pending.r.message} ${line.trim()}` };
        return;
      }
      flush();
      const rt = RUNTIME.exec(line);
      if (rt !== null) {
        const at = { path: rt[1]!, line: Number(rt[2]) - 1, col: Number(rt[3]) };
        if (rt[4] === 'Trace') {
          if (at.path === path) lastDone = { line: at.line, col: at.col };
          return;
        }
        pending = { r: { ...at, message: rt[5]!, severity: rt[4]!.startsWith('Output') ? 'warning' : 'error' }, open: false };
        return;
      }
      const st = STATIC.exec(line);
      if (st !== null) {
        pending = { r: { path: st[1]!, line: Number(st[2]) - 1, col: Number(st[3]) - 1, message: st[4]!, severity: 'error' }, open: true };
        return;
      }
      const nl = NO_LOCATION.exec(line);
      if (nl !== null) pending = { r: { path, line: 0, col: 0, message: nl[1]!, severity: 'error' }, open: false };
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      flush();
      if (this.#cancelled) return resolve(null);
      const end: ScriptOutcome['end'] = timedOut ? 'timeout' : code === 0 || code === 1 ? 'finished' : { died: signal ?? `exit code ${code}: ${lastLine}` };
      resolve({ reports, lastDone, end });
    });
    child.once('error', (e) => {
      clearTimeout(timer);
      resolve(this.#cancelled ? null : { reports, lastDone, end: { died: e.message } });
    });
  }
}
