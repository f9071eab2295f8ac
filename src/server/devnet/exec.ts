/// chainweb's execution of a Pact 4 transaction (`Chainweb.Pact4.TransactionExec`, at its last
/// Pact 4 release): the sender's coin account (or a gas station's, through `GAS_PAYER`) buys the
/// gas limit at the gas price, the command's size is charged, the payload runs under Pact 4's
/// table gas model with chainweb's execution flags and namespace policy, and the gas used is
/// redeemed: the miner gets the fee, the sender the rest. A failed payload pays its whole gas
/// limit. Each step is its own Pact transaction with its own tx id, as on chainweb.
import type { Command, Payload, PublicMeta, Signer as CmdSigner } from '../../api/command.ts';
import type { TxLogEntry } from '../../db/pactdb.ts';
import type { CapToken } from '../../lang/caps.ts';
import { evalCap } from '../../lang/caps.ts';
import type { Ctx, Signer, SpvSupport, TxEnv } from '../../lang/context.ts';
import { PactError, catchesPactError } from '../../lang/errors.ts';
import { fixedGasModel, gasToMilli, milliToGas, tableGasModel } from '../../lang/gas.ts';
import type { GasArgs, GasModel } from '../../lang/gas.ts';
import { evalContinuation, evalExec } from '../../lang/interpreter.ts';
import type { EvalEnv, EvalResult } from '../../lang/interpreter.ts';
import { logsHash, pactErrorJson, pactEventJson, resultDataJson } from '../../lang/result-json.ts';
import type { CommandResultParts } from '../../lang/result-json.ts';
import { pactExecJson } from '../../lang/rows.ts';
import { Def } from '../../lang/runtime.ts';
import type { ModuleData } from '../../lang/runtime.ts';
import { nativeTable } from '../../natives/index.ts';
import type { Native } from '../../natives/registry.ts';
import { parse } from '../../syntax/index.ts';
import type { Exp } from '../../syntax/index.ts';
import { spanText } from '../../syntax/exp.ts';
import { Decimal } from '../../values/decimal.ts';
import { JsonNumber, JsonObject } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';
import { execNatives, signersOf } from '../pact-service.ts';
import type { SqlitePactDb } from '../../db/sqlite.ts';
import { keysetJson } from './genesis.ts';
import { asRead } from './gas-shortcut.ts';
import type { Account, GasShortcut } from './gas-shortcut.ts';
import type { MinerSettings } from './config.ts';

/// chainweb's execution flags for a transaction (every Pact 4 fork in effect; history natives
/// off in transactional mode; keys must be well formed; no runtime return type checks).
export const TX_FLAGS: ReadonlySet<string> = new Set(['DisableHistoryInTransactionalMode', 'EnforceKeyFormats', 'DisableRuntimeReturnTypeChecking']);
/// `/local` runs without the history restriction.
const LOCAL_FLAGS: ReadonlySet<string> = new Set(['EnforceKeyFormats', 'DisableRuntimeReturnTypeChecking']);
/// Genesis may define keysets outside namespaces and skips the inline memory check.
const GENESIS_FLAGS: ReadonlySet<string> = new Set([...TX_FLAGS, 'DisableInlineMemCheck', 'DisablePact44']);

const contNatives: Map<string, Native> = nativeTable(undefined, TX_FLAGS);
const FREE_GAS = fixedGasModel(0n);

/// chainweb's Pact 4 gas model (`chainweb213GasModel`, still in force at its last Pact 4
/// release): Pact's table, except that loading a module is free and every charge but a native's
/// own is cut to whole gas.
const TABLE_GAS: GasModel = (() => {
  const table = tableGasModel(false);
  return {
    name: table.name,
    description: table.description,
    cost(name: string, args: GasArgs): bigint {
      if (args.kind === 'GPostRead' && args.read.kind === 'ReadModule') return 0n;
      const milli = table.cost(name, args);
      return args.kind === 'GUnreduced' ? milli : gasToMilli(milliToGas(milli));
    },
  };
})();

const GAS: CapToken = { name: 'coin.GAS', args: [] };
const GENESIS: CapToken = { name: 'coin.GENESIS', args: [] };
const COINBASE: CapToken = { name: 'coin.COINBASE', args: [] };

