/// One file analysed as the user types: read (Pact's parse errors), each top-level form compiled
/// (Pact's syntax errors), then taken in order as a load would take it, without running
/// anything: modules and interfaces built and linked exactly as an install builds them (unknown
/// names, recursion, interface mismatches, constants), `use`, `namespace` and `load` followed,
/// every other form linked (its unknown names). Modules of other files come from the workspace.
import type { SyntaxNode } from '@lezer/common';
import type { Exp, Info } from '../syntax/exp.ts';
import { ParseError, parse } from '../syntax/index.ts';
import { readTree } from '../syntax/reader.ts';
import { MemoryDb } from '../db/memory.ts';
import { Ctx } from '../lang/context.ts';
import { compileTopLevel } from '../lang/compile.ts';
import { PactError } from '../lang/errors.ts';
import { Linker } from '../lang/link.ts';
import { buildForAnalysis, loadIntoScope, resolveModuleName, useModule } from '../lang/module.ts';
import type { ModuleData, Val } from '../lang/runtime.ts';
import type { InterfaceTerm, ModuleTerm, Name, Term } from '../lang/term.ts';
import type { Native } from '../natives/registry.ts';
import { loadedPath } from '../repl/load-path.ts';
import { formProblems, moduleProblems } from './arity.ts';
import type { ArityProblem } from './arity.ts';
import { NameWalker } from './names.ts';
import type { FileNames, Resolver } from './names.ts';
import { ANALYSED_SIZE } from './source.ts';
import type { SourceFile } from './source.ts';

export type Severity = 'error' | 'warning' | 'information';

/// A diagnostic in offsets of the text it was made for.
export interface Finding {
  readonly from: number;
  readonly to: number;
  readonly message: string;
  readonly severity: Severity;
  /// Who found it, when not the analysis (`pact typecheck`).
  readonly source?: string;
}

/// A `(load "file")` of a script: where its path is written and the file it names.
export interface LoadLink {
  readonly from: number;
  readonly to: number;
  readonly path: string;
}

export interface FileAnalysis {
  readonly path: string;
  /// The version of the text analysed.
  readonly version: number;
  readonly findings: readonly Finding[];
  /// What its names denote (worked out when first asked for).
  readonly names: FileNames;
  readonly loads: readonly LoadLink[];
  /// The modules and interfaces it defines, by full name, in order.
  readonly modules: ReadonlyMap<string, ModuleData>;
  /// The top-level forms read (all of them unless a parse error cut the file short).
  readonly forms: readonly Exp[];
  /// False when a parse error left forms unread (their names unknown).
  readonly whole: boolean;
  /// The state at the end of the file: namespace, top-level scope; what the type checker needs.
  readonly ctx: Ctx;
  /// Files whose modules or text this analysis used.
  readonly deps: ReadonlySet<string>;
  /// Module names it looked for and found nowhere.
  readonly missing: ReadonlySet<string>;
}

/// What an analysis needs from the workspace.
export interface AnalysisHost {
  /// A module of another file, by full name; `requester` is the file asking.
  module(name: string, requester: string): { data: ModuleData; path: string } | undefined;
  /// The analysis of a file a script loads (null if it cannot be read).
  analysis(path: string, requester: string): FileAnalysis | null;
  readonly natives: Map<string, Native>;
  readonly replNatives: Map<string, Native>;
}

export function analyzeFile(file: SourceFile, host: AnalysisHost): FileAnalysis {
  return new Analysis(file, host).run();
}

class Analysis {
  readonly #file: SourceFile;
  readonly #host: AnalysisHost;
  readonly #findings: Finding[] = [];
  readonly #modules = new Map<string, ModuleData>();
  readonly #loads: LoadLink[] = [];
  readonly #deps = new Set<string>();
  readonly #missing = new Set<string>();
  readonly #ctx: Ctx;
  readonly #walker: NameWalker;
  readonly #pendingWalks: Array<() => void> = [];
  readonly #text: string;
  /// Errors at or after this offset are not reported (see `#prefixEnd`).
  #quietFrom = Infinity;
  /// False once a top-level `use` or `load` failed: the names it would have brought may resolve
  /// elsewhere after it, so calls are not checked against what they name (see arity.ts).
  #namesSure = true;

  constructor(file: SourceFile, host: AnalysisHost) {
    this.#file = file;
    this.#host = host;
    this.#text = file.text;
    this.#ctx = new Ctx(new MemoryDb(), host.natives, host.replNatives);
    // A `.pact` file's top level sees no REPL natives (as when a script loads it).
    this.#ctx.replNativesAtTop = file.isRepl;
    this.#ctx.pinnedModules = (name) => this.#module(name);
    this.#walker = new NameWalker(file.path, this.#text, file);
  }

