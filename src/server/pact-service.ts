/// The Pact service of the node (Pact 4's `Pact.Server.PactService`): verifies a command, runs
/// it in the environment a node gives it, and encodes its CommandResult.
import type { DatabaseSync } from 'node:sqlite';
import type { Command } from '../api/command.ts';
import { publicMetaOf } from '../api/parsed.ts';
import { SignaturePool } from '../api/signature-pool.ts';
import { verifyCommand } from '../api/verify.ts';
import type { VerifyOptions } from '../api/verify.ts';
import type { PactDb } from '../db/pactdb.ts';
import { SqlitePactDb } from '../db/sqlite.ts';
import { ModuleStore } from '../lang/module-store.ts';
import { PactRowCodec } from '../lang/rows.ts';
import type { CapToken } from '../lang/caps.ts';
import type { ExecutionMode, Signer } from '../lang/context.ts';
import { PactError, catchesPactError } from '../lang/errors.ts';
import { fixedGasModel } from '../lang/gas.ts';
import { evalContinuation, evalExec } from '../lang/interpreter.ts';
import type { EvalEnv, EvalResult } from '../lang/interpreter.ts';
import { commandResultJson } from '../lang/result-json.ts';
import { nativeTable } from '../natives/index.ts';
import type { Native } from '../natives/registry.ts';
import { ParseError, parse } from '../syntax/index.ts';
import type { Exp } from '../syntax/index.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { showString } from '../values/haskell-show.ts';
import type { ServerConfig } from './config.ts';
import type { ApplyOptions, CommandResult, CommandService } from './service.ts';
import type { Payload, PublicMeta, SigCapability } from '../api/command.ts';

/// The node settings that shape every command's environment.
export interface ServiceSettings {
  /// The entity private defpact steps run for, if any.
  readonly entity: string | null;
  /// Gas charged per operation (Pact 4's server uses a constant-rate model).
  readonly gasRate: bigint;
  readonly flags: ReadonlySet<string>;
}

/// Every native, as Pact 4's node gives exec commands; continuations see the natives of the
/// enabled Pact versions only.
export const execNatives: Map<string, Native> = nativeTable();

/// The Pact service over a SQLite database: Pact's tables (created if missing), rows in Pact's
/// JSON, modules rebuilt from storage when a later process first reads them.
export function openPactService(conn: DatabaseSync, settings: ServiceSettings): PactService {
  const sqlite = openPactDb(conn, settings.flags);
  return new PactService(sqlite, settings, { reset: () => sqlite.clearCache(), signatures: new SignaturePool() });
}

/// A Pact state in `conn` (its tables under `prefix`, created if missing), with the module store
/// that rebuilds stored modules: every module version ever committed, newest first, for
/// dependents pinned to older ones.
export function openPactDb(conn: DatabaseSync, flags: ReadonlySet<string>, prefix = ''): SqlitePactDb {
  let db: SqlitePactDb | null = null;
  const modules = new ModuleStore(execNatives, function* moduleHistory() {
    const ids = db!.txids(MODULES, 0);
    for (let i = ids.length - 1; i >= 0; i--) for (const r of db!.txlogJson(MODULES, ids[i]!)) yield r.json;
  });
  const sqlite = new SqlitePactDb(conn, new PactRowCodec(modules, flags), prefix);
  db = sqlite;
  sqlite.initSchema();
  modules.attach(sqlite);
  return sqlite;
}

const MODULES = 'SYS_modules';

/// The node's service for a server configuration (`entity`, `gasRate`, `execConfig`).
export function createPactService(conn: DatabaseSync, config: ServerConfig): PactService {
  return openPactService(conn, { entity: config.entity, gasRate: config.gasRate, flags: config.execConfig });
}

/// What a service needs from whoever opened its database.
export interface ServiceOptions {
  /// Block time in microseconds (default: the current second, as Pact 4's node stamps commands).
  readonly blockTime?: () => bigint;
  /// Drops the database's cached rows (see `CommandService.reset`).
  readonly reset?: () => void;
  /// Worker threads that check signatures ahead of a command's turn (`prepare`).
  readonly signatures?: SignaturePool;
}

export class PactService implements CommandService {
  nextTxId = 0;
  private readonly db: PactDb;
  private readonly settings: ServiceSettings;
  private readonly contNatives: Map<string, Native>;
  private readonly options: ServiceOptions;

  constructor(db: PactDb, settings: ServiceSettings, options: ServiceOptions = {}) {
    this.db = db;
    this.settings = settings;
    this.contNatives = nativeTable(undefined, settings.flags);
    this.options = options;
  }

  reset(): void {
    this.options.reset?.();
  }

