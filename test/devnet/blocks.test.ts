/// A devnet's blocks, in-process (its service over SQLite in memory, as the executor drives it):
/// the commands run before a commit share their chain's block, a block holds at most its gas
/// limit, what `chain-data` shows inside a block, a rolled-back command, and a command whose gas
/// cannot be bought left out of its block.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { DatabaseSync } from 'node:sqlite';
import { openSqlite } from '../../src/db/sqlite.ts';
import { commandsOf, submitBatchOf } from '../../src/server/requests.ts';
import { DEVNET_DEFAULTS } from '../../src/server/devnet/config.ts';
import type { DevnetConfig } from '../../src/server/devnet/config.ts';
import { Devnet } from '../../src/server/devnet/network.ts';
import { DevnetService } from '../../src/server/devnet/service.ts';
import { DevnetView } from '../../src/server/devnet/view.ts';
import { parseJson } from '../../src/values/json.ts';
import type { Command } from '../../src/api/command.ts';
import { SENDER00, signedExec } from './helpers.ts';
import type { CommandOptions } from './helpers.ts';

interface Net {
  readonly conn: DatabaseSync;
  readonly service: DevnetService;
  readonly view: DevnetView;
  /// Runs commands as the executor does (`/send`'s mempool check, then the run), then commits.
  send(cmds: readonly Command[], commit?: boolean): Array<Record<string, any>>;
}

function devnet(config: Partial<DevnetConfig> = {}): Net {
  const conn = openSqlite(':memory:', []);
  const service = new DevnetService(new Devnet(conn, { ...DEVNET_DEFAULTS, blockDelay: 0, ...config }), conn);
  const view = new DevnetView(conn, service.devnet.config);
  return {
    conn, service, view,
    send(cmds, commit = true) {
      conn.exec('BEGIN');
      const results = cmds.map((c) => {
        const check = service.apply(c, 'local', { mempoolCheck: true, chain: '0' });
        assert.equal(check.summary, 'success');
        return JSON.parse(service.apply(c, 'transactional').json);
      });
      if (commit) {
        service.beforeCommit();
        conn.exec('COMMIT');
      } else {
        conn.exec('ROLLBACK');
        service.reset();
      }
      return results;
    },
  };
}

async function cmd(code: string, o: CommandOptions = {}): Promise<Command> {
  const signed = await signedExec(code, SENDER00, { caps: [['coin.GAS']], ...o });
  return commandsOf(submitBatchOf(parseJson(JSON.stringify({ cmds: [signed] }))))[0]!;
}

const polled = (net: Net, reqKey: string): Record<string, any> => JSON.parse(net.view.result('0', reqKey)!);

describe('devnet blocks', () => {
  let net: Net;
  before(() => { net = devnet(); });

  it('puts the commands run before a commit into one block of their chain, in order', async () => {
    const cmds = await Promise.all([1, 2, 3].map((i) => cmd(`(+ ${i} 0)`)));
    const results = net.send(cmds);
    assert.deepEqual(results.map((r) => [r.result.data, r.metaData]), [[1, null], [2, null], [3, null]]);
    const tip = net.view.tip('0');
    assert.equal(tip.height, 1);
    assert.deepEqual(net.view.blocks.payload(tip).map((t) => t.reqKey), results.map((r) => r.reqKey));
    const shown = polled(net, results[1]!.reqKey);
    assert.deepEqual(shown.metaData, { blockHeight: 1, blockTime: Number(tip.creationTime), blockHash: tip.hash, prevBlockHash: tip.parent });
    assert.equal(net.view.result('1', results[1]!.reqKey), undefined);
  });

  it('shows in chain-data the height of the block being made, its parent\'s creation time, and that parent\'s own parent hash (as chainweb\'s Pact 4 service does)', async () => {
    const parent = net.view.tip('0');
    const [r] = net.send([await cmd('(let ((d (chain-data))) (format "{} {} {}" [(at "block-height" d) (at "prev-block-hash" d) (format-time "%Y-%m-%dT%H:%M:%S.%v" (at "block-time" d))]))')]);
    const micros = parent.creationTime;
    const time = `${new Date(Number(micros / 1000n)).toISOString().slice(0, 19)}.${String(micros % 1000000n).padStart(6, '0')}`;
    assert.equal(r!.result.data, `${parent.height + 1} ${parent.parent} ${time}`);
  });

  it('starts a new block when the next command\'s gas limit no longer fits in what the block has left', async () => {
    // A failure uses its whole gas limit.
    const small = devnet({ blockGasLimit: 2500n });
    const results = small.send(await Promise.all([0, 1, 2].map((i) => cmd(`(enforce false "${i}")`, { gasLimit: 1000 }))));
    assert.deepEqual(results.map((r) => polled(small, r.reqKey).metaData.blockHeight), [1, 1, 2]);
  });

  it('makes the empty blocks its timer asks for inside the executor\'s open transaction, stored when it commits', async () => {
    const before = net.view.tip('0');
    const other = net.view.tip('5');
    net.conn.exec('BEGIN');
    const c = await cmd('(+ 2 2)');
    assert.equal(net.service.apply(c, 'local', { mempoolCheck: true, chain: '0' }).summary, 'success');
    const r = JSON.parse(net.service.apply(c, 'transactional').json);
    net.service.devnet.mineEmpty(net.conn);
    assert.equal(net.view.tip('0').height, before.height);
    net.service.beforeCommit();
    net.conn.exec('COMMIT');
    assert.equal(net.view.tip('0').height, before.height + 1);
    assert.equal(polled(net, r.reqKey).metaData.blockHeight, before.height + 1);
    assert.equal(net.view.tip('5').height, other.height + 1);
  });

  it('forgets a command whose SQLite transaction was rolled back: its chain takes its tx ids again', async () => {
    const before = net.view.tip('0');
    const [gone] = net.send([await cmd('(+ 1 1)')], false);
    const [kept] = net.send([await cmd('(+ 1 1)')]);
    assert.equal(kept!.txId, gone!.txId);
    assert.equal(net.view.tip('0').height, before.height + 1);
    assert.equal(net.view.result('0', gone!.reqKey), undefined);
  });

  it('leaves out of its block a command whose gas cannot be bought any more, and badlists it', async () => {
    const drain = await cmd('(coin.transfer "sender00" "sender01" (- (coin.get-balance "sender00") 0.000005))', {
      caps: [['coin.GAS'], ['coin.TRANSFER', 'sender00', 'sender01', { decimal: '100000000.0' }]], gasLimit: 1000,
    });
    const late = await cmd('(+ 1 2)', { gasLimit: 2000 });
    const check = net.service.apply(late, 'local', { mempoolCheck: true, chain: '0' });
    assert.equal(check.summary, 'success');
    const [drained] = net.send([drain]);
    assert.equal(drained!.result.status, 'success', JSON.stringify(drained));
    const r = JSON.parse(net.service.apply(late, 'transactional').json);
    assert.deepEqual(r.result.error.message, 'Transaction is badlisted because it previously failed to validate.');
    assert.deepEqual(polled(net, r.reqKey), r);
    assert.match(net.service.apply(late, 'local', { mempoolCheck: true, chain: '0' }).summary, /^Transaction is badlisted/);
  });
});