/// One chain's Pact state and where its tx ids stand.
export interface ChainState {
  readonly id: string;
  readonly db: SqlitePactDb;
  nextTxId: number;
}

/// The block a transaction runs in, as its `chain-data` shows it.
export interface BlockContext {
  readonly height: bigint;
  /// Microseconds since the epoch.
  readonly blockTime: bigint;
  readonly prevBlockHash: string;
}

/// A command that passed verification, ready to run.
export interface Tx {
  readonly reqKey: string;
  readonly cmd: Command;
  readonly payload: Payload;
  readonly meta: PublicMeta;
  /// The parsed code of an exec payload (empty for a continuation).
  readonly exps: readonly Exp[];
}

/// A transaction's outcome: its CommandResult (without `metaData`, which `/poll` adds from the
/// block) and whether it succeeded.
export interface TxOutcome {
  readonly parts: CommandResultParts;
  readonly success: boolean;
  /// `success`, or the error's message (for the verbose log).
  readonly summary: string;
}

/// Where a transaction runs: the chain, its block, the miner, the proofs it can check.
export interface RunContext {
  readonly chain: ChainState;
  readonly block: BlockContext;
  readonly miner: MinerSettings;
  readonly spv: SpvSupport;
  /// Gas bought and redeemed without running coin's code where its outcome is certain (the
  /// devnet's own coin), or null.
  readonly gasShortcut: GasShortcut | null;
}

/// A transaction run for a block: buy gas, run, redeem gas, each committed. A sender that cannot
/// buy the gas leaves nothing behind and its transaction stays out of the block (chainweb
/// badlists it; the mempool check at `/send` makes that rare): then the purchase's error.
export function applySend(rc: RunContext, tx: Tx): TxOutcome | PactError {
  return applyCmd(rc, tx, 'transactional');
}

/// `/local?preflight=true`: the same steps as `applySend`, each rolled back (so the payload sees
/// the balances from before the purchase); a failed purchase fails it with gas 0.
export function applyPreflight(rc: RunContext, tx: Tx): TxOutcome {
  const r = applyCmd(rc, tx, 'local');
  return r instanceof PactError ? failure(tx, r, 0n, [], []) : r;
}

/// `/local`: the payload alone, with the command's size charged, rolled back.
export function applyLocal(rc: RunContext, tx: Tx): TxOutcome {
  const initialGas = initialGasOf(tx);
  const limit = tx.meta.gasLimit;
  if (initialGas >= limit) return failure(tx, tooBig(initialGas, limit), limit, [], []);
  try {
    const r = runPayload(rc, tx, 'local', initialGas);
    return success(tx, r, r.logs, r.events);
  } catch (e) {
    return failure(tx, catchesPactError(e), limit, [], []);
  }
}

/// The mempool's check that the sender can pay: the purchase, rolled back. The error, or null
/// when it would succeed.
export function attemptBuyGas(rc: RunContext, tx: Tx): PactError | null {
  if (certainPurchase(rc, tx, gasSigners(tx)) !== null) return null;
  try {
    buyGas(rc, tx, 'local');
    return null;
  } catch (e) {
    return catchesPactError(e);
  }
}

function applyCmd(rc: RunContext, tx: Tx, mode: 'transactional' | 'local'): TxOutcome | PactError {
  const limit = tx.meta.gasLimit;
  let bought: EvalResult;
  try {
    bought = buyGas(rc, tx, mode);
  } catch (e) {
    return catchesPactError(e);
  }
  const initialGas = initialGasOf(tx);
  let ran: EvalResult | PactError;
  if (initialGas >= limit) ran = tooBig(initialGas, limit);
  else {
    try {
      ran = runPayload(rc, tx, mode, initialGas);
    } catch (e) {
      ran = catchesPactError(e);
    }
  }
  const gasUsed = ran instanceof PactError ? limit : ran.gas;
  const redeemed = redeemGas(rc, tx, mode, gasUsed);
  const logs = [...bought.logs, ...(ran instanceof PactError ? [] : ran.logs), ...redeemed.logs];
  const events = [...redeemed.events, ...(ran instanceof PactError ? [] : ran.events)];
  return ran instanceof PactError ? failure(tx, ran, limit, logs, events) : success(tx, ran, logs, events);
}

