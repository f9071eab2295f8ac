/// Depth and memory as the machine allows, on the built dist/pact: code nested or calling 10,000
/// deep runs in a script, in the files a small script loads, in the test runner (files or a
/// folder), piped in, in the interactive REPL and compiled as a `.pact`; the heap is sized to the
/// machine's memory.
/// (Past the stack a plain error names the depth: test/repl/deep-stack.test.ts.)
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { KINDS, NESTINGS, applications, chain } from '../helpers/deep.ts';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pact-depth-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const DEPTH = 10000;

// Every kind 10,000 deep, in files a small script loads: `deep/all.repl` loads a file per kind
// of nesting and the chain of calls as a `.pact`, each from its own directory.
mkdirSync(join(dir, 'deep/nested'), { recursive: true });
mkdirSync(join(dir, 'deep/calls'));
for (const kind of Object.keys(NESTINGS)) writeFileSync(join(dir, 'deep/nested', `${kind}.repl`), KINDS[kind]!(DEPTH) + '\n');
writeFileSync(join(dir, 'deep/calls/chain.pact'), chain(DEPTH) + '\n');
writeFileSync(join(dir, 'deep/all.repl'), [
  ...Object.keys(NESTINGS).map((kind) => `(load "nested/${kind}.repl")`),
  '(load "calls/chain.pact")',
  `(expect "calls" ${DEPTH} (chain.f0 0))`,
].join('\n') + '\n');
writeFileSync(join(dir, 'small.repl'), '(expect "small" 2 (+ 1 1))\n');
writeFileSync(join(dir, 'loads.repl'), '(load "deep/all.repl")\n');
// A folder of scripts for the test runner: a small one, and one loading a chain of calls.
mkdirSync(join(dir, 'suite/sub'), { recursive: true });
writeFileSync(join(dir, 'suite/small.repl'), '(expect "small" 2 (+ 1 1))\n');
writeFileSync(join(dir, 'suite/sub/chain.pact'), chain(DEPTH) + '\n');
writeFileSync(join(dir, 'suite/sub/calls.repl'), `(load "chain.pact")\n(expect "calls" ${DEPTH} (chain.f0 0))\n`);

function pact(args: string[], input?: string): { out: string; code: number | null } {
  const r = spawnSync(PACT, args, { cwd: dir, input, encoding: 'utf8', env: { ...process.env, PACT_CACHE_DIR: '' } });
  return { out: r.stdout + r.stderr, code: r.status };
}

for (const [kind, code] of Object.entries(KINDS)) {
  it(`a script runs ${kind} ${DEPTH} deep`, () => {
    writeFileSync(join(dir, `${kind}.repl`), code(DEPTH) + '\n');
    assert.deepEqual(pact([`${kind}.repl`]), { out: 'Load successful\n', code: 0 });
  });
}

it('piped input runs applications 10,000 deep', () => {
  assert.deepEqual(pact([], applications(DEPTH) + '\n'), { out: '"Expect: success: applications"\n', code: 0 });
});

it('a .pact file nesting 10,000 deep compiles', () => {
  writeFileSync(join(dir, 'deep.pact'), `(module m G (defcap G () true) (defun f () ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}))\n`);
  assert.deepEqual(pact(['deep.pact']), { out: 'Load successful\n', code: 0 });
});

it('a script runs a chain of 800 calls, each within a `with-capability`', () => {
  // Fewer functions than a count of definitions would find deep, each far heavier than a plain call.
  const defs = Array.from({ length: 800 }, (_, i) => `(defun f${i}:integer () (with-capability (C) (if true (+ 1 (f${i + 1})) 0)))`);
  writeFileSync(join(dir, 'capped.repl'), `(module capped G (defcap G () true) (defcap C () true)\n${defs.join('\n')}\n(defun f800:integer () 0))\n` +
    '(expect "capped" 800 (f0))\n');
  assert.deepEqual(pact(['capped.repl']), { out: 'Load successful\n', code: 0 });
});

it('a small script runs the deep files it loads', () => {
  assert.deepEqual(pact(['loads.repl']), { out: 'Load successful\n', code: 0 });
});

it('piped input runs the deep files it loads', () => {
  const { out, code } = pact([], '(load "deep/all.repl")\n');
  assert.equal(code, 0);
  for (const kind of Object.keys(KINDS)) assert.match(out, new RegExp(`^"Expect: success: ${kind}"$`, 'm'));
});

it('piped input loading a script that loads a chain of calls 10,000 deep prints what it runs', () => {
  assert.deepEqual(pact([], '(load "suite/sub/calls.repl")\n(chain.f0 1)\n'), {
    out: '"Loading suite/sub/calls.repl..."\n"Loading chain.pact..."\n' +
      '"Loaded module chain, hash CjnBtyb2paJM4XI71I7FQ0s2CN7bJ2IH-gF7yEt4YhY"\n"Expect: success: calls"\n10001\n',
    code: 0,
  });
});

