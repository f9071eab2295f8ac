/// A devnet: its chains (each its own Pact state, block height and tx ids, all in the node's one
/// SQLite database), their blocks, and the making of blocks. The commands `/send` runs go into
/// their chain's open block; the executor seals the open blocks before it commits the SQLite
/// transaction the commands ran in (so a result and its block are stored together), and a block
/// is sealed early when the next command's gas limit no longer fits in it (chainweb fills a block
/// up to its gas limit).
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
import { GasShortcut } from './gas-shortcut.ts';
import { b64, signedJson } from './payload.ts';

/// chainweb's development network starts at this time.
const GENESIS_TIME = 1563388117613832n;

/// The transactions run on a chain since its newest block, for its next block.
interface OpenBlock {
  readonly txs: PayloadTx[];
  /// The gas they used, of the block's gas limit.
  gasUsed: bigint;
}

/// A chain: its Pact state, its newest block, the blocks made but not stored yet, and the block
/// being filled.
export interface Chain extends ChainState {
  tip: BlockHeader;
  readonly unstored: Block[];
  readonly open: OpenBlock;
}

/// Where a chain's open block and tx ids stood.
export interface ChainMark {
  readonly chain: Chain;
  readonly txs: number;
  readonly gasUsed: bigint;
  readonly nextTxId: number;
}

export class Devnet {
  readonly config: DevnetConfig;
  readonly blocks: BlockStore;
  readonly chains = new Map<string, Chain>();
  readonly spv: DevnetSpv;
  /// Only for the devnet's own coin contract (gas-shortcut.ts); `genesis: DIR` runs its own.
  readonly gasShortcut: GasShortcut | null;
  /// The request keys in blocks not stored yet.
  readonly #unstored = new Set<string>();