function success(tx: Tx, r: EvalResult, logs: readonly TxLogEntry[], events: EvalResult['events']): TxOutcome {
  return {
    success: true,
    summary: 'success',
    parts: {
      reqKey: tx.reqKey, txId: r.txId, gas: r.gas, result: { data: resultDataJson(r.output) },
      logs: logsHash(logs), events: events.map(pactEventJson),
      continuation: r.exec === null ? null : pactExecJson(r.exec, false),
    },
  };
}

/// A failed transaction: it pays `gas` (its whole limit once gas was bought), keeps the logs and
/// events of buying and redeeming gas, and reports the error as chainweb does on chain.
function failure(tx: Tx, e: PactError, gas: bigint, logs: readonly TxLogEntry[], events: EvalResult['events']): TxOutcome {
  return {
    success: false,
    summary: e.messageFor(true),
    parts: {
      reqKey: tx.reqKey, txId: null, gas, result: { error: pactErrorJson(e, true) },
      logs: logs.length === 0 ? null : logsHash(logs), events: events.map(pactEventJson), continuation: null,
    },
  };
}

function tooBig(initialGas: bigint, limit: bigint): PactError {
  return new PactError('GasError', null, `Tx too big (${initialGas}), limit ${limit}`);
}

/// The command's own code or continuation, under the table gas model.
function runPayload(rc: RunContext, tx: Tx, mode: 'transactional' | 'local', initialGas: bigint): EvalResult {
  const rpc = tx.payload.rpc;
  const env: EvalEnv = {
    ...baseEnv(rc, tx, mode, rpc.data, signersOf(tx.payload)),
    natives: rpc.kind === 'exec' ? execNatives : contNatives,
    flags: mode === 'local' ? LOCAL_FLAGS : TX_FLAGS,
    gasModel: TABLE_GAS,
    initialGas,
    nsPolicy: namespacePolicy(rc.chain.db),
  };
  const r = rpc.kind === 'exec'
    ? evalExec(rc.chain.db, env, tx.exps)
    : evalContinuation(rc.chain.db, env, { pactId: rpc.pactId, step: rpc.step, rollback: rpc.rollback }, rpc.proof);
  advance(rc, r);
  return r;
}

/// `coin.buy-gas` of the gas limit at the gas price, from the sender, under the magic `GAS`
/// capability. Signers who scoped their key to `coin.GAS` may debit the sender for it; a signer's
/// `GAS_PAYER` capability of a gas station is acquired first, so that the station pays.
function buyGas(rc: RunContext, tx: Tx, mode: 'transactional' | 'local'): EvalResult {
  const { chain } = rc;
  const total = gasTotal(tx);
  const signers = gasSigners(tx);
  const account = mode === 'transactional' ? certainPurchase(rc, tx, signers) : null;
  if (account !== null) return advance(rc, rc.gasShortcut!.buy(chain.db, chain.nextTxId, tx.meta.sender, account, asRead(total)));
  const msg = new JsonObject([['sender', tx.meta.sender], ['total', decimalJson(total)]]);
  const env: EvalEnv = {
    ...baseEnv(rc, tx, mode, msg, signers),
    grantedCaps: [GAS],
    prelude: (ctx) => acquireGasPayer(ctx, tx),
  };
  const r = advance(rc, evalExec(chain.db, env, BUY_GAS));
  if (payerCap(tx.payload.signers) === null) rc.gasShortcut?.learnPurchase(chain.db, chain.id, tx.meta.sender, signers);
  return r;
}

/// The sender's account when the gas shortcut is certain that buying the gas succeeds (no gas
/// station pays), else null.
function certainPurchase(rc: RunContext, tx: Tx, signers: readonly Signer[]): Account | null {
  if (rc.gasShortcut === null || payerCap(tx.payload.signers) !== null) return null;
  return rc.gasShortcut.purchase(rc.chain.db, rc.chain.id, tx.meta.sender, signers, asRead(gasTotal(tx)));
}

