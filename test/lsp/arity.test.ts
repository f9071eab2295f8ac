/// `pact --lsp` reports calls with the wrong number of arguments as one types, with the error
/// and the location `dist/pact` gives when it runs them (checked here by running each), and
/// nothing for calls that run: partial applications, capabilities, pacts, overloaded and
/// variadic natives, module references, expected failures, Pact's own examples.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver';
import { LspClient, positionIn } from './client.ts';
import { tempDirs } from '../helpers/temp.ts';

const newDir = tempDirs('pact-lsp-arity-');

/// Each line of a script after its module: a wrong call, or a call running module code that
/// makes one.
const BANK = `(module bank G
  (defcap G () true)
  (defcap DEBIT (account:string amount:decimal) true)
  (defconst LIMIT 10)
  (defun credit:decimal (account:string amount:decimal) amount)
  (defun pay (from:string) (with-capability (DEBIT from) true))
  (defun refund (to:string) (credit to))
  (defun fees (xs:[decimal]) (map (credit "bank" 1.0) xs))
  (defun over () (length LIMIT [1, 2] {"a": 1.0}))
  (defun same () (enforce (= 1 1)))
  (defpact settle (a:string)
    (step (take 1))
    (step a)))
`;
const CALLS = ['(bank.pay "alice")', '(bank.refund "bob")', '(bank.fees [1.0])', '(bank.over)', '(bank.same)',
  '(bank.settle "alice")', '(bank.credit "alice")', '(bank.settle)', '(install-capability (bank.DEBIT "alice"))',
  '(at 1)', '(if true)', '(+ 1 2 3)'];
const PLUS = '[x:<a[integer,decimal]> y:<a[integer,decimal]> -> <a[integer,decimal]>, x:<a[integer,decimal]> y:<b[integer,decimal]> -> decimal, x:<a[string,[<l>],object:<{o}>]> y:<a[string,[<l>],object:<{o}>]> -> <a[string,[<l>],object:<{o}>]>]';
/// The wrong calls (the text of each, the first of that text) and their errors, in the order
/// of the file.
const WRONG: ReadonlyArray<readonly [string, string]> = [
  ['(DEBIT from)', 'DEBIT: Incorrect number of arguments (1) supplied; expected 2'],
  ['(credit to)', 'credit: Incorrect number of arguments (1) supplied; expected 2'],
  ['(credit "bank" 1.0)', 'credit: Incorrect number of arguments (3) supplied; expected 2'],
  ['(length LIMIT [1, 2] {"a": 1.0})', 'Invalid arguments, received [10 [1 2] {"a": 1.0}] for x:<a[[<l>],string,object:<{o}>]> -> integer'],
  ['(enforce (= 1 1))', 'Invalid arguments, received ["(native `=`  Compare alike terms for equality, ret..."] for test:bool msg:string -> bool'],
  ['(take 1)', 'Invalid arguments, received [1] for [count:integer list:<a[[<l>],string]> -> <a[[<l>],string]>, keys:[string] object:object:<{o}> -> object:<{o}>]'],
  ['(bank.credit "alice")', 'credit: Incorrect number of arguments (1) supplied; expected 2'],
  ['(bank.settle)', 'settle: Incorrect number of arguments (0) supplied; expected 1'],
  ['(bank.DEBIT "alice")', 'DEBIT: Incorrect number of arguments (1) supplied; expected 2'],
  ['(at 1)', 'Invalid arguments, received [1] for [idx:integer list:[<l>] -> <a>, idx:string object:object:<{o}> -> <a>]'],
  ['(if true)', 'Invalid arguments, received ["true"] for cond:bool then:<a> else:<a> -> <a>'],
  ['(+ 1 2 3)', `Invalid arguments, received [1 2 3] for ${PLUS}`],
];

/// Calls that run (the file runs to `Load successful`).
const VALID = `(env-data {"ks": ["k"]})
(interface ledger
  (defun balance:decimal (account:string))
  (defconst ZERO 0.0))
(module tricky G
  (defcap G () true)
  (defcap PAY (from:string amount:decimal) @managed amount PAY-mgr true)
  (defun PAY-mgr:decimal (managed:decimal requested:decimal) managed)
  (defcap PAID (from:string) @event true)
  (defcap INNER (n:integer) true)
  (defcap OUTER () (compose-capability (INNER 1)))
  (defschema row a:integer)
  (deftable rows:{row})
  (implements ledger)
  (defun balance:decimal (account:string) 1.0)
  (defun via:decimal (l:module{ledger}) (l::balance "a"))
  (defun add:integer (a:integer b:integer) (+ a b))
  (defun pos:bool (x:integer) (> x 0))
  (defun keep:bool (k:string r:object{row}) true)
  (defun get:string (k:string r:object{row}) k)
  (defun allowed:bool (n:integer) true)
  (defun partials (xs:[integer])
    [(map (add 1) xs) (filter (pos) xs) (fold (add) 0 xs) (zip (add) xs xs) (compose (add 1) (add 2) 3)
     (map (+ 1) xs) (fold (+) 0 xs) (filter (where 'a (= 1)) [{'a: 1}]) (and? (pos) (pos) 1)
     (or? (pos) (pos) 1) (not? (pos) 1) (map (lambda (x) (add x 1)) xs)])
  (defun caps ()
    (with-capability (OUTER) (require-capability (INNER 1)) (emit-event (PAID "a")))
    (create-capability-guard (INNER 1)))
  (defun db ()
    [(select rows (where 'a (= 1))) (select rows ['a] (where 'a (= 1))) (fold-db rows (keep) (get))])
  (defun guard () (create-user-guard (allowed 1)))
  (defpact two (a:integer)
    (step (yield {'a: (add a 1)}))
    (step (resume {'a := b} b)))
  (defun overloads ()
    [(+ 1.0 2.0) (+ "a" "b") (at 0 [1]) (at 'a {'a: 1}) (read-msg) (read-msg 'ks) (list) (list 1 2 3)
     (constantly 1 2 3) (str-to-int 16 "ff") (str-to-int "1") (enforce-one "x" [(enforce true "y")])
     (let ((f (lambda (x) x))) (f 1)) (cond ((= 1 2) 1) ((= 1 1) 2) 3)]))
(create-table rows)
(tricky.partials [1 2])
(tricky.caps)
(install-capability (tricky.PAY "a" 1.0))
(tricky.db)
(tricky.guard)
(tricky.two 1)
(tricky.overloads)
(tricky.via tricky)
ledger.ZERO
(expect-failure "a wrong call where a failure is expected" "Incorrect number of arguments" (tricky.add 1))
(pact-version 1)
(use tricky)
(add 1 2)
(map (add 1) [1 2])
`;

