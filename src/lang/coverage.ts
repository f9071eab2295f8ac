/// LCOV coverage (`pact -c`), counted as Pact's coverage advice does: one hit on the call-site
/// line of every native and user-function application and of every module or interface install;
/// a user-function application also hits the function (`FN`/`FNDA`) and its definition line. An
/// installed module registers each of its definitions with 0 hits, with its definition line and
/// the lines of the applications in its body.
import type { Info } from '../syntax/exp.ts';
import { legacyKeyOrder, legacyIntOrder } from '../values/json.ts';
import { Def } from './runtime.ts';
import type { ModuleData, Node } from './runtime.ts';

interface FileReport {
  /// Function name → definition line and hits.
  readonly functions: Map<string, { line: number; hits: number }>;
  /// Line → hits.
  readonly lines: Map<number, number>;
}

export class Coverage {
  /// File records in the order they were first touched.
  private readonly files = new Map<string, FileReport>();

  /// A native application, or a module or interface install, at `info`.
  hit(info: Info | null): void {
    this.addLine(info, 1);
  }

  /// A user function (defun, defcap, defpact) applied at `site`.
  userApplication(site: Info | null, def: Def): void {
    this.addLine(site, 1);
    this.addFunction(def, 1);
  }

  /// After a module install: its definitions, with 0 hits (interfaces register nothing).
  moduleInstalled(data: ModuleData): void {
    if (data.isInterface) return;
    for (const member of data.members.values()) {
      if (!(member instanceof Def)) continue;
      this.addFunction(member, 0);
      if (member.body !== null) this.addApplications(member.body);
      for (const step of member.steps) {
        for (const node of [step.entity, step.exec, step.rollback]) if (node !== null) this.addApplications(node);
      }
    }
  }

  /// The `lcov.info` text.
  report(): string {
    let out = '';
    for (const [file, r] of this.files) {
      const names = legacyKeyOrder([...r.functions.keys()]);
      const lines = legacyIntOrder([...r.lines.keys()]);
      out += `TN:\nSF:${file}\n`;
      for (const n of names) out += `FN:${r.functions.get(n)!.line},${n}\n`;
      for (const n of names) out += `FNDA:${r.functions.get(n)!.hits},${n}\n`;
      out += `FNF:${names.length}\nFNH:${names.filter((n) => r.functions.get(n)!.hits > 0).length}\n`;
      out += 'BRF:0\nBRH:0\n';
      for (const l of lines) out += `DA:${l},${r.lines.get(l)}\n`;
      out += `LF:${lines.length}\nLH:${lines.filter((l) => r.lines.get(l)! > 0).length}\nend_of_record\n`;
    }
    return out;
  }

  private addApplications(node: Node): void {
    if (node.kind === 'app') this.addLine(node.info, 0);
    for (const n of node.args ?? []) this.addApplications(n);
    for (const n of node.children ?? []) this.addApplications(n);
    for (const n of node.items ?? []) this.addApplications(n);
    for (const [, n] of node.fields ?? []) this.addApplications(n);
    if (node.binding !== undefined) this.addApplications(node.binding.body);
  }

  private addFunction(def: Def, hits: number): void {
    const [file, line] = position(def.info);
    const fns = this.file(file).functions;
    const name = def.qualifiedName;
    const f = fns.get(name);
    if (f === undefined) fns.set(name, { line, hits });
    else f.hits += hits;
    this.addLine(def.info, hits);
  }

  private addLine(info: Info | null, hits: number): void {
    const [file, line] = position(info);
    const lines = this.file(file).lines;
    lines.set(line, (lines.get(line) ?? 0) + hits);
  }

  private file(name: string): FileReport {
    let r = this.files.get(name);
    if (r === undefined) {
      r = { functions: new Map(), lines: new Map() };
      this.files.set(name, r);
    }
    return r;
  }
}

/// The file and 1-based line Pact attributes a position to (REPL input has no file).
function position(info: Info | null): [string, number] {
  return info === null ? ['<interactive>', 0] : [info.file, info.line + 1];
}