/// `coin.redeem-gas`: the fee for the gas used to the miner, the rest back to the sender.
function redeemGas(rc: RunContext, tx: Tx, mode: 'transactional' | 'local', gasUsed: bigint): EvalResult {
  const { chain, miner } = rc;
  const total = gasTotal(tx);
  const fee = gasSupply(gasUsed, tx.meta.gasPrice);
  const shortcut = mode === 'transactional' ? rc.gasShortcut : null;
  const quick = shortcut?.redeem(chain.db, chain.id, chain.nextTxId, tx.meta.sender, miner, asRead(total), asRead(fee)) ?? null;
  if (quick !== null) return advance(rc, quick);
  const msg = new JsonObject([
    ['miner', miner.account], ['miner-keyset', keysetJson(miner)], ['sender', tx.meta.sender],
    ['total', decimalJson(total)], ['fee', decimalJson(fee)],
  ]);
  const env: EvalEnv = { ...baseEnv(rc, tx, mode, msg, signersOf(tx.payload)), grantedCaps: [GAS] };
  const r = advance(rc, evalExec(chain.db, env, REDEEM_GAS));
  rc.gasShortcut?.learnRedemption(chain.db, chain.id, miner);
  return r;
}

/// What the sender pays for its gas limit.
function gasTotal(tx: Tx): Decimal {
  return gasSupply(tx.meta.gasLimit, tx.meta.gasPrice);
}

const BUY_GAS = parse('(coin.buy-gas (read-msg "sender") (read-decimal "total"))', '<buy-gas>', { columnBase: 0 });
const REDEEM_GAS = parse(
  '(coin.redeem-gas (read-msg "miner") (read-keyset "miner-keyset") (read-msg "sender") (read-decimal "total"))',
  '<redeem-gas>', { columnBase: 0 });

/// The environment every step of a transaction shares: its chain data (with the chain id the
/// command names, as Pact's public metadata gives it), hash and mode, with free gas until the
/// payload sets the table model.
function baseEnv(rc: RunContext, tx: Tx, mode: 'transactional' | 'local', msgBody: Json, signers: readonly Signer[]): EvalEnv {
  const { meta } = tx;
  return {
    natives: execNatives, mode, txId: rc.chain.nextTxId, flags: TX_FLAGS, msgBody, signers, verifiers: [],
    txHash: tx.reqKey,
    chainData: {
      chainId: meta.chainId, blockHeight: rc.block.height, blockTime: rc.block.blockTime, prevBlockHash: rc.block.prevBlockHash,
      sender: meta.sender, gasLimit: meta.gasLimit, gasPrice: meta.gasPrice,
    },
    entity: null, gasModel: FREE_GAS, gasLimit: meta.gasLimit, spv: rc.spv,
  };
}

/// A committed step takes the chain's next tx id.
function advance(rc: RunContext, r: EvalResult): EvalResult {
  if (r.txId !== null) rc.chain.nextTxId = r.txId + 1;
  return r;
}

/// Signers for the gas purchase: whoever scoped a key to `coin.GAS` also signs for
/// `(coin.DEBIT sender)`.
function gasSigners(tx: Tx): Signer[] {
  const debit: CapToken = { name: 'coin.DEBIT', args: [tx.meta.sender] };
  return signersOf(tx.payload).map((s) => (s.caps.some((c) => c.name === 'coin.GAS') ? { ...s, caps: [debit, ...s.caps] } : s));
}

/// chainweb's `findPayer`: the first `GAS_PAYER` capability a signer scoped a key to, of a module
/// that implements `gas-payer-v1`, is acquired (its code reads the enriched message: the kind of
/// transaction, its code and data) before the gas is bought.
function acquireGasPayer(ctx: Ctx, tx: Tx): void {
  const cap = payerCap(tx.payload.signers);
  if (cap === null) return;
  const dot = cap.name.lastIndexOf('.');
  const module: ModuleData | undefined = ctx.lookupModule(cap.name.slice(0, dot));
  if (module === undefined || !module.interfaces.includes('gas-payer-v1')) return;
  const def = module.members.get(cap.name.slice(dot + 1));
  if (!(def instanceof Def) || def.kind !== 'defcap') return;
  const saved = ctx.env.msgBody;
  ctx.env.msgBody = enrichedMessage(tx);
  try {
    const token: CapToken = { name: def.qualifiedName, args: cap.args };
    evalCap(ctx, def.info, 'stack', { cap: token, def, args: [...cap.args], info: def.info }, false);
  } finally {
    ctx.env.msgBody = saved;
  }
}

