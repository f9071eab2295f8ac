/// Depth and memory as the machine allows, on the built dist/pact: code nested or calling 10,000
/// deep runs in a script, piped in, in the interactive REPL and compiled as a `.pact`; past the
/// stack a plain error names the depth; the heap is sized to the machine's memory.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { KINDS, applications } from '../helpers/deep.ts';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pact-depth-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const DEPTH = 10000;

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

it('code deeper than the stack stops with a plain error naming the depth', () => {
  // A small script runs on the main thread, whose stack is the OS's: a file it loads is run
  // there too, and 20,000 levels are more than it holds.
  writeFileSync(join(dir, 'loads.repl'), '(load "nested.repl")\n');
  writeFileSync(join(dir, 'nested.repl'), `${'(+ 1 '.repeat(20000)}1${')'.repeat(20000)}\n`);
  const r = pact(['loads.repl']);
  assert.equal(r.code, 1);
  assert.match(r.out, /^nested\.repl:1:0:Error: Too deep for the stack: code nested 20000 levels(, 0 function calls)?\nLoad failed\n$/);
});

it('the interactive REPL runs code 10,000 deep', async () => {
  writeFileSync(join(dir, 'all.repl'), Object.values(KINDS).map((code) => code(DEPTH)).join('\n') + '\n');
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
    child.stdin.write('(load "all.repl")\r');
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
