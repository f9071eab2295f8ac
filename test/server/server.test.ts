/// Starting and stopping a node on a real socket (with the stub Pact service): the first line,
/// the database file, verbose lines, the access log, startup failures.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../src/server/config.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { startServer, StartError } from '../../src/server/server.ts';
import type { NodeDeps } from '../../src/server/server.ts';
import { envelope, keyOf, stubThread } from './stub.ts';
import { tempDirs } from '../helpers/temp.ts';

const tempDir = tempDirs('pact-serve-');

const STUB: NodeDeps = { startExecutor: stubThread };

function config(over: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...DEFAULTS, port: 0, persistDir: null, logDir: null, pragmas: [], verbose: false, entity: null,
    gasLimit: null, gasRate: 0n, execConfig: new Set(), ...over,
  };
}

describe('startServer', () => {
  it('listens on the port it got and says where the data lives', async () => {
    const lines: string[] = [];
    const running = await startServer(config(), STUB, (l) => lines.push(l));
    assert.match(lines[0]!, /^pact-ts node listening on http:\/\/127\.0\.0\.1:(\d+) \(data: in memory\)\n$/);
    assert.equal(lines[0], `pact-ts node listening on ${running.url} (data: in memory)\n`);
    assert.notEqual(running.port, 0);
    const res = await fetch(`${running.url}/version`);
    assert.equal(await res.text(), '4.13.2');
    assert.equal(await running.stop(), 0);
    assert.equal(await running.stopped, 0);
    await assert.rejects(fetch(`${running.url}/version`));
  });

  it('keeps its data in <persistDir>/pact.sqlite, created with its directory', async () => {
    const dir = join(tempDir(), 'deep', 'data');
    const lines: string[] = [];
    const running = await startServer(config({ persistDir: dir }), STUB, (l) => lines.push(l));
    assert.ok(lines[0]!.endsWith(`(data: ${join(dir, 'pact.sqlite')})\n`));
    await fetch(`${running.url}/api/v1/send`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cmds: [envelope('kept')] }),
    });
    await running.node.executor.idle();
    await running.stop();
    assert.ok(existsSync(join(dir, 'pact.sqlite')));
  });

  it('prints Pact-style debug lines when verbose', async () => {
    const lines: string[] = [];
    const running = await startServer(config({ verbose: true }), STUB, (l) => lines.push(l));
    await fetch(`${running.url}/api/v1/send`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cmds: [envelope('v')] }),
    });
    await running.node.executor.idle();
    await running.stop();
    assert.equal(lines.at(-1), 'pact-ts node stopped\n');
    const messages = lines.slice(1, -1).map((l) => {
      assert.match(l, /^\d{4}\/\d\d\/\d\d-\d\d:\d\d:\d\d /);
      return l.slice(20, -1);
    });
    assert.deepEqual(messages, [
      '[history] Persistence Disabled',
      '[disk replay]: No replay found',
      `[api] starting on port ${running.port}`,
      `[api]: Processing command with hash: "${keyOf('v')}"`,
      '[history] Added 1 new command(s)',
      '[cmd]: executing 1 command(s)',
      `[PactService] DEBUG success for requestKey: "${keyOf('v')}" (txId 0)`,
      '[history] Updated 1 command(s)',
    ]);
  });

  it('writes an access log line per request in logDir', async () => {
    const logDir = join(tempDir(), 'log');
    const running = await startServer(config({ logDir }), STUB, () => {});
    await fetch(`${running.url}/version`, { headers: { 'user-agent': 'test-agent', referer: 'http://r/' } });
    await fetch(`${running.url}/nowhere?x=1`, { method: 'POST' });
    await running.stop();
    const lines = readFileSync(join(logDir, 'access.log'), 'utf8').split('\n').filter((l) => l !== '');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^127\.0\.0\.1 - - \[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "GET \/version HTTP\/1\.1" 200 6 "http:\/\/r\/" "test-agent"$/);
    assert.match(lines[1]!, /"POST \/nowhere\?x=1 HTTP\/1\.1" 404 - "-" "/);
  });

  it('answers a request sent once its first line is out, while its HTTP routes are still loading', async () => {
    // The routes load after the node listens; here they wait until the request has been sent.
    let sent!: () => void;
    const requestSent = new Promise<void>((resolve) => (sent = resolve));
    const deps: NodeDeps = { ...STUB, api: async () => (await requestSent, () => {}) };
    let answer: Promise<string> | undefined;
    const running = await startServer(config(), deps, (line) => {
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+) /.exec(line)?.[1];
      if (port === undefined) return;
      const socket = connect(Number(port), '127.0.0.1');
      socket.write('GET /version HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n', () => setTimeout(sent, 50));
      answer = text(socket);
    });
    assert.match(await answer!, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n4\.13\.2$/);
    await running.stop();
  });

  it('fails with one line when the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const port = (blocker.address() as AddressInfo).port;
    await assert.rejects(startServer(config({ port }), STUB, () => {}),
      (e: unknown) => e instanceof StartError && e.message.startsWith(`cannot listen on 127.0.0.1:${port}: `) && e.message.includes('EADDRINUSE'));
    blocker.close();
  });
});

/// Everything read from `socket` until it ends.
async function text(socket: Socket): Promise<string> {
  let all = '';
  for await (const chunk of socket) all += String(chunk);
  return all;
}
