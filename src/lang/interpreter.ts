/// The transaction interpreter (Pact's `Pact.Interpreter`): runs a command's code, or the next
/// step of a defpact, as one Pact transaction against a database, with the environment a node
/// gives it (message data, signers, chain data, gas, execution flags), and reports what it
/// produced: the last value, the writes, the defpact state, events and gas.
import type { PactDb, TxLogEntry } from '../db/pactdb.ts';
import type { Exp } from '../syntax/exp.ts';
import type { Json } from '../values/json.ts';
import type { Native } from '../natives/registry.ts';
import { Ctx } from './context.ts';
import type { ChainData, ExecutionMode, Signer, SpvSupport, TxEnv } from './context.ts';
import type { CapToken, PactEvent } from './caps.ts';
import { compileTopLevel } from './compile.ts';
import { PactError } from './errors.ts';
import { gasToMilli } from './gas.ts';
import type { GasModel } from './gas.ts';
import { evalTopLevel } from './link.ts';
import { resumePact } from './pacts.ts';
import type { PactExec } from './pacts.ts';
import type { Val } from './runtime.ts';

/// What the node puts in a transaction's environment (Pact's `EvalEnv` inputs).
export interface EvalEnv {
  /// The natives the code may name (Pact 4's node gives exec commands every native and
  /// continuations only those of the enabled Pact versions).
  readonly natives: Map<string, Native>;
  readonly mode: ExecutionMode;
  /// The id a transactional run commits under.
  readonly txId: number;
  readonly flags: ReadonlySet<string>;
  readonly msgBody: Json;
  readonly signers: readonly Signer[];
  readonly verifiers: ReadonlyArray<{ readonly name: string; readonly caps: readonly CapToken[] }>;
  /// The command hash (`tx-hash`, and the id of a defpact started by it).
  readonly txHash: string;
  readonly chainData: ChainData;
  readonly entity: string | null;
  readonly gasModel: GasModel;
  /// The gas limit, in gas.
  readonly gasLimit: bigint;
  /// Gas already used when the code starts (chainweb first charges a command's size).
  readonly initialGas?: bigint;
  /// Capabilities in scope from the start (chainweb's magic `coin.GAS`, `coin.GENESIS`, ...).
  readonly grantedCaps?: readonly CapToken[];
  /// The namespace policy (chainweb's `ns.validate`); absent, every namespace and the root are
  /// allowed.
  readonly nsPolicy?: TxEnv['nsPolicy'];
  /// The platform's cross-chain proofs; absent, none verifies.
  readonly spv?: SpvSupport;
  /// Runs inside the transaction before the code (chainweb acquires a gas station's
  /// `GAS_PAYER` there, around the gas purchase).
  readonly prelude?: (ctx: Ctx) => void;
}

/// A defpact step requested by a `cont` command.
export interface ContStep {
  readonly pactId: string;
  readonly step: number;
  readonly rollback: boolean;
}

/// What a successful transaction produced.
export interface EvalResult {
  /// The value of the last expression (or of the resumed step).
  readonly output: Val;
  /// The transaction's writes, in write order.
  readonly logs: readonly TxLogEntry[];
  /// The defpact state after the step that ran, if one did.
  readonly exec: PactExec | null;
  readonly events: readonly PactEvent[];
  /// Gas used, in gas (rounded up from milligas since Pact 4.8).
  readonly gas: bigint;
  /// The tx id committed under; null in local mode.
  readonly txId: number | null;
}

/// Runs a command's code: every expression is compiled first, then all are evaluated in one
/// transaction. Throws the Pact error that failed it, after rolling the transaction back.
export function evalExec(db: PactDb, env: EvalEnv, exps: readonly Exp[]): EvalResult {
  const terms = exps.map((e) => compileTopLevel(e, 'utf16'));
  const ctx = newContext(db, env);
  return inTransaction(ctx, env, () => {
    let output: Val = '';
    for (const t of terms) output = evalTopLevel(ctx, t);
    return output;
  });
}

/// Runs the requested step (or rollback) of a stored defpact. A proof asks for a cross-chain
/// continuation: the platform's SPV support verifies it and yields the defpact state it carries
/// (a plain node has none, so the continuation fails).
export function evalContinuation(db: PactDb, env: EvalEnv, step: ContStep, proof: string | null): EvalResult {
  let crossChain: PactExec | null = null;
  if (proof !== null) {
    const verified = env.spv?.verifyContinuation(proof) ?? 'Cross-chain continuations not supported';
    if (typeof verified === 'string') {
      throw env.flags.has('DisablePact47') ? new PactError('EvalError', null, verified) : new PactError('ContinuationError', null, verified);
    }
    crossChain = verified;
  }
  const ctx = newContext(db, env);
  const resume = crossChain?.yield ?? null;
  return inTransaction(ctx, env, () => resumePact(ctx, { ...step, resume }, null, crossChain));
}

function newContext(db: PactDb, env: EvalEnv): Ctx {
  const ctx = new Ctx(db, env.natives, new Map());
  const e = ctx.env;
  e.flags = new Set(env.flags);
  e.msgBody = env.msgBody;
  e.signers = [...env.signers];
  e.verifiers = [...env.verifiers];
  e.txHash = env.txHash;
  e.chainData = { ...env.chainData };
  e.entity = env.entity;
  e.onChain = true;
  e.mode = env.mode;
  if (env.nsPolicy !== undefined) e.nsPolicy = env.nsPolicy;
  ctx.spv = env.spv ?? null;
  for (const cap of env.grantedCaps ?? []) ctx.caps.stack.push({ cap, composed: [] });
  ctx.gas.setModel(env.gasModel);
  ctx.gas.limit = gasToMilli(env.gasLimit);
  if (env.initialGas !== undefined) ctx.gas.used = gasToMilli(env.initialGas);
  return ctx;
}

/// Pact's `evalTerms`: begin, run, then commit (transactional) or report and roll back (local);
/// any failure rolls back.
function inTransaction(ctx: Ctx, env: EvalEnv, run: () => Val): EvalResult {
  const db = ctx.db;
  db.begin();
  let output: Val;
  let logs: TxLogEntry[];
  try {
    env.prelude?.(ctx);
    output = run();
    if (env.mode === 'transactional') logs = db.commit(env.txId);
    else {
      logs = db.log();
      db.rollback();
    }
  } catch (e) {
    if (db.inTx()) db.rollback();
    throw e;
  }
  return {
    output, logs, exec: ctx.pactExec, events: [...ctx.events], gas: gasUsed(ctx),
    txId: env.mode === 'transactional' ? env.txId : null,
  };
}

/// Gas in whole units: rounded up when any milligas is left over, truncated before Pact 4.8.
function gasUsed(ctx: Ctx): bigint {
  const milli = ctx.gas.used;
  const whole = milli / 1000n;
  return ctx.flag('DisablePact48') || milli % 1000n === 0n ? whole : whole + 1n;
}
