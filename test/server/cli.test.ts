/// `pact --serve CONFIG` as a real process with the real Pact service.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-cli-');

/// Runs `node src/cli/main.ts ARGS`, resolving with what it printed and its exit code.
function cli(args: string[], onStdout?: (text: string, child: ReturnType<typeof spawn>) => void): Promise<{ out: string; err: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/node', ['src/cli/main.ts', ...args]);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); onStdout?.(out, child); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.once('close', (code) => resolve({ out, err, code }));
  });
}

describe('pact --serve', () => {
  it('serves /version from a real process on port 0 and stops cleanly on SIGTERM', async () => {
    const dir = tempDir();
    const file = join(dir, 'serve.yaml');
    writeFileSync(file, 'port: 0\n');
    let version: Promise<string> | undefined;
    const { out, err, code } = await cli(['--serve', file], (text, child) => {
      const m = /listening on (\S+)/.exec(text);
      if (m !== null && version === undefined) {
        version = fetch(`${m[1]}/version`).then((r) => r.text()).finally(() => child.kill('SIGTERM'));
      }
    });
    assert.equal(err, '');
    assert.match(out, /^pact-ts node listening on http:\/\/127\.0\.0\.1:\d+ \(data: in memory\)\npact-ts node stopped\n$/);
    assert.equal(await version, '4.13.2');
    assert.equal(code, 0);
  });
});