  run(): FileAnalysis {
    const f = this.#file;
    let forms: Exp[] = [];
    let whole = true;
    if (f.encoding !== null) {
      const e = f.encoding;
      this.#finding(e.offset, e.offset + 1, `invalid UTF-8: byte ${e.byte} (0x${e.value.toString(16).toUpperCase().padStart(2, '0')}) is not part of a character; Pact reads files as UTF-8`);
    }
    if (f.tooLarge) {
      this.#findings.push({
        from: 0, to: 0, severity: 'warning',
        message: `this file has ${mb(this.#text.length)} of text, more than the ${mb(ANALYSED_SIZE)} analysed as you type: it is not checked here (run it with pact)`,
      });
    } else {
      ({ forms, whole } = this.#read());
      for (const exp of forms) this.#form(exp);
    }
    const walker = this.#walker;
    const pending = this.#pendingWalks;
    let sorted = false;
    return {
      path: f.path, version: f.version, findings: this.#findings, loads: this.#loads,
      modules: this.#modules, forms, whole, ctx: this.#ctx, deps: this.#deps, missing: this.#missing,
      get names() {
        if (!sorted) {
          for (const walk of pending.splice(0)) walk();
          walker.out.occurrences.sort((a, b) => a.from - b.from);
          sorted = true;
        }
        return walker.out;
      },
    };
  }

  /// The file's forms. After a parse error (reported) they are read again past what the parser
  /// recovered from, if that is possible, else up to the form with the error.
  #read(): { forms: Exp[]; whole: boolean } {
    const f = this.#file;
    try {
      return { forms: readTree(f.tokens, this.#text, f.path), whole: true };
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      const [from, to] = f.extents.span(this.#text, e.offset);
      this.#finding(from, Math.max(to, from + 1), e.message);
      this.#quietFrom = this.#prefixEnd(e.offset);
      return { forms: this.#readTolerantly(), whole: false };
    }
  }

  #readTolerantly(): Exp[] {
    const f = this.#file;
    try {
      return readTree(f.tokens, this.#text, f.path, true);
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      try {
        return parse(this.#text.slice(0, this.#quietFrom), f.path);
      } catch (e2) {
        if (!(e2 instanceof ParseError)) throw e2;
        return [];
      }
    }
  }

  // The end of the top-level forms that end before `offset`: past it, forms are read from what
  // the parser made of an error, and their own errors are not reported.
  #prefixEnd(offset: number): number {
    let end = 0;
    for (let n = this.#file.tree.topNode.firstChild; n !== null && n.to <= offset && !hasError(n); n = n.nextSibling) end = n.to;
    return end;
  }

  #form(exp: Exp): void {
    let term: Term;
    try {
      term = compileTopLevel(exp);
    } catch (e) {
      return this.#failed(e, exp.info);
    }
    switch (term.t) {
      case 'module': case 'interface': return this.#install(term, exp);
      case 'use':
        this.#walker.use(term, this.#resolver(null));
        if (this.#attempt(term.info, () => useModule(this.#ctx, term, null)) === null) this.#namesSure = false;
        return;
      default: {
        const linked = this.#attempt(term.info, () => new Linker(this.#ctx, null, term.info).linkBody([term], []));
        if (linked !== null) this.#arity(formProblems(linked.node));
        this.#walker.topLevel(term, this.#resolver(null));
        this.#effects(term);
      }
    }
  }

  /// A module or interface built as an install would; when it fails, its first error is
  /// reported and it is built again without what failed (a member, its governance, what it
  /// implements), so that the rest of it is still known to navigation and completion.
  #install(term: ModuleTerm | InterfaceTerm, exp: Exp): void {
    let t = term;
    let data: ModuleData | null = null;
    const dropped = new Set<string>();
    for (let tries = 0; data === null && tries <= term.defs.length + 2; tries++) {
      try {
        data = buildForAnalysis(this.#ctx, t);
      } catch (e) {
        if (!(e instanceof PactError)) throw e;
        if (!cascade(e, dropped)) this.#failed(e, t.info);
        const salvaged = salvage(t, e, dropped);
        if (salvaged === null) break;
        t = salvaged;
      }
    }
    const ns = this.#ctx.namespace;
    const name = ns === null ? term.name : `${ns}.${term.name}`;
    if (data !== null) {
      this.#modules.set(data.name, data);
      // Its calls are checked when it built whole: without what failed, its names may resolve
      // elsewhere than when it installs.
      if (t === term) this.#arity(moduleProblems(data));
    }
    // Walked when the names are first asked for (diagnostics as one types do not need them),
    // in the namespace it was built in.
    this.#pendingWalks.push(() => this.#walker.module(term, exp as Extract<Exp, { tag: 'list' }>, data, this.#resolver(data, ns), name));
  }

  /// What `namespace` and `load` change for the forms after them.
  #effects(term: Term): void {
    if (term.t !== 'app' || term.fn.t !== 'var' || term.fn.name.module !== null) return;
    const arg = term.args[0];
    const literal = arg?.t === 'lit' && typeof arg.value === 'string' ? arg.value : null;
    switch (term.fn.name.name) {
      case 'namespace':
        // A namespace only known when run (`(namespace (read-msg 'ns))`) leaves names unqualified.
        this.#ctx.namespace = literal === '' ? null : literal;
        return;
      case 'load':
        if (literal !== null && this.#file.isRepl) this.#load(literal, arg!.info);
    }
  }

  /// A script's `(load "file")`: the file's modules and top-level names become visible, and its
  /// namespace stays in effect, as after running it.
  #load(relative: string, info: Info): void {
    const path = loadedPath(this.#file.path, relative);
    const end = this.#text.indexOf('"', info.offset + 1) + 1;
    this.#loads.push({ from: info.offset, to: end > 0 ? end : info.offset + 1, path });
    const loaded = this.#host.analysis(path, this.#file.path);
    if (loaded === null) {
      this.#namesSure = false;
      return;
    }
    this.#deps.add(path);
    for (const [name, data] of loaded.modules) this.#modules.set(name, data);
    if (path.endsWith('.pact')) this.#ctx.scope.clear();
    for (const data of loaded.modules.values()) loadIntoScope(this.#ctx, data);
    for (const [k, v] of loaded.ctx.scope) this.#ctx.scope.set(k, v);
    this.#ctx.namespace = loaded.ctx.namespace;
  }

  /// A module by full name: one this file built (or loaded), else another file's.
  #module(name: string): ModuleData | undefined {
    const own = this.#modules.get(name);
    if (own !== undefined) return own;
    const found = this.#host.module(name, this.#file.path);
    if (found === undefined) {
      this.#missing.add(name);
      return undefined;
    }
    this.#deps.add(found.path);
    return found.data;
  }

  /// How names resolve: in a module's code as it was linked, else at the top level as it is now;
  /// module names in namespace `ns` (the current one unless given).
  #resolver(module: ModuleData | null, ns: string | null = this.#ctx.namespace): Resolver {
    const ctx = this.#ctx;
    return {
      global: (n: Name): Val | undefined => {
        if (module !== null) return module.resolved.get(n);
        try {
          return new Linker(ctx, null).resolveGlobal(n);
        } catch {
          return undefined;
        }
      },
      native: (name) => ctx.natives.has(name) || (ctx.replNativesAtTop && ctx.replNatives.has(name)),
      moduleName: (name, qualifier) => {
        const current = ctx.namespace;
        ctx.namespace = ns;
        try {
          return resolveModuleName(ctx, name, qualifier)?.name ?? null;
        } catch {
          return null;
        } finally {
          ctx.namespace = current;
        }
      },
      module: (name) => this.#module(name),
    };
  }

  /// Calls that cannot match what they call (see arity.ts), at the call, in code linked as it
  /// would run.
  #arity(problems: readonly ArityProblem[]): void {
    if (!this.#namesSure) return;
    for (const p of problems) {
      const [from, to] = this.#file.extents.span(this.#text, p.info.offset);
      this.#finding(from, to, p.message);
    }
  }

  /// Runs `f`, reporting its Pact error; its result, or null if it failed.
  #attempt<T>(info: Info, f: () => T): T | null {
    try {
      return f();
    } catch (e) {
      this.#failed(e, info);
      return null;
    }
  }

  /// A Pact error of a form: reported at its own location, or at the form's.
  #failed(e: unknown, form: Info): void {
    if (!(e instanceof PactError)) throw e;
    const at = e.info !== null && e.info.file === this.#file.path ? e.info.offset : form.offset;
    const [from, to] = this.#file.extents.span(this.#text, at);
    this.#finding(from, to, e.message);
  }

  #finding(from: number, to: number, message: string, severity: Severity = 'error'): void {
    if (from >= this.#quietFrom) return;
    if (this.#findings.some((x) => x.from === from && x.message === message)) return;
    this.#findings.push({ from, to, message, severity });
  }
}

/// Does the parser's tree have an error anywhere in this node?
function hasError(node: SyntaxNode): boolean {
  const c = node.cursor();
  do if (c.type.isError) return true;
  while (c.next() && c.to <= node.to);
  return false;
}

/// A module without what made building it fail: the member the error is in, else its
/// governance, else what it implements; null when nothing is left to take away.
function salvage<T extends ModuleTerm | InterfaceTerm>(t: T, e: PactError, dropped: Set<string>): T | null {
  const at = e.info?.offset ?? -1;
  const member = t.defs.find((d) => d.info.offset <= at && at < d.info.offset + d.info.length);
  if (member !== undefined) {
    if (member.t !== 'use') dropped.add(member.t === 'const' ? member.arg.name : member.name);
    return { ...t, defs: t.defs.filter((d) => d !== member) };
  }
  if (t.t === 'module' && 'cap' in t.governance) return { ...t, governance: { keyset: '' } };
  if (t.t === 'module' && t.implements.length > 0) return { ...t, implements: [] };
  return null;
}

/// An error that only follows from members taken away before (they are named, but gone).
function cascade(e: PactError, dropped: ReadonlySet<string>): boolean {
  const m = /^Cannot resolve "?([^"]*)"?$/.exec(e.message);
  return m !== null && dropped.has(m[1]!.split('.').pop()!);
}

function mb(chars: number): string {
  return `${(chars / (1 << 20)).toFixed(1)} MB`;
}
