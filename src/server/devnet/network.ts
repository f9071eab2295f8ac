/// A devnet: its chains (each its own Pact state, block height and tx ids, all in the node's one
/// SQLite database), their blocks, and the making of blocks. A block is made for each command
/// `/send` runs, on its chain, in the SQLite transaction that also stores the command's result.
import type { DatabaseSync } from 'node:sqlite';
import { encodeJson, JsonNumber, JsonObject } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';
import { hashText } from '../../values/hash.ts';
import { commandResultText } from '../../lang/result-json.ts';
import type { CommandResultParts } from '../../lang/result-json.ts';
import { openPactDb } from '../pact-service.ts';
import { blockHash, BlockStore, genesisParent, payloadHash } from './blocks.ts';
import type { Block, BlockHeader, PayloadTx } from './blocks.ts';
import type { DevnetConfig } from './config.ts';
import { applyGenesis, TX_FLAGS } from './exec.ts';
import type { BlockContext, ChainState } from './exec.ts';
import { genesisContracts, genesisTxs } from './genesis.ts';
import type { GenesisTx } from './genesis.ts';
import { tableNamesSql } from '../../db/sql.ts';
import { DevnetSpv } from './spv.ts';
import { b64, signedJson } from './payload.ts';

/// chainweb's development network starts at this time.
const GENESIS_TIME = 1563388117613832n;

/// A chain: its Pact state and its newest block.
export interface Chain extends ChainState {
  tip: BlockHeader;
}

export class Devnet {
  readonly config: DevnetConfig;
  readonly blocks: BlockStore;
  readonly chains = new Map<string, Chain>();
  readonly spv: DevnetSpv;

  /// Opens the devnet in `conn`: its tables, and on a fresh database the genesis block of every
  /// chain (in one SQLite transaction).
  constructor(conn: DatabaseSync, config: DevnetConfig) {
    this.config = config;
    this.blocks = new BlockStore(conn);
    this.spv = new DevnetSpv(this.blocks, config);
    const fresh = this.blocks.tip(config.graph.chains[0]!) === undefined;
    if (fresh) conn.exec('BEGIN');
    try {
      for (const id of config.graph.chains) {
        const db = openPactDb(conn, TX_FLAGS, `${id}:`);
        const tip = this.blocks.tip(id);
        const chain: Chain = { id, db, nextTxId: tip === undefined ? 0 : tip.lastTxId + 1, tip: tip! };
        this.chains.set(id, chain);
      }
      if (fresh) {
        this.#genesisAll(conn, genesisContracts(config.genesis));
        conn.exec('COMMIT');
      }
    } catch (e) {
      if (conn.isTransaction) conn.exec('ROLLBACK');
      throw e;
    }
  }

  chain(id: string): Chain | undefined {
    return this.chains.get(id);
  }

  /// Makes the next block of `chain`: `run` executes its transactions in the block's context and
  /// returns them with their outputs. The block is stored in the caller's SQLite transaction.
  mine(chain: Chain, run: (block: BlockContext) => PayloadTx[]): Block {
    const block = this.nextBlock(chain);
    return this.#seal(chain, Number(block.height), block.parentHash, block.blockTime, run(block));
  }

  /// An empty block on every chain (a devnet with a `blockDelay` makes them as time passes),
  /// in a SQLite transaction of its own.
  mineEmpty(conn: DatabaseSync): void {
    conn.exec('BEGIN');
    try {
      for (const chain of this.chains.values()) this.mine(chain, () => []);
      conn.exec('COMMIT');
    } catch (e) {
      if (conn.isTransaction) conn.exec('ROLLBACK');
      this.reload();
      throw e;
    }
  }

  /// The block after the chain's newest, made now (after its parent): where `/local` runs, and
  /// what `mine` makes.
  nextBlock(chain: Chain): BlockContext {
    const now = BigInt(Date.now()) * 1000n;
    const t = chain.tip.creationTime;
    return { height: BigInt(chain.tip.height + 1), blockTime: now > t ? now : t + 1n, parentHash: chain.tip.hash };
  }

  /// The chains as stored: after the caller rolled back a transaction that made blocks.
  reload(): void {
    for (const chain of this.chains.values()) {
      chain.db.clearCache();
      chain.tip = this.blocks.tip(chain.id)!;
      chain.nextTxId = chain.tip.lastTxId + 1;
    }
  }

