/// What the HTTP edge reads of a devnet: its settings and its blocks as stored, through the
/// edge's own connection (the chains' state belongs to whoever runs commands).
import type { DatabaseSync } from 'node:sqlite';
import { encodeJson, JsonNumber, JsonObject } from '../../values/json.ts';
import { BlockStore } from './blocks.ts';
import type { BlockHeader } from './blocks.ts';
import type { DevnetConfig } from './config.ts';
import { DevnetSpv } from './spv.ts';

/// Where a block's output of a CommandResult leaves `metaData` for `/poll` to fill in.
const NO_METADATA = '"metaData":null';

export class DevnetView {
  readonly config: DevnetConfig;
  readonly blocks: BlockStore;
  readonly spv: DevnetSpv;

  constructor(conn: DatabaseSync, config: DevnetConfig) {
    this.config = config;
    this.blocks = new BlockStore(conn);
    this.spv = new DevnetSpv(this.blocks, config);
  }

  /// Resolves once every chain has its genesis block (at once with the prebuilt genesis; else
  /// when the executor thread has made them).
  ready(): Promise<void> {
    this.#ready ??= new Promise((resolve) => {
      const check = (): void => {
        if (this.blocks.tips().size === this.config.graph.chains.length) resolve();
        else setTimeout(check, 20);
      };
      check();
    });
    return this.#ready;
  }

  #ready: Promise<void> | undefined;

  hasChain(id: string): boolean {
    return this.config.graph.chains.includes(id);
  }

  /// A chain's newest block.
  tip(chainId: string): BlockHeader {
    return this.blocks.tip(chainId)!;
  }

  /// The result of a transaction on `chainId` as `/poll` answers it (chainweb's `internalPoll`):
  /// its block's output with the block as `metaData`, or the failure of a transaction left out
  /// of its block; undefined when the chain has neither.
  result(chainId: string, reqKey: string): string | undefined {
    const where = this.blocks.lookup(reqKey);
    if (where !== undefined) {
      if (where.chainId !== chainId) return undefined;
      return withBlock(Buffer.from(where.output, 'base64url').toString('utf8'), this.blocks.byHeight(chainId, where.height)!);
    }
    const bad = this.blocks.badlisted(reqKey);
    return bad?.chainId === chainId ? bad.output : undefined;
  }
}

/// A CommandResult's text with the block that holds it as `metaData` (chainweb's `enrichCR`).
export function withBlock(output: string, b: BlockHeader): string {
  const at = output.indexOf(NO_METADATA);
  if (at < 0) return output;
  const meta = encodeJson(new JsonObject([
    ['blockHeight', new JsonNumber(BigInt(b.height), 0)], ['blockTime', new JsonNumber(b.creationTime, 0)],
    ['blockHash', b.hash], ['prevBlockHash', b.parent],
  ]), { legacyOrder: true });
  return `${output.slice(0, at)}"metaData":${meta}${output.slice(at + NO_METADATA.length)}`;
}
