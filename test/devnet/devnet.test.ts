/// The devnet as a dApp sees it, on the real `dist/pact --serve` (devnet: true) over loopback:
/// chainweb's routing, separate chains, gas bought and redeemed, failures, validation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSignWithKeypair, Pact } from '@kadena/client';
import type { ICommand } from '@kadena/client';
import { tempDirs } from '../helpers/temp.ts';
import { chainPath, localData, post, SENDER00, SENDER01, sendAndListen, signedExec, startDevnet, writeConfig } from './helpers.ts';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { COIN } from '../../src/server/devnet/contracts/coin.ts';
import { parse } from '../../src/syntax/index.ts';
import { FUNGIBLE_V1, FUNGIBLE_V2, FUNGIBLE_XCHAIN_V1, GAS_PAYER_V1 } from '../../src/server/devnet/contracts/interfaces.ts';
import { NS_INSTALL, UTIL_GUARDS, UTIL_NS } from '../../src/server/devnet/contracts/namespaces.ts';
import type { TestDevnet } from './helpers.ts';

const tempDir = tempDirs('pact-devnet-');

describe('devnet', () => {
  let devnet: TestDevnet;
  before(async () => { devnet = await startDevnet(tempDir()); });
  after(async () => { await devnet.stop(); });

  /// A balance as Pact shows it.
  const balance = async (chain: string, account: string): Promise<string> =>
    String(await localData(devnet.url, chain, `(format "{}" [(coin.get-balance "${account}")])`));
  const shown = (n: number): string => (Number.isInteger(n) ? `${n}.0` : String(n));

  it('prints the accounts it funded, with their keys', () => {
    assert.match(devnet.output(), /sender00 +100000000\.0 KDA  keys-all: public 368820f80c324bbc7c2b0610688a7da43e39f91d118732671cd9c7500ff43cca secret 251a920c403ae8c8f65f59142316af3c82b631fba46ddea92ee8c95035bd2898/);
  });

  it('answers for its network and its 20 chains only, as chainweb routes', async () => {
    const info = await (await fetch(`${devnet.url}/info`)).json();
    assert.equal(info.nodeVersion, 'development');
    assert.equal(info.nodeNumberOfChains, 20);
    assert.deepEqual(info.nodeGraphHistory[0][1][0], [0, [15, 10, 5]]);
    const cut = await (await fetch(`${devnet.url}/chainweb/0.0/development/cut`)).json();
    assert.equal(Object.keys(cut.hashes).length, 20);
    assert.equal((await fetch(`${devnet.url}/chainweb/0.0/mainnet01/cut`)).status, 404);
    assert.equal((await post(devnet.url, chainPath('20', 'local'), {})).status, 404);
    assert.equal((await post(devnet.url, chainPath('0', 'local', 'testnet04'), {})).status, 404);
  });

  it('buys gas at the gas price and redeems what was used: the sender pays gas × price, the miner gets it', async () => {
    const cmd = await signedExec('(coin.transfer "sender00" "sender01" 1.0)', SENDER00, {
      chainId: '0', gasPrice: 0.0000001,
      caps: [['coin.GAS'], ['coin.TRANSFER', 'sender00', 'sender01', { decimal: '1.0' }]],
    });
    const [r] = await sendAndListen(devnet.url, '0', [cmd]);
    assert.equal(r!.result.status, 'success', JSON.stringify(r));
    const gas = BigInt(r!.gas);
    assert.ok(gas > 0n);
    const fee = Number(gas) / 1e7;
    assert.deepEqual(r!.events[0].params, ['sender00', 'NoMiner', fee]);
    assert.equal(r!.metaData.blockHeight, 1);
    assert.equal(await balance('0', 'sender00'), shown(100000000 - 1 - fee));
    assert.equal(await balance('0', 'NoMiner'), shown(fee));
    assert.equal(await balance('0', 'sender01'), '110000001.0');
  });

  it('keeps each chain its own state and height', async () => {
    assert.equal(await balance('2', 'sender00'), '100000000.0');
    const cut = await (await fetch(`${devnet.url}/chainweb/0.0/development/cut`)).json();
    assert.equal(cut.hashes['2'].height, 0);
    assert.ok(cut.hashes['0'].height >= 1);
  });

  it('charges a failed transaction its whole gas limit', async () => {
    const cmd = await signedExec('(enforce false "nope")', SENDER00, { chainId: '1', gasLimit: 1000, gasPrice: 0.0000001 });
    const [r] = await sendAndListen(devnet.url, '1', [cmd]);
    assert.equal(r!.result.status, 'failure');
    assert.equal(r!.result.error.message, 'nope');
    assert.equal(r!.gas, 1000);
    assert.equal(r!.txId, null);
    assert.deepEqual(r!.events[0].params, ['sender00', 'NoMiner', 0.0001]);
    assert.equal(await balance('1', 'sender00'), '99999999.9999');
  });

  it('answers blocks with their payloads and outputs, headers, and streams new headers', async () => {
    const events = fetch(`${devnet.url}/chainweb/0.0/development/header/updates`);
    const cmd = await signedExec('(+ 1 2)', SENDER00, { chainId: '3' });
    const [r] = await sendAndListen(devnet.url, '3', [cmd]);
    const page = await (await fetch(`${devnet.url}/chainweb/0.0/development/chain/3/block?minheight=1&maxheight=1`)).json();
    assert.equal(page.items.length, 1);
    const [tx, out] = page.items[0].payloadWithOutputs.transactions[0];
    assert.equal(JSON.parse(Buffer.from(tx, 'base64url').toString()).hash, cmd.hash);
    assert.equal(JSON.parse(Buffer.from(out, 'base64url').toString()).gas, r!.gas);
    assert.equal(page.items[0].header.hash, r!.metaData.blockHash);
    const headers = await (await fetch(`${devnet.url}/chainweb/0.0/development/chain/3/header?minheight=0`, { headers: { accept: 'application/json;blockheader-encoding=object' } })).json();
    assert.deepEqual(headers.items.map((h: { height: number }) => h.height), [0, 1]);
    const reader = (await events).body!.getReader();
    const more = await signedExec('(+ 1 2)', SENDER00, { chainId: '4' });
    await sendAndListen(devnet.url, '4', [more]);
    const chunk = new TextDecoder().decode((await reader.read()).value);
    assert.match(chunk, /^event:BlockHeader\ndata:\{"txCount":1,/);
    await reader.cancel();
  });

  it('runs /local on the chain of its endpoint, whatever chain the command names (as chainweb does without preflight)', async () => {
    const cmd = Pact.builder.execution('(let ((d (chain-data))) (format "{} {}" [(at "chain-id" d) (at "block-height" d)]))')
      .setMeta({ chainId: '19', senderAccount: 'sender00' }).setNetworkId('development').createTransaction();
    const r = await post(devnet.url, `${chainPath('0', 'local')}?signatureVerification=false`, cmd);
    const cut = await (await fetch(`${devnet.url}/chainweb/0.0/development/cut`)).json();
    assert.ok(cut.hashes['0'].height > 0);
    assert.equal(JSON.parse(r.text).result.data, `19 ${cut.hashes['0'].height + 1}`);
  });

  it('answers /poll from the chain\'s blocks, each result with its block', async () => {
    const cmd = await signedExec('(+ 40 2)', SENDER00, { chainId: '6' });
    const [listened] = await sendAndListen(devnet.url, '6', [cmd]);
    const polled = JSON.parse((await post(devnet.url, chainPath('6', 'poll'), { requestKeys: [cmd.hash] })).text);
    assert.deepEqual(polled[cmd.hash], listened);
    const block = (await (await fetch(`${devnet.url}/chainweb/0.0/development/chain/6/block?minheight=1&maxheight=1`)).json()).items[0].header;
    assert.deepEqual(listened!.metaData, { blockHeight: 1, blockTime: block.creationTime, blockHash: block.hash, prevBlockHash: block.parent });
    assert.equal((await post(devnet.url, chainPath('7', 'poll'), { requestKeys: [cmd.hash] })).text, '{}');
  });

  it('answers /spv and /local?preflight=true with chainweb\'s refusals', async () => {
    const spv = await post(devnet.url, '/chainweb/0.0/development/chain/0/pact/spv', { requestKey: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', targetChainId: '1' });
    assert.deepEqual([spv.status, spv.text], [400, 'Transaction hash not found: AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']);
    const wrong = await signedExec('1', SENDER00, { chainId: '1', networkId: 'testnet04' });
    const r = await post(devnet.url, `${chainPath('0', 'local')}?preflight=true`, wrong);
    assert.deepEqual([r.status, r.text], [400, 'Metadata validation failed: ["Chain id mismatch","Network id mismatch"]']);
  });

  it('runs many /send requests sent at once (their mempool checks interleave with the runs)', async () => {
    const cmds = await Promise.all(Array.from({ length: 40 }, (_, i) => signedExec(`(+ ${i} 1)`, SENDER00, { chainId: '5' })));
    const results = await Promise.all(cmds.map((c) => sendAndListen(devnet.url, '5', [c])));
    assert.deepEqual(results.map(([r]) => r!.result.data), cmds.map((_, i) => i + 1));
  });

  it('refuses at /send what chainweb\'s mempool refuses, with its texts', async () => {
    const refused = async (path: string, cmd: Awaited<ReturnType<typeof signedExec>>): Promise<string> => {
      const r = await post(devnet.url, path, { cmds: [cmd] });
      assert.equal(r.status, 400, r.text);
      return r.text;
    };
    const prefix = (cmd: { hash: string }): string => `One or more transactions were invalid: Transaction "${cmd.hash}" at index 0 failed with: `;
    const wrongChain = await signedExec('1', SENDER00, { chainId: '1' });
    assert.equal(await refused(chainPath('0', 'send'), wrongChain), prefix(wrongChain) + 'Transaction metadata (chain id, chainweb version) conflicts with this endpoint');
    const wrongNetwork = await signedExec('1', SENDER00, { networkId: 'testnet04' });
    assert.equal(await refused(chainPath('0', 'send'), wrongNetwork), prefix(wrongNetwork) + 'Transaction metadata (chain id, chainweb version) conflicts with this endpoint');
    const expired = await signedExec('1', SENDER00, { creationTime: 1000, ttl: 600 });
    assert.equal(await refused(chainPath('0', 'send'), expired), prefix(expired) + 'Transaction time-to-live is expired');
    const tooMuchGas = await signedExec('1', SENDER00, { gasLimit: 150001 });
    assert.equal(await refused(chainPath('0', 'send'), tooMuchGas), prefix(tooMuchGas) + 'Transaction gas limit exceeds block gas limit (150000)');
    const unfunded = await signedExec('1', { ...SENDER00, account: 'nobody-here' });
    assert.match(await refused(chainPath('0', 'send'), unfunded), /failed with: Attempt to buy gas failed with: .*row not found: nobody-here/);
    // Code that does not parse; with a time to live over two days too, the parse error still
    // comes first, as in chainweb's order of checks.
    const parseError = `Pact parse error: ${(() => { try { parse('(+ 1', '<interactive>', { columnBase: 0 }); } catch (e) { return (e as Error).message; } return ''; })()}`;
    const unparsed = await signedExec('(+ 1', SENDER00);
    assert.equal(await refused(chainPath('0', 'send'), unparsed), prefix(unparsed) + parseError);
    const unparsedLongLived = await signedExec('(+ 1', SENDER00, { ttl: 3 * 24 * 60 * 60 });
    assert.equal(await refused(chainPath('0', 'send'), unparsedLongLived), prefix(unparsedLongLived) + parseError);
    const longLived = await signedExec('1', SENDER00, { ttl: 3 * 24 * 60 * 60 });
    assert.equal(await refused(chainPath('0', 'send'), longLived), prefix(longLived) + 'Transaction time-to-live is expired');
  });
});

describe('devnet cross-chain transfers and restarts', () => {
  it('moves coins between chains with an SPV proof, refuses a replay and a forged proof, and keeps everything across a restart', async () => {
    const dir = tempDir();
    let devnet = await startDevnet(dir, [`persistDir: ${dir}/data`]);
    const receiver = { keys: [SENDER00.publicKey], pred: 'keys-all' };
    const burn = await signedExec('(coin.transfer-crosschain "sender00" "xchain-receiver" (read-keyset "ks") "1" 5.0)', SENDER00, {
      chainId: '0', data: { ks: receiver },
      caps: [['coin.GAS'], ['coin.TRANSFER_XCHAIN', 'sender00', 'xchain-receiver', { decimal: '5.0' }, '1']],
    });
    const [step0] = await sendAndListen(devnet.url, '0', [burn]);
    assert.equal(step0!.result.status, 'success', JSON.stringify(step0));
    const spv = await post(devnet.url, '/chainweb/0.0/development/chain/0/pact/spv', { requestKey: step0!.reqKey, targetChainId: '1' });
    assert.equal(spv.status, 200, spv.text);
    const proof = JSON.parse(spv.text) as string;

    // A restart before the continuation: the pending step survives, heights and balances too.
    const height0 = (await (await fetch(`${devnet.url}/chainweb/0.0/development/cut`)).json()).hashes['0'].height;
    assert.equal(await devnet.stop(), 0);
    devnet = await startDevnet(dir, [`persistDir: ${dir}/data`]);
    assert.equal((await (await fetch(`${devnet.url}/chainweb/0.0/development/cut`)).json()).hashes['0'].height, height0);
    assert.equal(await localData(devnet.url, '0', '(format "{}" [(coin.get-balance "sender00")])') !== '100000000.0', true);

    const cont = async (p: string): Promise<Record<string, any>> => {
      const cmd = Pact.builder.continuation({ pactId: step0!.continuation.pactId, step: 1, rollback: false, proof: p, data: {} })
        .addSigner(SENDER01.publicKey, (signFor) => [signFor('coin.GAS')])
        .setMeta({ chainId: '1', senderAccount: 'sender01', gasLimit: 2500, gasPrice: 0.00000001 })
        .setNetworkId('development').setNonce(`cont-${Math.random()}`).createTransaction();
      const signed = await createSignWithKeypair(SENDER01)(cmd);
      return (await sendAndListen(devnet.url, '1', [signed as ICommand]))[0]!;
    };
    const forged = Buffer.from(JSON.stringify({ chain: 1, object: Buffer.from('{}').toString('base64url'), algorithm: 'SHA512t_256' })).toString('base64url');
    const bad = await cont(forged);
    assert.equal(bad.result.status, 'failure');
    assert.match(bad.result.error.message, /unable to decode continuation proof/);
    const done = await cont(proof);
    assert.equal(done.result.status, 'success', JSON.stringify(done));
    assert.equal(await localData(devnet.url, '1', '(format "{}" [(coin.get-balance "xchain-receiver")])'), '5.0');
    const replay = await cont(proof);
    assert.equal(replay.result.status, 'failure');
    assert.match(replay.result.error.message, /resumePact: pact completed/);
    assert.equal(await devnet.stop(), 0);
  });
});

describe('devnet genesis: DIR', () => {
  it('installs the contracts of a copy of chainweb\'s pact/ directory, and names a missing file', async () => {
    const dir = tempDir();
    const contracts: Array<[string, string]> = [
      ['coin-contract/v1/fungible-v1.pact', FUNGIBLE_V1], ['coin-contract/v4/fungible-xchain-v1.pact', FUNGIBLE_XCHAIN_V1],
      ['coin-contract/v2/fungible-v2.pact', FUNGIBLE_V2], ['coin-contract/coin-install.pact', COIN.replace('(module coin GOVERNANCE', '(module coin GOVERNANCE\n  ;; from DIR')],
      ['gas-payer/gas-payer-v1.pact', GAS_PAYER_V1], ['namespaces/ns-install.pact', NS_INSTALL],
      ['util/util-ns.pact', UTIL_NS],
    ];
    for (const [path, text] of contracts) {
      mkdirSync(join(dir, 'pact', dirname(path)), { recursive: true });
      writeFileSync(join(dir, 'pact', path), text);
    }
    const missing = spawnSync('dist/pact', ['--serve', writeConfig(dir, 'a.yaml', [`genesis: ${dir}/pact`])], { encoding: 'utf8' });
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /^pact: genesis: cannot read .*util\/guards\.pact: /);
    writeFileSync(join(dir, 'pact', 'util/guards.pact'), UTIL_GUARDS);
    const devnet = await startDevnet(dir, [], [`genesis: ${dir}/pact`]);
    try {
      assert.match(String(await localData(devnet.url, '7', '(at "code" (describe-module "coin"))')), /;; from DIR/);
    } finally {
      await devnet.stop();
    }
  });
});

describe('devnet blockDelay', () => {
  /// Waits (a loaded machine may fire the timer late, up to 20 s) for chains 0, 7 and 19 to
  /// reach `height` with no command sent; answers chain 7's `chain-data` then.
  async function waitForHeight(devnet: TestDevnet, height: number): Promise<{ height: number; time: number }> {
    const heights = async () => (await (await fetch(`${devnet.url}/chainweb/0.0/development/cut`)).json()).hashes;
    const start = Date.now();
    let cut = await heights();
    while (['0', '7', '19'].some((c) => cut[c].height < height) && Date.now() - start < 20_000) {
      await new Promise((r) => setTimeout(r, 100));
      cut = await heights();
    }
    for (const c of ['0', '7', '19']) assert.ok(cut[c].height >= height, JSON.stringify(cut[c]));
    const code = '(let ((d (chain-data))) (format "{} {}" [(at "block-height" d) (diff-time (at "block-time" d) (time "1970-01-01T00:00:00Z"))]))';
    const [h, t] = String(await localData(devnet.url, '7', code)).split(' ');
    return { height: Number(h), time: Number(t) * 1000 };
  }

  it('makes an empty block on every chain every blockDelay ms', async () => {
    const devnet = await startDevnet(tempDir(), [], ['blockDelay: 100']);
    try {
      assert.ok((await waitForHeight(devnet, 3)).height >= 4);
    } finally {
      await devnet.stop();
    }
  });

  it('by default makes them every 2 s, so that block times follow the clock', async () => {
    const devnet = await startDevnet(tempDir(), [], []);
    try {
      const { time } = await waitForHeight(devnet, 1);
      assert.ok(Math.abs(Date.now() - time) < 30_000, `block time ${new Date(time).toISOString()}`);
    } finally {
      await devnet.stop();
    }
  });
});
