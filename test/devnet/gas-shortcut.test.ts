/// The gas shortcut (src/server/devnet/gas-shortcut.ts) against coin's own code: the same
/// commands, run as the executor runs them (mempool check, then the run) on a devnet with the
/// shortcut and on one that always runs `coin.buy-gas` and `coin.redeem-gas`, give the same
/// check answers, the same results byte for byte, and the same database, row for row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DatabaseSync } from 'node:sqlite';
import { openSqlite } from '../../src/db/sqlite.ts';
import { commandsOf, submitBatchOf } from '../../src/server/requests.ts';
import { DEVNET_DEFAULTS } from '../../src/server/devnet/config.ts';
import type { DevnetConfig } from '../../src/server/devnet/config.ts';
import { Devnet } from '../../src/server/devnet/network.ts';
import { DevnetService } from '../../src/server/devnet/service.ts';
import { parseJson } from '../../src/values/json.ts';
import type { Command } from '../../src/api/command.ts';
import { SENDER00, SENDER01, signedExec } from './helpers.ts';
import type { CommandOptions } from './helpers.ts';

type Signer = typeof SENDER00;

interface Net {
  readonly conn: DatabaseSync;
  readonly service: DevnetService;
}

function devnet(gasShortcut: boolean, config: Partial<DevnetConfig>): Net {
  const conn = openSqlite(':memory:', []);
  return { conn, service: new DevnetService(new Devnet(conn, { ...DEVNET_DEFAULTS, blockDelay: 0, ...config }, { gasShortcut }), conn) };
}

/// Runs a batch as the executor does and commits it: each command's mempool check answer, and
/// the result of those that pass it.
function run(net: Net, cmds: readonly Command[]): string[] {
  net.conn.exec('BEGIN');
  const out = cmds.map((c) => {
    const check = net.service.apply(c, 'local', { mempoolCheck: true, chain: '0' });
    if (!check.success) return `check: ${check.summary}`;
    return net.service.apply(c, 'transactional').json;
  });
  net.service.beforeCommit();
  net.conn.exec('COMMIT');
  return out;
}

/// Every row of every chain's Pact tables (its rows and their tx logs), in order. (Blocks differ
/// by their creation time.)
function dump(conn: DatabaseSync): string[] {
  const tables = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE '%\\_DATA' ESCAPE '\\' OR name LIKE '%\\_TX' ESCAPE '\\') ORDER BY name").all() as Array<{ name: string }>;
  assert.ok(tables.length > 100);
  return tables.flatMap(({ name }) => (conn.prepare(`SELECT * FROM [${name}] ORDER BY 1, 2`).all() as unknown[]).map((r) => `${name} ${JSON.stringify(r)}`));
}

async function cmd(code: string, signer: Signer, o: CommandOptions = {}): Promise<Command> {
  const signed = await signedExec(code, signer, o);
  return commandsOf(submitBatchOf(parseJson(JSON.stringify({ cmds: [signed] }))))[0]!;
}

const transfer = (from: Signer, to: string, amount: string, o: CommandOptions = {}): Promise<Command> =>
  cmd(`(coin.transfer "${from.account}" "${to}" ${amount})`, from, { caps: [['coin.GAS'], ['coin.TRANSFER', from.account, to, { decimal: amount }]], ...o });

/// The batches both devnets run, in turn.
async function batches(): Promise<Command[][]> {
  const gas = { caps: [['coin.GAS']] as const };
  const fresh = { ...SENDER01, account: 'fresh-account' };
  const sender01By00 = { ...SENDER00, account: 'sender01' };
  return [
    [
      await transfer(SENDER00, 'sender01', '1.0'),
      await transfer(SENDER00, 'sender01', '2.5'),
      await transfer(SENDER00, 'sender01', '0.000001', { gasPrice: 0.00000123, gasLimit: 1234 }),
      // A failure pays its whole gas limit: nothing to refund.
      await cmd('(enforce false "refused")', SENDER00, gas),
      // Unscoped: other signers, so coin's own code decides first.
      await cmd('(+ 1 2)', SENDER00),
      await cmd('(+ 1 2)', SENDER00),
      await transfer(SENDER01, 'sender00', '0.5', { chainId: '0' }),
      // Scoped, but to no capability coin's gas purchase takes: the guard refuses the key.
      await cmd('(+ 1 2)', SENDER00, { caps: [['coin.TRANSFER', 'sender00', 'sender01', { decimal: '1.0' }]] }),
    ],
    [
      // The wrong key for the sender's guard: coin's code refuses it at the check.
      await cmd('(+ 1 2)', sender01By00, gas),
      await cmd('(coin.transfer-create "sender00" "fresh-account" (read-keyset "ks") 0.00002)', SENDER00, {
        caps: [['coin.GAS'], ['coin.TRANSFER', 'sender00', 'fresh-account', { decimal: '0.00002' }]],
        data: { ks: { keys: [SENDER01.publicKey], pred: 'keys-all' } },
      }),
      // sender01 hands its account to sender00's key.
      await cmd('(coin.rotate "sender01" (read-keyset "ks"))', SENDER01, {
        caps: [['coin.GAS'], ['coin.ROTATE', 'sender01']], data: { ks: { keys: [SENDER00.publicKey], pred: 'keys-all' } },
      }),
    ],
    [
      await cmd('(+ 1 2)', SENDER01, gas),
      await cmd('(+ 1 2)', sender01By00, gas),
      await cmd('(+ 1 2)', sender01By00, gas),
      // Its balance covers a small gas limit, not a large one.
      await cmd('(+ 1 2)', fresh, { ...gas, gasLimit: 1000 }),
      await cmd('(+ 1 2)', fresh, { ...gas, gasLimit: 1000 }),
      await cmd('(+ 1 2)', fresh, { ...gas, gasLimit: 100000 }),
      await cmd('(+ 1 2)', fresh, { ...gas, gasLimit: 1000 }),
    ],
  ];
}

async function compare(config: Partial<DevnetConfig>): Promise<void> {
  const quick = devnet(true, config);
  const coin = devnet(false, config);
  for (const batch of await batches()) assert.deepEqual(run(quick, batch), run(coin, batch));
  assert.deepEqual(dump(quick.conn), dump(coin.conn));
}

describe('devnet gas shortcut', () => {
  it('answers mempool checks, runs commands and leaves the database exactly as coin\'s own buy-gas and redeem-gas do', async () => {
    await compare({});
  });

  it('does the same when the miner is the sender, and its account is credited its own fee', async () => {
    await compare({ miner: { account: 'sender00', keys: [SENDER00.publicKey], pred: 'keys-all' } });
  });
});
