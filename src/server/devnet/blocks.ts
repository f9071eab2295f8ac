/// The blocks of a devnet: one row per block of every chain, in the node's SQLite database beside
/// the chains' Pact state, written in the same transaction as the block's effects. A block holds
/// its transactions and their outputs as chainweb's payloads do (base64url of the signed command
/// and of its CommandResult); its header has the fields chainweb clients read. Hashes are
/// BLAKE2b-256 over our own encoding: they identify blocks and payloads of this node only.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { base64UrlEncode } from '../../values/base64.ts';
import { blake2b256Text } from '../../values/hash.ts';

/// A block header, as stored.
export interface BlockHeader {
  readonly chainId: string;
  readonly height: number;
  readonly hash: string;
  readonly parent: string;
  /// Microseconds since the epoch.
  readonly creationTime: bigint;
  readonly payloadHash: string;
  /// The tips of the adjacent chains when the block was made.
  readonly adjacents: ReadonlyArray<readonly [string, string]>;
  /// The last tx id the chain had used by the end of the block.
  readonly lastTxId: number;
}

/// One transaction of a payload: the signed command and its output, each as base64url of its
/// JSON text (as chainweb's payloads carry them).
export interface PayloadTx {
  readonly reqKey: string;
  readonly tx: string;
  readonly output: string;
}

