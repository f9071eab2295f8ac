/// `@kadena/client` 1.18 against a node (the real Pact service, a real socket): the chainweb
/// path it builds, /local with its default preflight and with signature verification off,
/// submit, listen and poll.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createClient, Pact } from '@kadena/client';
import type { ICommand, IUnsignedCommand } from '@kadena/client';
import { openSqlite } from '../../src/db/sqlite.ts';
import { DEFAULTS } from '../../src/server/config.ts';
import { createPactService } from '../../src/server/pact-service.ts';
import { startServer } from '../../src/server/server.ts';
import type { RunningNode } from '../../src/server/server.ts';

let running: RunningNode;
before(async () => {
  running = await startServer({
    ...DEFAULTS, port: 0, persistDir: null, logDir: null, pragmas: [], verbose: false, entity: null,
    gasLimit: null, gasRate: 0n, execConfig: new Set(),
  }, { open: openSqlite, createService: createPactService }, () => {});
});
after(() => running.stop());

function tx(code: string): IUnsignedCommand {
  return Pact.builder.execution(code).setMeta({ chainId: '0', senderAccount: 'alice', gasLimit: 1000 })
    .setNetworkId('development').createTransaction();
}

describe('@kadena/client', () => {
  it('runs /local with preflight, and a dirty read without signature verification', async () => {
    const client = createClient(({ networkId, chainId }) => `${running.url}/chainweb/0.0/${networkId}/chain/${chainId}/pact`);
    const local = await client.preflight(tx('(+ 1 2)'));
    assert.deepEqual(local.result, { status: 'success', data: 3 });
    assert.deepEqual(local.preflightWarnings, []);
    assert.equal(local.txId, null);
    const read = await client.dirtyRead(tx('(+ 2 2)'));
    assert.deepEqual(read.result, { status: 'success', data: 4 });
  });

  it('submits, listens and polls', async () => {
    const client = createClient(({ networkId, chainId }) => `${running.url}/chainweb/0.0/${networkId}/chain/${chainId}/pact`);
    // No signers, so complete without signatures.
    const unsigned = tx('(+ 20 22)');
    const command: ICommand = { cmd: unsigned.cmd, hash: unsigned.hash, sigs: [] };
    const descriptor = await client.submitOne(command);
    assert.equal(descriptor.requestKey, unsigned.hash);
    const listened = await client.listen(descriptor);
    assert.deepEqual(listened.result, { status: 'success', data: 42 });
    assert.equal(typeof listened.txId, 'number');
    const polled = await client.pollStatus(descriptor, { interval: 20 });
    assert.deepEqual(polled[descriptor.requestKey]!.result, listened.result);
  });
});
