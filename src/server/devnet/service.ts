/// The devnet as the node's command service: a command `/send` accepted runs in the open block
/// of the chain its metadata names, sealed with the others when the executor commits; `/local`
/// runs on top of the chain's newest block. The HTTP edge has checked the command against its
/// endpoint and the mempool's rules before (validate.ts).
import type { DatabaseSync } from 'node:sqlite';
import type { Command } from '../../api/command.ts';
import { publicMetaOf } from '../../api/parsed.ts';
import { PactError, showPactError } from '../../lang/errors.ts';
import { commandResultText, pactErrorJson } from '../../lang/result-json.ts';
import type { CommandResultParts } from '../../lang/result-json.ts';
import { base64UrlEncode } from '../../values/base64.ts';
import { JsonNumber, JsonObject } from '../../values/json.ts';
import { publicMetaJson, userSigJson } from '../../api/command.ts';
import { verifyAndParse } from '../pact-service.ts';
import type { ApplyOptions, CommandResult, CommandService, ExecutionMode } from '../service.ts';
import { applyLocal, applyPreflight, applySend, attemptBuyGas } from './exec.ts';
import { unreadableError } from './validate.ts';
import type { RunContext, Tx, TxOutcome } from './exec.ts';
import { Devnet } from './network.ts';
import { reviveDevnetConfig } from './config.ts';
import type { ServerConfig } from '../config.ts';
import { b64, signedJson } from './payload.ts';
import type { Chain, ChainMark } from './network.ts';

/// Commands kept between their mempool check and their run, at most.
const MAX_CHECKED = 10000;

/// How long after its start or its last command a devnet with a `blockDelay` goes on making
/// empty blocks: one nobody uses does not grow.
const IN_USE_MS = 60_000;

/// What `/poll` answers for a transaction left out of its block (chainweb's badlist), and the
/// mempool for one sent again.
const BADLISTED_TEXT = 'Transaction is badlisted because it previously failed to validate.';
const BADLISTED = new PactError('TxFailure', null, BADLISTED_TEXT);

export class DevnetService implements CommandService {
  /// Unused: each chain counts its own tx ids.
  nextTxId = 0;
  readonly devnet: Devnet;
  /// Commands the mempool check read and passed, by request key: their run (which follows) takes
  /// them instead of reading them again.
  readonly #checked = new Map<string, Tx>();
  /// Where the chain of the last command `/send` accepted stood before it: what a rollback of
  /// that command restores (`reset`).
  #last: ChainMark | null = null;

  readonly #timer: ReturnType<typeof setInterval> | null;
  /// When the last command came (or the service started).
  #lastUsed = Date.now();