/// Runs a script with dist/pact: its output (stdout then stderr) and exit code.
function run(path: string): { output: string; code: number | null } {
  const r = spawnSync('dist/pact', [path], { encoding: 'utf8' });
  return { output: r.stdout + r.stderr, code: r.status };
}

describe('arity diagnostics', () => {
  const dir = newDir();
  const bank = join(dir, 'bank.repl');
  const bankText = BANK + CALLS.join('\n') + '\n';
  const valid = join(dir, 'valid.repl');
  let client: LspClient;
  const diagnostic = (needle: string, message: string, text = bankText): Diagnostic => {
    const start = positionIn(text, needle);
    return { range: { start, end: { line: start.line, character: start.character + needle.length } }, severity: 1, source: 'pact', message };
  };

  before(async () => {
    writeFileSync(bank, bankText);
    writeFileSync(valid, VALID);
    client = await LspClient.start(dir);
  });
  after(async () => {
    assert.equal(await client.stop(), 0);
  });

  test('wrong calls get the evaluator\'s error, where it reports it', async () => {
    const found = await client.diagnostics(bank);
    assert.deepEqual(found, WRONG.map(([needle, message]) => diagnostic(needle, message)));
    // Each call line run alone (the others blanked, so lines stay where they are) stops with
    // one of them.
    const lines = bankText.split('\n');
    const moduleLines = BANK.split('\n').length - 1;
    const ran = CALLS.map((_, i) => {
      const path = join(dir, `run-${i}.repl`);
      writeFileSync(path, lines.map((l, n) => (n < moduleLines || n === moduleLines + i ? l : '')).join('\n'));
      const { output, code } = run(path);
      assert.equal(code, 1, output);
      return output.split('\n')[0]!.slice(path.length + 1);
    });
    const shown = found.map((d) => `${d.range.start.line + 1}:${d.range.start.character}:Error: ${d.message}`);
    assert.deepEqual([...ran].sort(), [...shown].sort());
  });

  test('calls that run get none', async () => {
    assert.deepEqual(run(valid), { output: 'Load successful\n', code: 0 });
    assert.deepEqual(await client.diagnostics(valid), []);
  });

  test('as one types: a call mended, then made wrong, its arguments as written where their values are not known', async () => {
    client.open(bank, bankText);
    await client.diagnostics(bank, (p) => p.version === 1);
    const at = positionIn(bankText, '(credit to)', 0, '(credit to'.length);
    let version = client.change(bank, [{ range: { start: at, end: at }, text: ' 1.0' }]);
    const mended = await client.diagnostics(bank, (p) => p.version === version);
    assert.deepEqual(mended.map((d) => d.message), WRONG.filter(([needle]) => needle !== '(credit to)').map(([, m]) => m));
    version = client.change(bank, [{ range: { start: at, end: { line: at.line, character: at.character + 4 } }, text: ' 1.0 (length to 1)' }]);
    const text = bankText.replace('(credit to)', '(credit to 1.0 (length to 1))');
    const wrong = await client.diagnostics(bank, (p) => p.version === version);
    assert.deepEqual(wrong.slice(1, 3), [
      diagnostic('(credit to 1.0 (length to 1))', 'credit: Incorrect number of arguments (3) supplied; expected 2', text),
      diagnostic('(length to 1)', 'Invalid arguments, received [to 1] for x:<a[[<l>],string,object:<{o}>]> -> integer', text),
    ]);
  });
});

// Pact 4.13.2's source tree (its examples are read from it, never kept in this repository).
const PACT_REF = process.env.PACT_REF ?? '/work/pact-ref';

test('Pact\'s own examples get no arity diagnostics', async () => {
  const examples = join(PACT_REF, 'examples');
  assert.ok(existsSync(examples), `Pact 4.13.2's source is needed at ${PACT_REF} (or $PACT_REF) for its examples`);
  const dir = newDir();
  cpSync(examples, dir, { recursive: true });
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.(pact|repl)$/.test(f));
  assert.ok(files.length >= 9, files.join(' '));
  const client = await LspClient.start(dir);
  const arity = /Incorrect number of arguments|Invalid arguments/;
  for (const f of files) {
    client.open(join(dir, f));
    const found = await client.diagnostics(join(dir, f));
    assert.deepEqual(found.filter((d) => arity.test(String(d.message))), [], f);
  }
  assert.equal(await client.stop(), 0);
});
