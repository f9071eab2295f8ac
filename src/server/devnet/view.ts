/// What the HTTP edge reads of a devnet: its settings and its blocks as stored, through the
/// edge's own connection (the chains' state belongs to whoever runs commands).
import type { DatabaseSync } from 'node:sqlite';
import { BlockStore } from './blocks.ts';
import type { BlockHeader } from './blocks.ts';
import type { DevnetConfig } from './config.ts';
import { DevnetSpv } from './spv.ts';

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
}