it('-r runs the deep script of a .pact', () => {
  mkdirSync(join(dir, 'found'));
  writeFileSync(join(dir, 'found/chain.pact'), chain(DEPTH) + '\n');
  writeFileSync(join(dir, 'found/chain.repl'), `(load "chain.pact")\n(expect "calls" ${DEPTH} (chain.f0 0))\n`);
  assert.deepEqual(pact(['-r', 'found/chain.pact']), { out: 'Load successful\n', code: 0 });
});

it('the test runner runs deep scripts among small ones', () => {
  const { out, code } = pact(['small.repl', 'loads.repl']);
  assert.equal(out.replace(/\d+\.\d\d s/g, 'T s'), 'PASS small.repl (1 test, T s)\nPASS loads.repl (5 tests, T s)\n2 passed, 0 failed\n');
  assert.equal(code, 0);
});

it('the test runner runs a folder whose scripts go deep, with a JUnit report', () => {
  const { out, code } = pact(['suite', '--junit', 'suite.xml']);
  assert.equal(out.replace(/\d+\.\d\d s/g, 'T s'), 'PASS suite/small.repl (1 test, T s)\nPASS suite/sub/calls.repl (1 test, T s)\n2 passed, 0 failed\n');
  assert.equal(code, 0);
  assert.match(readFileSync(join(dir, 'suite.xml'), 'utf8'), /<testcase name="calls" classname="suite\/sub\/calls.repl" file="suite\/sub\/calls.repl" line="2"\/>/);
});

it('the interactive REPL runs code 10,000 deep', async () => {
  const child = spawn('script', ['-qfec', PACT, '/dev/null'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  const waitFor = (re: RegExp) => new Promise<void>((resolve, reject) => {
    const t0 = Date.now();
    const poll = setInterval(() => {
      if (re.test(out) || Date.now() - t0 > 120000) {
        clearInterval(poll);
        if (re.test(out)) resolve(); else reject(new Error(`no ${re} in ${JSON.stringify(out.slice(-2000))}`));
      }
    }, 20);
  });
  try {
    await waitFor(/pact> /);
    child.stdin.write('(load "deep/all.repl")\r');
    await waitFor(/Expect: success: calls/);
    for (const kind of Object.keys(KINDS)) assert.match(out, new RegExp(`"Expect: success: ${kind}"`));
  } finally {
    child.kill('SIGKILL');
  }
});

it('the heap is sized to the machine, and running out names its limit', () => {
  const { out } = pact([], '(make-list 1000000000 1)\n');
  const [, left, limit] = /does not fit in the (\d+) MB left of the (\d+) MB heap\n/.exec(out) ?? assert.fail(out);
  assert.ok(Number(left) <= Number(limit));
  // Three quarters of the machine's memory (scripts/release/executable.ts), not V8's default of 4 GB at most.
  const expected = 0.75 * totalmem() / 2 ** 20;
  assert.ok(Math.abs(Number(limit) - expected) < 0.05 * expected, `${limit} MB`);
});

it('--node-options sets the heap of scripts, piped input and the REPL', async () => {
  const flag = '--node-options=--max-old-space-size-percentage=10';
  const heap = (out: string) => Number(/of the (\d+) MB heap/.exec(out)?.[1] ?? assert.fail(out));
  const expected = 0.1 * totalmem() / 2 ** 20;
  writeFileSync(join(dir, 'big.repl'), '(make-list 1000000000 1)\n');
  for (const [args, input] of [[[flag, 'big.repl'], undefined], [[flag], '(make-list 1000000000 1)\n']] as const) {
    const r = spawnSync(PACT, args, { cwd: dir, input, encoding: 'utf8' });
    assert.ok(Math.abs(heap(r.stdout + r.stderr) - expected) < 0.05 * expected, r.stdout + r.stderr);
  }
  const child = spawn('script', ['-qfec', `${PACT} ${flag}`, '/dev/null'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  try {
    await until(() => /pact> /.test(out));
    child.stdin.write('(make-list 1000000000 1)\r');
    await until(() => /MB heap/.test(out));
    assert.ok(Math.abs(heap(out) - expected) < 0.05 * expected, out);
  } finally {
    child.kill('SIGKILL');
  }
});

function until(done: () => boolean, ms = 60000): Promise<void> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const poll = setInterval(() => {
      if (done() || Date.now() - t0 > ms) {
        clearInterval(poll);
        if (done()) resolve(); else reject(new Error('timed out'));
      }
    }, 20);
  });
}