  #seal(chain: Chain, height: number, parent: string, creationTime: bigint, txs: PayloadTx[]): Block {
    const adjacents = this.config.graph.adjacent.get(chain.id)!.map((c): [string, string] => [c, this.chains.get(c)!.tip?.hash ?? genesisParent(this.config.networkId, c)]);
    const pHash = payloadHash(txs);
    const header = { chainId: chain.id, height, parent, creationTime, payloadHash: pHash, adjacents };
    const block: Block = { ...header, hash: blockHash(header), lastTxId: chain.nextTxId - 1, txs };
    this.blocks.insert(block);
    chain.tip = block;
    return block;
  }

  /// Block 0 of every chain. Chains other than 0 have the same genesis, so it runs on one of
  /// them and the others get copies of its tables (their genesis blocks differ only in the
  /// request keys, which name the chain).
  #genesisAll(conn: DatabaseSync, contracts: ReturnType<typeof genesisContracts>): void {
    let model: { chain: Chain; results: GenesisResult[] } | null = null;
    for (const chain of this.chains.values()) {
      const txs = genesisTxs(contracts, chain.id);
      if (chain.id === '0' || model === null) {
        const results = this.#genesis(chain, txs);
        if (chain.id !== '0') model = { chain, results };
        continue;
      }
      copyTables(conn, model.chain, chain);
      this.#sealGenesis(chain, txs, model.results);
    }
  }

  /// Runs a chain's genesis transactions and makes its block 0.
  #genesis(chain: Chain, txs: readonly GenesisTx[]): GenesisResult[] {
    const block = this.#genesisBlock(chain);
    const results = txs.map((g): GenesisResult => {
      const reqKey = hashText(this.#genesisCommand(chain, g));
      return { txId: applyGenesis(chain, block, g.code, g.data, g.signers, reqKey).txId };
    });
    this.#sealGenesis(chain, txs, results);
    return results;
  }

  #genesisBlock(chain: Chain): BlockContext {
    return { height: 0n, blockTime: GENESIS_TIME, parentHash: genesisParent(this.config.networkId, chain.id) };
  }

  #genesisCommand(chain: Chain, g: GenesisTx): string {
    return genesisCommand(this.config.networkId, chain.id, g.nonce, g.code, g.data);
  }

  /// Block 0, its payload the genesis transactions with their outputs.
  #sealGenesis(chain: Chain, txs: readonly GenesisTx[], results: readonly GenesisResult[]): void {
    const payload = txs.map((g, i): PayloadTx => {
      const cmd = this.#genesisCommand(chain, g);
      const reqKey = hashText(cmd);
      const parts: CommandResultParts = {
        reqKey, txId: results[i]!.txId, gas: 0n, result: { data: g.nonce }, logs: null, events: [], continuation: null,
      };
      return { reqKey, tx: b64(signedJson(reqKey, cmd)), output: b64(commandResultText(parts)) };
    });
    chain.nextTxId = (results.at(-1)?.txId ?? -1) + 1;
    this.#seal(chain, 0, this.#genesisBlock(chain).parentHash, GENESIS_TIME, payload);
  }
}

/// What a genesis transaction left for its block's output.
interface GenesisResult {
  readonly txId: number | null;
}

/// Copies the Pact tables of chain `from` into chain `to` (whose own are empty).
function copyTables(conn: DatabaseSync, from: Chain, to: Chain): void {
  const prefix = `${from.id}:`;
  const names = (conn.prepare(tableNamesSql.sql).all() as Array<{ name: string }>).map((r) => r.name);
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('_DATA')) continue;
    const id = name.slice(prefix.length, -'_DATA'.length);
    to.db.createTable(id);
    for (const suffix of ['_DATA', '_TX']) {
      conn.exec(`INSERT INTO [${to.id}:${id}${suffix}] SELECT * FROM [${from.id}:${id}${suffix}]`);
    }
  }
  to.db.clearCache();
}

/// The `cmd` text of a genesis transaction (unsigned; its hash is its request key).
function genesisCommand(networkId: string, chainId: string, nonce: string, code: string, data: Json): string {
  return encodeJson(new JsonObject([
    ['networkId', networkId],
    ['payload', new JsonObject([['exec', new JsonObject([['data', data], ['code', code]])]])],
    ['signers', []],
    ['meta', new JsonObject([['chainId', chainId], ['sender', ''], ['gasLimit', new JsonNumber(0n, 0)]])],
    ['nonce', `${nonce}-${chainId}`],
  ]));
}

