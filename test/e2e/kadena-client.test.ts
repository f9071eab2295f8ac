/// `@kadena/client` 1.18 against the real `dist/pact --serve`, through the chainweb path it
/// builds: /local with its default preflight and as a dirty read, a module deployed by submit,
/// listen and pollStatus, and a transfer signed with a capability by its own signer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { createClient, createSignWithKeypair, Pact } from '@kadena/client';
import type { ICommand, IUnsignedCommand } from '@kadena/client';
import { genKey, suiteNode } from './harness.ts';

const DEMO = readFileSync(new URL('../fixtures/serve/demo.pact', import.meta.url), 'utf8');

const node = suiteNode();

const client = () => createClient(({ networkId, chainId }) => `${node().url}/chainweb/0.0/${networkId}/chain/${chainId}/pact`);

function tx(code: string, data: Record<string, unknown> = {}): IUnsignedCommand {
  let b = Pact.builder.execution(code);
  for (const [k, v] of Object.entries(data)) b = b.addData(k, v as never);
  return b.setMeta({ chainId: '0', senderAccount: 'alice', gasLimit: 10000 }).setNetworkId('development').createTransaction();
}

/// A command without signers needs no signature.
const unsigned = (t: IUnsignedCommand): ICommand => ({ cmd: t.cmd, hash: t.hash, sigs: [] });

describe('@kadena/client', () => {
  it('runs /local with preflight, and a dirty read without signature verification', async () => {
    const local = await client().preflight(tx('(+ 1 2)'));
    assert.deepEqual(local.result, { status: 'success', data: 3 });
    assert.deepEqual(local.preflightWarnings, []);
    assert.equal(local.txId, null);
    const read = await client().dirtyRead(tx('(+ 2 2)'));
    assert.deepEqual(read.result, { status: 'success', data: 4 });
  });

  it('deploys a module with submit, then listens and polls for its calls', async () => {
    const c = client();
    const deployed = await c.listen(await c.submitOne(unsigned(tx(DEMO))));
    assert.equal(deployed.result.status, 'success', JSON.stringify(deployed));
    const call = tx('(demo.bump "k")');
    const descriptor = await c.submitOne(unsigned(call));
    assert.equal(descriptor.requestKey, call.hash);
    const listened = await c.listen(descriptor);
    assert.deepEqual(listened.result, { status: 'success', data: 1 });
    assert.equal(listened.txId, deployed.txId! + 1);
    const polled = await c.pollStatus(descriptor, { interval: 20 });
    assert.deepEqual(polled[descriptor.requestKey]!.result, listened.result);
  });

  it('signs a transfer with the capability it allows and submits it', async () => {
    const c = client();
    const alice = genKey();
    const setup = tx('(demo.create "alice2" (read-keyset "a")) (demo.create "bob2" (read-keyset "a"))',
      { a: { keys: [alice.publicKey], pred: 'keys-all' } });
    assert.equal((await c.listen(await c.submitOne(unsigned(setup)))).result.status, 'success');
    const transfer = Pact.builder.execution('(demo.transfer "alice2" "bob2" 2.5)')
      .addSigner(alice.publicKey, (withCap) => [withCap('demo.TRANSFER', 'alice2', 'bob2', { decimal: '2.5' })])
      .setMeta({ chainId: '0', senderAccount: 'alice2', gasLimit: 10000 })
      .setNetworkId('development').createTransaction();
    const signed = await createSignWithKeypair(alice)(transfer) as ICommand;
    const preflight = await c.preflight(signed);
    assert.deepEqual(preflight.result, { status: 'success', data: 'transferred' });
    const result = await c.listen(await c.submitOne(signed));
    assert.deepEqual(result.result, { status: 'success', data: 'transferred' });
    assert.equal(result.events?.[0]?.name, 'TRANSFER');
    const balance = await c.dirtyRead(tx('(demo.balance "bob2")'));
    assert.deepEqual(balance.result, { status: 'success', data: 102.5 });
  });
});
