/// The interactive REPL in a real terminal (a pseudo-terminal from `script`): Ctrl-C stops an
/// evaluation that never yields, the prompt comes back, and the session keeps its state; a session
/// shows nothing but its prompts and answers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const PACT = fileURLToPath(new URL('../../dist/pact', import.meta.url));

/// A terminal session: what was printed, keys to type, and a wait for some output.
function terminal(cwd: string) {
  const child = spawn('script', ['-qfec', PACT, '/dev/null'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
  const waitFor = (re: RegExp, ms = 10000): Promise<void> => new Promise((resolve, reject) => {
    const t0 = Date.now();
    const poll = setInterval(() => {
      if (re.test(out)) {
        clearInterval(poll);
        resolve();
      } else if (Date.now() - t0 > ms) {
        clearInterval(poll);
        reject(new Error(`no ${re} in ${JSON.stringify(out)}`));
      }
    }, 10);
  });
  return {
    type: (keys: string) => child.stdin.write(keys),
    waitFor,
    clear: () => { out = ''; },
    output: () => out,
    exit: () => new Promise((resolve) => { child.once('exit', resolve); child.stdin.write('\x04'); }),
    /// Ends the session however it stands (a failed assertion leaves it running).
    kill: () => { if (child.exitCode === null) child.kill('SIGKILL'); },
  };
}

it('Ctrl-C stops a long evaluation at once and keeps the session', async (t) => {
  const cwd = mkdtempSync(join(tmpdir(), 'pact-tty-'));
  try {
    const tty = terminal(cwd);
    await tty.waitFor(/pact> /);
    tty.type('(module m G (defcap G () true) (defun f (x) (* x 2)))\r');
    await tty.waitFor(/Loaded module m/);
    // One JavaScript operation that runs for minutes: nothing inside it can poll for Ctrl-C.
    tty.type('(length (int-to-str 10 (^ 2 300000000)))\r');
    await new Promise((r) => setTimeout(r, 500));
    tty.clear();
    const t0 = performance.now();
    tty.type('\x03');
    await tty.waitFor(/Type ctrl-d to exit pact\r\n[^]*pact> /);
    const ms = performance.now() - t0;
    t.diagnostic(`prompt back ${ms.toFixed(0)} ms after Ctrl-C`);
    assert.ok(ms < 2000, `${ms} ms`);
    tty.clear();
    tty.type('(m.f 21)\r');
    await tty.waitFor(/\r\n42\r\n/);
    await tty.exit();
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

it('a session shows its prompts and answers, no warnings of the runtime', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'pact-tty-'));
  try {
    const tty = terminal(cwd);
    await tty.waitFor(/pact> /);
    try {
      tty.type('(+ 1 2)\r');
      await tty.waitFor(/\r\n3\r\n[^]*pact> /);
      // Node's ExperimentalWarning once appeared here (the evaluator's import() of node:sea).
      assert.doesNotMatch(tty.output(), /Warning|trace-warnings/);
      await tty.exit();
    } finally {
      tty.kill();
    }
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});