  /// Opens the devnet in `conn`: its tables, and on a fresh database the genesis block of every
  /// chain (in one SQLite transaction). `gasShortcut: false` always runs coin's code for gas (what
  /// the shortcut is tested against).
  constructor(conn: DatabaseSync, config: DevnetConfig, options: { gasShortcut?: boolean } = {}) {
    this.config = config;
    this.blocks = new BlockStore(conn);
    this.spv = new DevnetSpv(this.blocks, config);
    this.gasShortcut = config.genesis === null && options.gasShortcut !== false ? new GasShortcut() : null;
    const fresh = this.blocks.tip(config.graph.chains[0]!) === undefined;
    if (fresh) conn.exec('BEGIN');
    try {
      for (const id of config.graph.chains) {
        const db = openPactDb(conn, TX_FLAGS, `${id}:`);
        const tip = this.blocks.tip(id);
        const chain: Chain = {
          id, db, nextTxId: tip === undefined ? 0 : tip.lastTxId + 1, tip: tip!, unstored: [], open: { txs: [], gasUsed: 0n },
        };
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

  /// Where the next transaction of `chain` runs, as its `chain-data` shows it (chainweb's
  /// `ctxToPublicData`): the height after the newest block's, that block's creation time, and as
  /// the previous block's hash, the hash of that block's parent (chainweb's Pact 4 service reads
  /// it off the newest block's header, one block further back than the name says).
  context(chain: Chain): BlockContext {
    return { height: BigInt(chain.tip.height + 1), blockTime: chain.tip.creationTime, prevBlockHash: chain.tip.parent };
  }

  /// Makes the chain's open block a block if a transaction allowed `gasLimit` would not fit in it
  /// (chainweb fills a block up to its gas limit).
  makeRoom(chain: Chain, gasLimit: bigint): void {
    if (chain.open.txs.length > 0 && this.config.blockGasLimit - chain.open.gasUsed < gasLimit) this.#close(chain);
  }

  /// Adds a transaction that ran on `chain`, with its output and the gas it used, to the chain's
  /// open block.
  include(chain: Chain, tx: PayloadTx, gas: bigint): void {
    chain.open.txs.push(tx);
    chain.open.gasUsed += gas;
    this.#unstored.add(tx.reqKey);
  }

  /// Where the chain's open block and tx ids stand, for `undo`.
  mark(chain: Chain): ChainMark {
    return { chain, txs: chain.open.txs.length, gasUsed: chain.open.gasUsed, nextTxId: chain.nextTxId };
  }

  /// Back to `mark`: the transactions run since are gone (their SQLite writes rolled back).
  undo(mark: ChainMark): void {
    const { chain } = mark;
    for (const t of chain.open.txs.splice(mark.txs)) this.#unstored.delete(t.reqKey);
    chain.open.gasUsed = mark.gasUsed;
    chain.nextTxId = mark.nextTxId;
  }

  /// Whether a transaction is in a block (stored or not yet).
  mined(reqKey: string): boolean {
    return this.#unstored.has(reqKey) || this.blocks.lookup(reqKey) !== undefined;
  }

  /// Makes the open blocks blocks and stores every block made (in the caller's SQLite
  /// transaction, with the results of their transactions).
  seal(): void {
    for (const chain of this.chains.values()) if (chain.open.txs.length > 0) this.#close(chain);
    this.#store();
  }

  /// A block on every chain, empty where nothing is open (a devnet with a `blockDelay` makes them
  /// as time passes), in a SQLite transaction of its own; while the executor holds one open (it
  /// waits for more commands to join its group), they are stored when it commits.
  mineEmpty(conn: DatabaseSync): void {
    if (conn.isTransaction) {
      for (const chain of this.chains.values()) this.#close(chain);
      return;
    }
    conn.exec('BEGIN');
    try {
      for (const chain of this.chains.values()) this.#close(chain);
      this.#store();
      conn.exec('COMMIT');
    } catch (e) {
      if (conn.isTransaction) conn.exec('ROLLBACK');
      this.#restoreTips();
      throw e;
    }
  }

  /// Drops the chains' cached Pact state: the caller rolled back writes made through them.
  clearCaches(): void {
    for (const chain of this.chains.values()) chain.db.clearCache();
  }

  /// The chain's open block as its next block, made now (after its parent), to be stored.
  #close(chain: Chain): void {
    const t = chain.tip.creationTime;
    const now = BigInt(Date.now()) * 1000n;
    const block = this.#block(chain, chain.tip.height + 1, chain.tip.hash, now > t ? now : t + 1n, chain.open.txs);
    chain.unstored.push(block);
    chain.tip = block;
    chain.open.txs.length = 0;
    chain.open.gasUsed = 0n;
  }

  #store(): void {
    for (const chain of this.chains.values()) {
      for (const b of chain.unstored) {
        this.blocks.insert(b);
        for (const t of b.txs) this.#unstored.delete(t.reqKey);
      }
      chain.unstored.length = 0;
    }
  }

  /// The tips as stored, after storing blocks failed (only empty blocks were being made).
  #restoreTips(): void {
    for (const chain of this.chains.values()) {
      chain.unstored.length = 0;
      chain.tip = this.blocks.tip(chain.id)!;
    }
  }

  /// A block of `chain` holding `txs`, its adjacent parents the tips of the adjacent chains.
  #block(chain: Chain, height: number, parent: string, creationTime: bigint, txs: readonly PayloadTx[]): Block {
    const adjacents = this.config.graph.adjacent.get(chain.id)!.map((c): [string, string] => [c, this.chains.get(c)!.tip?.hash ?? genesisParent(this.config.networkId, c)]);
    const header = { chainId: chain.id, height, parent, creationTime, payloadHash: payloadHash(txs), adjacents };
    return { ...header, hash: blockHash(header), lastTxId: chain.nextTxId - 1, txs: [...txs] };
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
    return { height: 0n, blockTime: GENESIS_TIME, prevBlockHash: genesisParent(this.config.networkId, chain.id) };
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
    const block = this.#block(chain, 0, this.#genesisBlock(chain).prevBlockHash, GENESIS_TIME, payload);
    this.blocks.insert(block);
    chain.tip = block;
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

