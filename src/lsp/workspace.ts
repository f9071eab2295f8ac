/// The files the server knows — the editor's open files and the `.pact`/`.repl` files under the
/// workspace folders — and their analyses, made when first needed and kept until a file they
/// used changes. Modules are found across files by name: each file's text is scanned for the
/// modules and interfaces it declares (and the namespace they go to), and a file naming a module
/// gets the analysis of the file that declares it.
import { readdirSync } from 'node:fs';
import { join, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import type { ModuleData } from '../lang/runtime.ts';
import type { Native } from '../natives/registry.ts';
import { nativeTable } from '../natives/index.ts';
import { Repl } from '../repl/repl.ts';
import { analyzeFile } from './analysis.ts';
import type { AnalysisHost, FileAnalysis } from './analysis.ts';
import { SourceFile } from './source.ts';

/// At most this many files are taken from the workspace folders.
const MAX_FILES = 5000;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage']);

export class Workspace implements AnalysisHost {
  readonly roots: readonly string[];
  readonly natives: Map<string, Native> = nativeTable();
  readonly replNatives: Map<string, Native>;
  readonly #files = new Map<string, SourceFile>();
  readonly #analyses = new Map<string, FileAnalysis>();
  /// Files being analysed (a module asked for while its own file is being read is not there yet).
  readonly #running = new Set<string>();
  /// Module full name → the files declaring it; file → the names it declares.
  readonly #declarers = new Map<string, Set<string>>();
  readonly #declared = new Map<string, readonly string[]>();

  constructor(roots: readonly string[]) {
    this.roots = roots;
    // The REPL's natives, for their names and signatures: an analysis never runs them.
    this.replNatives = new Repl('script', { stdout: () => {}, stderr: () => {} }).ctx.replNatives;
    for (const root of roots) this.#scan(root);
  }

  /// Every file known, open or in the workspace folders.
  get files(): Iterable<SourceFile> {
    return this.#files.values();
  }

  /// A file by path: known, or read from disk (null when it cannot be read).
  file(path: string): SourceFile | null {
    const known = this.#files.get(path);
    if (known !== undefined) return known;
    const read = SourceFile.read(path, pathToFileURL(path).href);
    if (read !== null) this.#add(read);
    return read;
  }

  /// Is the file one whose diagnostics the editor should see (open, or in a workspace folder)?
  shown(file: SourceFile): boolean {
    return file.open || this.roots.some((r) => {
      const rel = relative(r, file.path);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
    });
  }

  /// The editor opened a file; returns the paths whose analyses it invalidated.
  open(path: string, uri: string, text: string, version: number): Set<string> {
    let f = this.#files.get(path);
    if (f === undefined) {
      f = new SourceFile(path, uri, text, version);
      this.#add(f);
    } else f.replace(text, version);
    f.open = true;
    // The editor's text of a file that is not valid UTF-8 on disk has replacement characters.
    if (text.includes('\uFFFD')) f.encoding = SourceFile.read(path, uri)?.encoding ?? null;
    else f.encoding = null;
    return this.changed(f);
  }

  edit(path: string, changes: readonly TextDocumentContentChangeEvent[], version: number): Set<string> {
    const f = this.#files.get(path);
    if (f === undefined) return new Set();
    f.edit(changes, version);
    return this.changed(f);
  }

  /// The editor closed a file: it is what is on disk again.
  close(path: string): Set<string> {
    const f = this.#files.get(path);
    if (f === undefined) return new Set();
    f.open = false;
    return this.reread(path);
  }

  /// A file changed on disk (created, changed or deleted) while the editor does not hold it.
  reread(path: string): Set<string> {
    const f = this.#files.get(path);
    if (f?.open) return new Set();
    const disk = SourceFile.read(path, f?.uri ?? pathToFileURL(path).href);
    if (disk === null) {
      this.#forget(path);
      return this.#invalidate(path, new Set());
    }
    if (f === undefined) {
      this.#add(disk);
      return this.changed(disk);
    }
    f.replace(disk.text, 0);
    f.encoding = disk.encoding;
    return this.changed(f);
  }

  /// A file's text changed: its analysis and those that used it are dropped.
  changed(f: SourceFile): Set<string> {
    const before = this.#declared.get(f.path) ?? [];
    this.#declare(f);
    const names = new Set([...before, ...this.#declared.get(f.path)!]);
    const out = this.#invalidate(f.path, new Set());
    for (const [path, a] of this.#analyses) {
      if ([...a.missing].some((n) => names.has(n))) this.#invalidate(path, out);
    }
    return out;
  }

  /// The file's analysis, up to date with its text (null when the file cannot be read).
  analysis(path: string, requester?: string): FileAnalysis | null {
    const cached = this.#analyses.get(path);
    if (cached !== undefined) return cached;
    if (this.#running.has(path) || path === requester) return null;
    const f = this.file(path);
    if (f === null) return null;
    this.#running.add(path);
    try {
      const a = analyzeFile(f, this);
      this.#analyses.set(path, a);
      return a;
    } finally {
      this.#running.delete(path);
    }
  }

  /// Is the file's analysis made and current?
  analysed(path: string): boolean {
    return this.#analyses.has(path);
  }

  /// A module declared by another file than `requester` (`.pact` files first, then by path).
  module(name: string, requester: string): { data: ModuleData; path: string } | undefined {
    const declarers = [...(this.#declarers.get(name) ?? [])].filter((p) => p !== requester).sort(byPreference);
    for (const path of declarers) {
      const data = this.analysis(path, requester)?.modules.get(name);
      if (data !== undefined) return { data, path };
    }
    return undefined;
  }

  /// Where a module is declared, for names that point at a module with no analysis at hand.
  declarers(name: string): readonly string[] {
    return [...(this.#declarers.get(name) ?? [])];
  }

  /// The full names of every module and interface some file declares.
  moduleNames(): string[] {
    return [...this.#declarers].filter(([, files]) => files.size > 0).map(([name]) => name);
  }

  #add(f: SourceFile): void {
    this.#files.set(f.path, f);
    this.#declare(f);
  }

  #forget(path: string): void {
    this.#files.delete(path);
    for (const name of this.#declared.get(path) ?? []) this.#declarers.get(name)?.delete(path);
    this.#declared.delete(path);
  }

  #declare(f: SourceFile): void {
    for (const name of this.#declared.get(f.path) ?? []) this.#declarers.get(name)?.delete(f.path);
    const names = f.tooLarge ? [] : declaredModules(f.text);
    this.#declared.set(f.path, names);
    for (const name of names) {
      let set = this.#declarers.get(name);
      if (set === undefined) this.#declarers.set(name, set = new Set());
      set.add(f.path);
    }
  }

  /// Drops the analysis of `path` and of every analysis that used it, transitively.
  #invalidate(path: string, out: Set<string>): Set<string> {
    if (out.has(path)) return out;
    out.add(path);
    this.#analyses.delete(path);
    for (const [p, a] of [...this.#analyses]) if (a.deps.has(path)) this.#invalidate(p, out);
    return out;
  }

  #scan(dir: string): void {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (this.#files.size >= MAX_FILES) return;
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.') && !SKIPPED_DIRS.has(e.name)) this.#scan(p);
      } else if (e.isFile() && (e.name.endsWith('.pact') || e.name.endsWith('.repl'))) {
        this.file(p);
      }
    }
  }
}

function byPreference(a: string, b: string): number {
  const pa = a.endsWith('.pact') ? 0 : 1;
  const pb = b.endsWith('.pact') ? 0 : 1;
  return pa - pb || (a < b ? -1 : a > b ? 1 : 0);
}

/// The full names of the modules and interfaces a text declares, by a scan of its forms
/// `(namespace 'ns)`, `(module name ...)` and `(interface name ...)` (a namespace only known
/// when run leaves the names bare, as the analysis does).
export function declaredModules(text: string): string[] {
  const names: string[] = [];
  let ns: string | null = null;
  for (const m of text.matchAll(/\((namespace|module|interface)\s+(?:'([^\s()[\]{}";]+)|"([^"\\]*)"|([^\s()[\]{}";']+))?/g)) {
    if (m[1] === 'namespace') ns = m[2] ?? m[3] ?? null;
    else if (m[4] !== undefined) names.push(ns === null || ns === '' ? m[4] : `${ns}.${m[4]}`);
  }
  return names;
}