function payerCap(signers: readonly CmdSigner[]): CapToken | null {
  for (const s of signers) for (const c of s.clist) if (c.name.endsWith('.GAS_PAYER')) return { name: c.name, args: c.args };
  return null;
}

/// What a gas station sees as the message: `tx-type`, and the code (each top-level expression's
/// text) and data of an exec, or the defpact step of a continuation.
function enrichedMessage(tx: Tx): JsonObject {
  const rpc = tx.payload.rpc;
  const data = (d: Json): Json => (d === null ? new JsonObject([]) : d);
  if (rpc.kind === 'exec') {
    return new JsonObject([
      ['tx-type', 'exec'],
      ['exec-code', tx.exps.map((e) => spanText(e.info))],
      ['exec-user-data', data(rpc.data)],
    ]);
  }
  return new JsonObject([
    ['tx-type', 'cont'], ['cont-pact-id', rpc.pactId], ['cont-step', new JsonNumber(BigInt(rpc.step), 0)],
    ['cont-is-rollback', rpc.rollback], ['cont-user-data', data(rpc.data)], ['cont-has-proof', rpc.proof !== null],
  ]);
}

/// chainweb's SmartNamespacePolicy: nothing at the root, namespaces as `ns.validate` allows.
function namespacePolicy(db: SqlitePactDb): TxEnv['nsPolicy'] | undefined {
  const ns = db.read('SYS_modules', 'ns') as ModuleData | undefined;
  const fun = ns?.members.get('validate');
  return fun instanceof Def ? { allowRoot: false, fun } : undefined;
}

/// chainweb's charge for a command's size: a hundredth of a gas per byte of the payload (a
/// continuation's proof excluded), plus a penalty growing with the seventh power of its size.
export function initialGasOf(tx: Tx): bigint {
  const rpc = tx.payload.rpc;
  const proof = rpc.kind === 'cont' && rpc.proof !== null ? Buffer.byteLength(rpc.proof, 'utf8') : 0;
  const size = BigInt(Buffer.byteLength(tx.cmd.cmd, 'utf8') - proof);
  // size/100 + (size/51200)^7, rounded up; 51200^7 is a multiple of 100.
  const denom = 51200n ** 7n;
  const num = size * (denom / 100n) + size ** 7n;
  return (num + denom - 1n) / denom;
}

/// Gas times price in coins, rounded (half to even) to the smallest unit, 12 places.
export function gasSupply(gas: bigint, price: Decimal): Decimal {
  return Decimal.fromInteger(gas).mul(price).round(12);
}

function decimalJson(d: Decimal): JsonNumber {
  return new JsonNumber(d.mantissa, -d.scale);
}

/// A genesis transaction: no gas, the permissive namespace policy, chainweb's magic `GENESIS`
/// and `COINBASE` capabilities in scope.
export function applyGenesis(chain: ChainState, block: BlockContext, code: string, data: Json, signers: readonly string[], txHash: string): EvalResult {
  const env: EvalEnv = {
    natives: execNatives, mode: 'transactional', txId: chain.nextTxId, flags: GENESIS_FLAGS, msgBody: data,
    signers: signers.map((pubKey) => ({ pubKey, caps: [] })), verifiers: [], txHash,
    chainData: { chainId: chain.id, blockHeight: block.height, blockTime: block.blockTime, prevBlockHash: block.prevBlockHash, sender: '', gasLimit: 0n, gasPrice: null },
    entity: null, gasModel: FREE_GAS, gasLimit: 0n, grantedCaps: [GENESIS, COINBASE],
  };
  const r = evalExec(chain.db, env, parse(code, '<genesis>', { columnBase: 0 }));
  if (r.txId !== null) chain.nextTxId = r.txId + 1;
  return r;
}
