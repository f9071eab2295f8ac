// Runs the `pact>` examples of Pact's function reference (docs/en/pact-functions.md) through a
// pact binary, each in a fresh process with the expression piped in, and compares stdout with
// the documented result. Prints mismatches and `N passed, M failed`.
// Usage: node scripts/doc-examples.ts PACT_BIN PATH/TO/pact-functions.md [--verbose]
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const [bin, docPath] = process.argv.slice(2);
const verbose = process.argv.includes('--verbose');
const lines = readFileSync(docPath!, 'utf8').split('\n');
const examples: Array<{ input: string; expected: string }> = [];
for (let i = 0; i < lines.length; i++) {
  if (!lines[i]!.startsWith('pact> ')) continue;
  const out: string[] = [];
  let j = i + 1;
  // Results end at the next prompt, the end of the block, or a code-only example line.
  while (j < lines.length && !/^(pact> |```|\()/.test(lines[j]!)) out.push(lines[j++]!);
  examples.push({ input: lines[i]!.slice(6), expected: out.join('\n') });
}
let pass = 0;
let fail = 0;
let wrapped = 0;
/// The REPL lays results out at 80 columns (as Pact's `show` of a document does); the reference
/// shows them on one line. Undo the line breaks: objects break before a comma, lists at a space,
/// and a broken `[a, b]` list (in guards) opens with `[ ` and closes with ` ]`.
const oneLine = (s: string) => s.replace(/\n,/g, ',').replace(/\n/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']');
for (const ex of examples) {
  const r = spawnSync(bin!, [], { input: ex.input + '\n', encoding: 'utf8' });
  // The REPL prints each form's result; the docs show the last one, or the error's first line.
  const outLines = (r.stdout.trimEnd() + '\n' + r.stderr.trimEnd()).trim();
  const isError = /^<interactive>:\d+:\d+:Error: /.test(ex.expected);
  const got = isError ? r.stderr.split('\n')[0]! : r.stdout.trimEnd();
  // `pact-version` answers with this build's language level, 4.13.2, where the docs say 4.13.
  const versionOk = ex.input === '(pact-version)' && got === '"4.13.2"';
  const ok = versionOk || got === ex.expected || got.split('\n').slice(-ex.expected.split('\n').length).join('\n') === ex.expected;
  // With several forms on the line, the earlier results come first.
  const okWrapped = !ok && !isError && (oneLine(got) === ex.expected || oneLine(got).endsWith(' ' + ex.expected));
  if (okWrapped) wrapped++;
  if (ok || okWrapped) pass++;
  else {
    fail++;
    console.log(`FAIL ${ex.input}\n  expected: ${ex.expected}\n  got:      ${verbose ? outLines : got.split('\n').pop()}`);
  }
}
if (wrapped > 0) console.log(`(${wrapped} of the passes are results longer than 80 columns, printed over several lines)`);
console.log(`${pass} passed, ${fail} failed`);
