/// A test runner for CI, beyond Pact: `pact A.repl B.repl DIR …` runs each script in a fresh
/// REPL, prints one line per script and `N passed, M failed`, and exits 1 if any failed;
/// `--junit FILE` also writes JUnit XML with one test case per `expect`, `expect-failure` and
/// `expect-that` (plus one for a script that fails outside a test), so CI systems show them.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderInfo } from '../lang/errors.ts';
import { defaultParseCache } from './parse-cache.ts';
import { Repl } from './repl.ts';
import type { Output, TestResult } from './repl.ts';

/// How one script went.
interface ScriptOutcome {
  readonly path: string;
  /// Loaded without an error and every test passed.
  readonly ok: boolean;
  readonly tests: readonly TestResult[];
  /// What the script printed on stderr (errors, failed tests), for a script that failed.
  readonly errors: string;
  /// An error outside any test (the first error line), if the script stopped on one.
  readonly stopped: string | null;
  readonly seconds: number;
}

class Captured implements Output {
  err = '';
  stdout(): void {}
  stderr(text: string): void { this.err += text; }
}

/// The `.repl` scripts named: files as given, directories searched (sorted, recursively).
export function scriptsOf(paths: readonly string[]): string[] {
  return paths.flatMap((p) => (isDirectory(p) ? replFilesUnder(p) : [p]));
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function replFilesUnder(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return replFilesUnder(p);
    return e.name.endsWith('.repl') ? [p] : [];
  });
}

/// Runs one script in a fresh REPL.
function runScript(path: string): ScriptOutcome {
  const io = new Captured();
  const repl = new Repl('script', io);
  repl.scriptPath = path;
  repl.parseCache = defaultParseCache();
  const t0 = performance.now();
  const loaded = repl.loadFile(path, null);
  const failed = repl.reportTestFailures();
  const seconds = (performance.now() - t0) / 1000;
  const stopped = loaded ? null : (io.err.split('\n').find((l) => l !== '') ?? 'Load failed');
  return { path, ok: loaded && !failed, tests: repl.tests, errors: io.err, stopped, seconds };
}

/// Runs every script and reports; the exit code.
export function runScripts(paths: readonly string[], junit: string | null, out: Output): number {
  const outcomes = scriptsOf(paths).map((p) => {
    const o = runScript(p);
    out.stdout(summaryLine(o));
    if (!o.ok) out.stdout(o.errors.split('\n').filter((l) => l !== '').map((l) => `    ${l}\n`).join(''));
    return o;
  });
  const failed = outcomes.filter((o) => !o.ok).length;
  out.stdout(`${outcomes.length - failed} passed, ${failed} failed\n`);
  if (junit !== null) writeFileSync(junit, junitXml(outcomes));
  return failed === 0 && outcomes.length > 0 ? 0 : 1;
}

function summaryLine(o: ScriptOutcome): string {
  const failedTests = o.tests.filter((t) => t.failure !== null).length;
  const tests = `${o.tests.length} test${o.tests.length === 1 ? '' : 's'}${failedTests > 0 ? `, ${failedTests} failed` : ''}`;
  return `${o.ok ? 'PASS' : 'FAIL'} ${o.path} (${tests}, ${o.seconds.toFixed(2)} s)\n`;
}

// ---------------------------------------------------------------------------------------------
// JUnit XML

function junitXml(outcomes: readonly ScriptOutcome[]): string {
  const count = (f: (o: ScriptOutcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
  const tests = count((o) => o.tests.length + (o.stopped === null ? 0 : 1));
  const failures = count((o) => o.tests.filter((t) => t.failure !== null).length);
  const errors = count((o) => (o.stopped === null ? 0 : 1));
  const time = count((o) => o.seconds).toFixed(3);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites tests="${tests}" failures="${failures}" errors="${errors}" time="${time}">\n` +
    outcomes.map(suiteXml).join('') + '</testsuites>\n';
}

function suiteXml(o: ScriptOutcome): string {
  const failures = o.tests.filter((t) => t.failure !== null).length;
  const cases = o.tests.map((t) => caseXml(o.path, t.name, t.info.line + 1,
    t.failure === null ? '' : `      <failure message="${xml(t.failure)}">${xml(`${renderInfo(t.info, o.path)}: ${t.failure}`)}</failure>\n`));
  if (o.stopped !== null) cases.push(caseXml(o.path, 'load', 1, `      <error message="${xml(o.stopped)}">${xml(o.errors)}</error>\n`));
  return `  <testsuite name="${xml(o.path)}" tests="${cases.length}" failures="${failures}" errors="${o.stopped === null ? 0 : 1}" ` +
    `time="${o.seconds.toFixed(3)}">\n${cases.join('')}  </testsuite>\n`;
}

function caseXml(file: string, name: string, line: number, body: string): string {
  const open = `    <testcase name="${xml(name)}" classname="${xml(file)}" file="${xml(file)}" line="${line}"`;
  return body === '' ? `${open}/>\n` : `${open}>\n${body}    </testcase>\n`;
}

/// Text as XML attribute or element content; characters XML 1.0 cannot hold are dropped.
function xml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