/// A block with its payload.
export interface Block extends BlockHeader {
  readonly txs: readonly PayloadTx[];
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS devnet_blocks (
    chain TEXT NOT NULL, height INTEGER NOT NULL, hash TEXT NOT NULL UNIQUE, parent TEXT NOT NULL,
    creationTime INTEGER NOT NULL, payloadHash TEXT NOT NULL, adjacents TEXT NOT NULL, lastTxId INTEGER NOT NULL,
    PRIMARY KEY (chain, height))`,
  // A payload's transactions, in block order; the request key finds a transaction's block.
  `CREATE TABLE IF NOT EXISTS devnet_txs (
    reqKey TEXT PRIMARY KEY, chain TEXT NOT NULL, height INTEGER NOT NULL, idx INTEGER NOT NULL,
    tx TEXT NOT NULL, output TEXT NOT NULL)`,
  'CREATE INDEX IF NOT EXISTS devnet_txs_block ON devnet_txs (chain, height, idx)',
  'CREATE INDEX IF NOT EXISTS devnet_blocks_payload ON devnet_blocks (payloadHash)',
];

const HEADER_COLUMNS = 'chain, height, hash, parent, creationTime, payloadHash, adjacents, lastTxId';

interface HeaderRow {
  chain: string;
  height: number;
  hash: string;
  parent: string;
  creationTime: bigint | number;
  payloadHash: string;
  adjacents: string;
  lastTxId: number;
}

/// Where a transaction was mined.
export interface TxLocation {
  readonly chainId: string;
  readonly height: number;
  readonly output: string;
}

/// The block tables over an open connection.
export class BlockStore {
  readonly #insertBlock: StatementSync;
  readonly #insertTx: StatementSync;
  readonly #tip: StatementSync;
  readonly #byHash: StatementSync;
  readonly #byHeight: StatementSync;
  readonly #range: StatementSync;
  readonly #txs: StatementSync;
  readonly #tx: StatementSync;
  readonly #byPayload: StatementSync;
  readonly #tips: StatementSync;

  constructor(conn: DatabaseSync) {
    for (const ddl of SCHEMA) conn.exec(ddl);
    this.#insertBlock = conn.prepare(`INSERT INTO devnet_blocks (${HEADER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#insertTx = conn.prepare('INSERT INTO devnet_txs (reqKey, chain, height, idx, tx, output) VALUES (?, ?, ?, ?, ?, ?)');
    this.#tip = conn.prepare(`SELECT ${HEADER_COLUMNS} FROM devnet_blocks WHERE chain = ? ORDER BY height DESC LIMIT 1`);
    this.#byHash = conn.prepare(`SELECT ${HEADER_COLUMNS} FROM devnet_blocks WHERE hash = ?`);
    this.#byHeight = conn.prepare(`SELECT ${HEADER_COLUMNS} FROM devnet_blocks WHERE chain = ? AND height = ?`);
    this.#range = conn.prepare(`SELECT ${HEADER_COLUMNS} FROM devnet_blocks WHERE chain = ? AND height >= ? AND height <= ? ORDER BY height LIMIT ?`);
    this.#txs = conn.prepare('SELECT reqKey, tx, output FROM devnet_txs WHERE chain = ? AND height = ? ORDER BY idx');
    this.#tx = conn.prepare('SELECT chain, height, output FROM devnet_txs WHERE reqKey = ?');
    this.#byPayload = conn.prepare(`SELECT ${HEADER_COLUMNS} FROM devnet_blocks WHERE chain = ? AND payloadHash = ? LIMIT 1`);
    this.#tips = conn.prepare(`SELECT ${HEADER_COLUMNS} FROM devnet_blocks b WHERE height = (SELECT max(height) FROM devnet_blocks WHERE chain = b.chain)`);
  }

  /// Stores a block and its transactions (inside the caller's SQLite transaction).
  insert(block: Block): void {
    this.#insertBlock.run(block.chainId, block.height, block.hash, block.parent, block.creationTime, block.payloadHash,
      JSON.stringify(block.adjacents), block.lastTxId);
    block.txs.forEach((t, i) => this.#insertTx.run(t.reqKey, block.chainId, block.height, i, t.tx, t.output));
  }

  /// The newest block of a chain, if it has any.
  tip(chainId: string): BlockHeader | undefined {
    return header(this.#tip.get(chainId));
  }

  byHash(hash: string): BlockHeader | undefined {
    return header(this.#byHash.get(hash));
  }

  byHeight(chainId: string, height: number): BlockHeader | undefined {
    return header(this.#byHeight.get(chainId, height));
  }

  /// Headers of a chain from `min` to `max` height, ascending, at most `limit`.
  range(chainId: string, min: number, max: number, limit: number): BlockHeader[] {
    return (this.#range.all(chainId, min, max, limit) as unknown as HeaderRow[]).map((r) => header(r)!);
  }

  /// A block's transactions, in order.
  payload(b: BlockHeader): PayloadTx[] {
    return this.#txs.all(b.chainId, b.height) as unknown as PayloadTx[];
  }

  /// The newest block of every chain that has one.
  tips(): Map<string, BlockHeader> {
    return new Map((this.#tips.all() as unknown[]).map((r) => { const h = header(r)!; return [h.chainId, h]; }));
  }

  /// The block of a chain whose payload has this hash.
  byPayloadHash(chainId: string, payloadHash: string): BlockHeader | undefined {
    return header(this.#byPayload.get(chainId, payloadHash));
  }

  /// Where a request key was mined, if it was.
  lookup(reqKey: string): TxLocation | undefined {
    const r = this.#tx.get(reqKey) as { chain: string; height: number; output: string } | undefined;
    return r === undefined ? undefined : { chainId: r.chain, height: r.height, output: r.output };
  }
}

function header(row: unknown): BlockHeader | undefined {
  if (row === undefined) return undefined;
  const r = row as HeaderRow;
  return {
    chainId: r.chain, height: r.height, hash: r.hash, parent: r.parent, creationTime: BigInt(r.creationTime),
    payloadHash: r.payloadHash, adjacents: JSON.parse(r.adjacents) as Array<[string, string]>, lastTxId: r.lastTxId,
  };
}

/// A block's payload hash: over its transactions and outputs.
export function payloadHash(txs: readonly PayloadTx[]): string {
  return hash(['payload', ...txs.flatMap((t) => [t.tx, t.output])]);
}

/// A block's hash: over everything its header says.
export function blockHash(h: Omit<BlockHeader, 'hash' | 'lastTxId'>): string {
  return hash(['block', h.chainId, String(h.height), h.parent, String(h.creationTime), h.payloadHash,
    ...h.adjacents.flatMap(([c, a]) => [c, a])]);
}

/// The parent a chain's genesis block names: derived from the network and the chain.
export function genesisParent(networkId: string, chainId: string): string {
  return hash(['genesis-parent', networkId, chainId]);
}

function hash(parts: readonly string[]): string {
  return base64UrlEncode(blake2b256Text(parts.map((p) => `${p.length}:${p}`).join('')));
}
