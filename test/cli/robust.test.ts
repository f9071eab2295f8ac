/// The command line under hostile conditions: closed or full output, directories where files
/// are expected, missing option arguments. One Pact-style line and a non-zero exit, never a
/// JavaScript stack trace.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'pact-robust-'));
after(() => rmSync(dir, { recursive: true, force: true }));

type Stdio = Array<'pipe' | number>;

function run(args: string[], options: { input?: string; stdio?: Stdio } = {}) {
  const r = spawnSync(PACT, args, { input: options.input, encoding: 'utf8', stdio: options.stdio ?? 'pipe' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('output that goes away', () => {
  it('says so in one line when stdout is full', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = run([], { input: '(+ 1 1)\n', stdio: ['pipe', full, 'pipe'] });
      assert.deepEqual([r.code, r.err], [1, 'pact: <stdout>: commitBuffer: resource exhausted (No space left on device)\n']);
    } finally {
      closeSync(full);
    }
  });

  it('says so in one line when the reader of stdout closes it', async () => {
    const child = spawn(PACT, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.stdout.once('data', () => child.stdout.destroy());
    child.stdin.end('(+ 1 1)\n'.repeat(20000));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.deepEqual([code, err], [1, 'pact: <stdout>: commitBuffer: resource vanished (Broken pipe)\n']);
  });
});

describe('directories and empty names where files belong', () => {
  const d = join(dir, 'folder.pact');
  mkdirSync(d);

  it('compiling a directory', () => {
    assert.deepEqual(run([d]), { code: 1, out: '', err: `pact: ${d}: openBinaryFile: inappropriate type (is a directory)\n` });
  });

  it('loading a directory', () => {
    const r = run([], { input: `(load "${dir}")\n` });
    assert.equal(r.code, 1);
    assert.match(r.err, new RegExp(`^<interactive>:0:0:Error: load: file load failed: ${dir}, ${dir}: openBinaryFile: inappropriate type \\(is a directory\\)\n`));
  });

  it('a directory as standard input', () => {
    const fd = openSync(dir, 'r');
    try {
      const r = run([], { stdio: [fd, 'pipe', 'pipe'] });
      assert.deepEqual([r.code, r.err], [1, 'pact: <stdin>: hGetLine: inappropriate type (is a directory)\n']);
    } finally {
      closeSync(fd);
    }
  });

  it('an empty file name', () => {
    const r = run(['']);
    assert.equal(r.code, 1);
    assert.equal(r.err, ':1:0:Error: load: file load failed: , : openBinaryFile: does not exist (No such file or directory)\nLoad failed\n');
  });
});

describe('options without their argument', () => {
  for (const flag of ['-a', '--apireq', '-s', '--serve', '-u']) {
    it(`${flag} says it expects an argument, as optparse does`, () => {
      const r = run([flag]);
      assert.equal(r.code, 1);
      assert.match(r.err, new RegExp(`^The option \`${flag}\` expects an argument\\.\n\nUsage: pact `));
    });
  }
});
