/// The devnet as the node's command service: a command runs on the chain its metadata names,
/// `/send`'s in a new block of that chain (its result carries the block in `metaData`),
/// `/local`'s on top of the chain's newest block. The HTTP edge has checked the command against
/// its endpoint and the mempool's rules before (validate.ts).
import type { DatabaseSync } from 'node:sqlite';
import type { Command } from '../../api/command.ts';
import { publicMetaOf } from '../../api/parsed.ts';
import { PactError } from '../../lang/errors.ts';
import { commandResultText } from '../../lang/result-json.ts';
import type { CommandResultParts } from '../../lang/result-json.ts';
import { base64UrlEncode } from '../../values/base64.ts';
import { JsonNumber, JsonObject } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';
import { publicMetaJson } from '../../api/command.ts';
import { pactErrorJson } from '../../lang/result-json.ts';
import { verifyAndParse } from '../pact-service.ts';
import type { ApplyOptions, CommandResult, CommandService, ExecutionMode } from '../service.ts';
import type { BlockHeader } from './blocks.ts';
import { applyLocal, applyPreflight, applySend } from './exec.ts';
import { stateError } from './validate.ts';
import type { BlockContext, RunContext, Tx, TxOutcome } from './exec.ts';
import { Devnet } from './network.ts';
import { b64, signedJson } from './payload.ts';
import type { Chain } from './network.ts';
import { userSigJson } from '../../api/command.ts';

/// Commands kept between their mempool check and their run, at most.
const MAX_CHECKED = 10000;

export class DevnetService implements CommandService {
  /// Unused: each chain counts its own tx ids.
  nextTxId = 0;
  readonly devnet: Devnet;
  /// Commands the mempool check read and passed, by request key: their run (which follows) takes
  /// them instead of reading them again.
  readonly #checked = new Map<string, Tx>();

  readonly #timer: ReturnType<typeof setInterval> | null;

  /// The service of `devnet`, stored in `conn`; with a `blockDelay`, it makes empty blocks as
  /// time passes (between commands: a command runs to its end before a timer fires).
  constructor(devnet: Devnet, conn: DatabaseSync) {
    this.devnet = devnet;
    const delay = devnet.config.blockDelay;
    const tick = (): void => {
      try {
        devnet.mineEmpty(conn);
      } catch (e) {
        process.stderr.write(`pact: cannot make the devnet's empty blocks: ${e instanceof Error ? e.message : String(e)}\n`);
      }
    };
    this.#timer = delay > 0 ? setInterval(tick, delay) : null;
    this.#timer?.unref();
  }

  async close(): Promise<void> {
    if (this.#timer !== null) clearInterval(this.#timer);
  }

  apply(cmd: Command, mode: ExecutionMode, options: ApplyOptions = {}): CommandResult {
    const reqKey = base64UrlEncode(cmd.hash);
    const known = mode === 'transactional' ? this.#checked.get(reqKey) : undefined;
    if (known !== undefined) this.#checked.delete(reqKey);
    // A command `/send` accepted had its signatures checked then (validate.ts).
    const tx = known ?? readTx(cmd, mode === 'local' && options.verifySignatures !== false);
    if (tx instanceof PactError) return failed(reqKey, tx);
    const chain = this.devnet.chain(tx.meta.chainId);
    if (chain === undefined) return failed(reqKey, new PactError('TxFailure', null, `Unknown chain id: ${tx.meta.chainId}`));
    if (options.mempoolCheck === true) {
      const error = stateError(this.devnet, chain, tx);
      if (error === null) this.#keep(tx);
      return checked(reqKey, error);
    }
    if (mode === 'local') return this.#local(chain, tx, options.preflight === true);
    let outcome: TxOutcome | undefined;
    const block = this.devnet.mine(chain, (b) => {
      outcome = applySend(this.#context(chain, b), tx);
      return [{ reqKey: tx.reqKey, tx: b64(signedJson(tx.reqKey, cmd.cmd, cmd.sigs.map(userSigJson))), output: b64(commandResultText(outcome.parts)) }];
    });
    return result(outcome!, blockMetaData(block));
  }

  reset(): void {
    this.devnet.reload();
  }

  #keep(tx: Tx): void {
    if (this.#checked.size >= MAX_CHECKED) this.#checked.clear();
    this.#checked.set(tx.reqKey, tx);
  }

  #local(chain: Chain, tx: Tx, preflight: boolean): CommandResult {
    const block = this.devnet.nextBlock(chain);
    const rc = this.#context(chain, block);
    const outcome = preflight ? applyPreflight(rc, tx) : applyLocal(rc, tx);
    return result(outcome, publicData(tx, block));
  }

  #context(chain: Chain, block: BlockContext): RunContext {
    return { chain, block, miner: this.devnet.config.miner, spv: this.devnet.spv.support(chain.id) };
  }
}

/// Verifies and parses a command: its payload, hash and (unless turned off) signatures, its
/// metadata and code. A failure is the Pact error a node reports for it.
export function readTx(cmd: Command, signatures: boolean): Tx | PactError {
  const verified = verifyAndParse(cmd, { signatures });
  if ('error' in verified) return verified.error;
  const { payload, exps } = verified;
  return { reqKey: base64UrlEncode(cmd.hash), cmd, payload, meta: publicMetaOf(payload.meta, ['meta']), exps };
}

function result(outcome: TxOutcome, metaData: Json): CommandResult {
  const parts: CommandResultParts = { ...outcome.parts, metaData };
  const p = outcome.parts;
  return {
    reqKey: p.reqKey, txId: p.txId, gas: p.gas, success: outcome.success, json: commandResultText(parts),
    summary: outcome.summary,
  };
}

/// The answer to a mempool check: success, or the reason as the summary.
function checked(reqKey: string, error: string | null): CommandResult {
  return { reqKey, txId: null, gas: 0n, success: error === null, json: '', summary: error ?? 'success' };
}

function failed(reqKey: string, e: PactError): CommandResult {
  const parts: CommandResultParts = {
    reqKey, txId: null, gas: 0n, result: { error: pactErrorJson(e, true) }, logs: null, events: [], continuation: null,
  };
  return { reqKey, txId: null, gas: 0n, success: false, json: commandResultText(parts), summary: e.messageFor(true) };
}

/// What `/poll` and `/listen` add to a result: the block it was mined in.
export function blockMetaData(b: BlockHeader): JsonObject {
  return new JsonObject([
    ['blockHeight', new JsonNumber(BigInt(b.height), 0)], ['blockTime', new JsonNumber(b.creationTime, 0)],
    ['blockHash', b.hash], ['prevBlockHash', b.parent],
  ]);
}

/// What `/local` adds: the public data the command ran with (chainweb's `PublicData`).
function publicData(tx: Tx, block: BlockContext): JsonObject {
  return new JsonObject([
    ['publicMeta', publicMetaJson(tx.meta)], ['blockTime', new JsonNumber(block.blockTime, 0)],
    ['prevBlockHash', block.parentHash], ['blockHeight', new JsonNumber(block.height, 0)],
  ]);
}