  prepare(cmd: Command): Promise<void> {
    return this.options.signatures?.check(cmd) ?? Promise.resolve();
  }

  async close(): Promise<void> {
    await this.options.signatures?.close();
  }

  apply(cmd: Command, mode: ExecutionMode, options: ApplyOptions = {}): CommandResult {
    const reqKey = base64UrlEncode(cmd.hash);
    const pool = this.options.signatures;
    const verified = verifyAndParse(cmd, {
      signatures: options.verifySignatures !== false,
      knownVerdict: pool === undefined ? undefined : (h, p, s) => pool.take(h, p, s),
    });
    if ('error' in verified) return this.failure(reqKey, verified.error);
    const { payload, exps } = verified;
    let result: EvalResult;
    try {
      result = this.run(payload, exps, reqKey, mode);
    } catch (e) {
      return this.failure(reqKey, catchesPactError(e));
    }
    if (result.txId !== null) this.nextTxId = result.txId + 1;
    return {
      reqKey, txId: result.txId, gas: result.gas, success: true, summary: 'success',
      json: commandResultJson({ reqKey, result, flags: this.settings.flags }),
    };
  }

  private run(payload: Payload, exps: Exp[], txHash: string, mode: ExecutionMode): EvalResult {
    const rpc = payload.rpc;
    const meta = publicMetaOf(payload.meta, ['meta']);
    if (rpc.kind === 'exec') return evalExec(this.db, this.env(payload, meta, rpc.data, txHash, mode, execNatives), exps);
    const env = this.env(payload, meta, rpc.data, txHash, mode, this.contNatives);
    return evalContinuation(this.db, env, { pactId: rpc.pactId, step: rpc.step, rollback: rpc.rollback }, rpc.proof);
  }

  /// Pact's `setupEvalEnv` for a command: its data, signers (keyed by address when given) with
  /// their capabilities, hash and public metadata. Pact 4's node has no verifier plugins: it
  /// gives the code no verifiers, whatever the payload lists, so `enforce-verifier` fails.
  private env(payload: Payload, meta: PublicMeta, data: EvalEnv['msgBody'], txHash: string, mode: ExecutionMode,
    natives: Map<string, Native>): EvalEnv {
    return {
      natives, mode, txId: this.nextTxId, flags: this.settings.flags, msgBody: data,
      signers: signersOf(payload), verifiers: [], txHash,
      chainData: {
        chainId: meta.chainId, blockHeight: 0n, blockTime: (this.options.blockTime ?? currentSecondMicros)(), prevBlockHash: '',
        sender: meta.sender, gasLimit: meta.gasLimit, gasPrice: meta.gasPrice,
      },
      entity: this.settings.entity,
      gasModel: fixedGasModel(this.settings.gasRate),
      gasLimit: meta.gasLimit,
    };
  }

  private failure(reqKey: string, error: PactError): CommandResult {
    return {
      reqKey, txId: null, gas: 0n, success: false, summary: error.messageFor(true),
      json: commandResultJson({ reqKey, error, flags: this.settings.flags }),
    };
  }
}

/// Verifies a command as Pact's node does (payload, public metadata, hash, signatures) and
/// parses an exec's code: the payload and the code's expressions, or the error a command that
/// fails verification fails with (the Haskell `show` of the reason, as a TxFailure).
export function verifyAndParse(cmd: Command, options: Pick<VerifyOptions, 'signatures' | 'knownVerdict'>): { payload: Payload; exps: Exp[] } | { error: PactError } {
  let exps: Exp[] = [];
  const checkCode = (code: string): string | undefined => {
    try {
      exps = parse(code, '<interactive>', { columnBase: 0 });
      return undefined;
    } catch (e) {
      if (e instanceof ParseError) return e.message;
      throw e;
    }
  };
  const payload = verifyCommand(cmd, checkCode, { ...options, checkMeta: (m, path) => { publicMetaOf(m, path); } });
  return 'error' in payload ? { error: new PactError('TxFailure', null, showString(payload.error)) } : { payload, exps };
}

function capTokens(clist: readonly SigCapability[]): CapToken[] {
  return clist.map((c) => ({ name: c.name, args: [...c.args] }));
}

/// One signer per key, the last one listed winning (Pact keeps them in a map).
export function signersOf(p: Payload): Signer[] {
  const byKey = new Map<string, Signer>();
  for (const s of p.signers) {
    const key = s.addr ?? s.pubKey;
    byKey.set(key, { pubKey: key, caps: capTokens(s.clist) });
  }
  return [...byKey.values()];
}

function currentSecondMicros(): bigint {
  return BigInt(Math.floor(Date.now() / 1000)) * 1000000n;
}