  /// The service of `devnet`, stored in `conn`; with a `blockDelay`, it makes empty blocks as
  /// time passes while it is in use (between commands: a command runs to its end before a timer
  /// fires).
  constructor(devnet: Devnet, conn: DatabaseSync) {
    this.devnet = devnet;
    const delay = devnet.config.blockDelay;
    const tick = (): void => {
      if (Date.now() - this.#lastUsed > IN_USE_MS) return;
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
    this.#lastUsed = Date.now();
    const reqKey = base64UrlEncode(cmd.hash);
    const known = mode === 'transactional' ? this.#checked.get(reqKey) : undefined;
    if (known !== undefined) this.#checked.delete(reqKey);
    // A command `/send` accepted had its signatures checked then (validate.ts).
    const tx = known ?? readTx(cmd, mode === 'local' && options.verifySignatures !== false);
    if (tx instanceof PactError) return options.mempoolCheck === true ? checked(reqKey, unreadableError(cmd) ?? tx.messageFor(true)) : failed(reqKey, tx);
    // `/local` runs on the chain of its endpoint, whatever chain the command names.
    const chainId = options.chain ?? tx.meta.chainId;
    const chain = this.devnet.chain(chainId);
    if (chain === undefined) return failed(reqKey, new PactError('TxFailure', null, `Unknown chain id: ${chainId}`));
    if (options.mempoolCheck === true) {
      const error = this.#stateError(chain, tx);
      if (error === null) this.#keep(tx);
      return checked(reqKey, error);
    }
    if (mode === 'local') return this.#local(chain, tx, options.preflight === true);
    return this.#send(chain, tx);
  }

  /// The executor commits: the open blocks are sealed and stored first.
  beforeCommit(): void {
    this.devnet.seal();
  }

  /// The last command `/send` accepted was rolled back: it leaves its chain's open block, the
  /// chain takes its tx ids again, and what the chains cached of its writes is dropped.
  reset(): void {
    this.devnet.clearCaches();
    if (this.#last !== null) this.devnet.undo(this.#last);
    this.#last = null;
  }

  /// What the mempool checks against the chain's state: the command is not mined yet, nor left
  /// out of a block before, and its sender (or gas station) can buy its gas.
  #stateError(chain: Chain, tx: Tx): string | null {
    if (this.devnet.mined(tx.reqKey)) return 'Transaction already exists on chain';
    if (this.devnet.blocks.badlisted(tx.reqKey) !== undefined) return BADLISTED_TEXT;
    const bought = attemptBuyGas(this.#context(chain), tx);
    return bought === null ? null : `Attempt to buy gas failed with: ${showPactError(bought, true)}`;
  }

  #keep(tx: Tx): void {
    if (this.#checked.size >= MAX_CHECKED) this.#checked.clear();
    this.#checked.set(tx.reqKey, tx);
  }

  /// Runs a command in its chain's open block, which takes it unless its gas could not be
  /// bought.
  #send(chain: Chain, tx: Tx): CommandResult {
    this.devnet.makeRoom(chain, tx.meta.gasLimit);
    this.#last = this.devnet.mark(chain);
    const outcome = applySend(this.#context(chain), tx);
    if (outcome instanceof PactError) {
      const json = commandResultText(failureParts(tx.reqKey, BADLISTED));
      this.devnet.blocks.badlist(chain.id, tx.reqKey, json);
      return { reqKey: tx.reqKey, txId: null, gas: 0n, success: false, json, summary: `gas purchase failed: ${outcome.messageFor(true)}` };
    }
    const r = result(outcome);
    const payloadTx = { reqKey: tx.reqKey, tx: b64(signedJson(tx.reqKey, tx.cmd.cmd, tx.cmd.sigs.map(userSigJson))), output: b64(r.json) };
    this.devnet.include(chain, payloadTx, outcome.parts.gas);
    return r;
  }

  #local(chain: Chain, tx: Tx, preflight: boolean): CommandResult {
    const rc = this.#context(chain);
    const outcome = preflight ? applyPreflight(rc, tx) : applyLocal(rc, tx);
    return result(outcome, publicData(tx, chain));
  }

  #context(chain: Chain): RunContext {
    const { devnet } = this;
    return { chain, block: devnet.context(chain), miner: devnet.config.miner, spv: devnet.spv.support(chain.id), gasShortcut: devnet.gasShortcut };
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

/// A result as a block's output holds it (`metaData` null: `/poll` adds the block), or with
/// the metadata `/local` gives.
function result(outcome: TxOutcome, metaData: JsonObject | null = null): CommandResult {
  const p = outcome.parts;
  return {
    reqKey: p.reqKey, txId: p.txId, gas: p.gas, success: outcome.success, json: commandResultText({ ...p, metaData }),
    summary: outcome.summary,
  };
}

/// The answer to a mempool check: success, or the reason as the summary.
function checked(reqKey: string, error: string | null): CommandResult {
  return { reqKey, txId: null, gas: 0n, success: error === null, json: '', summary: error ?? 'success' };
}

function failed(reqKey: string, e: PactError): CommandResult {
  return { reqKey, txId: null, gas: 0n, success: false, json: commandResultText(failureParts(reqKey, e)), summary: e.messageFor(true) };
}

function failureParts(reqKey: string, e: PactError): CommandResultParts {
  return { reqKey, txId: null, gas: 0n, result: { error: pactErrorJson(e, true) }, logs: null, events: [], continuation: null };
}

/// What `/local` adds: the public data the command ran with (chainweb's `ctxToPublicData'`: the
/// height after the newest block's, that block's creation time and hash).
function publicData(tx: Tx, chain: Chain): JsonObject {
  const tip = chain.tip;
  return new JsonObject([
    ['publicMeta', publicMetaJson(tx.meta)], ['blockTime', new JsonNumber(tip.creationTime, 0)],
    ['prevBlockHash', tip.hash], ['blockHeight', new JsonNumber(BigInt(tip.height + 1), 0)],
  ]);
}

/// The executor thread's side of a devnet: its service over the executor's connection (genesis
/// runs here on a new database without the prebuilt one).
export function createDevnetService(conn: DatabaseSync, config: ServerConfig): DevnetService {
  return new DevnetService(new Devnet(conn, reviveDevnetConfig(config.devnet!)), conn);
}
