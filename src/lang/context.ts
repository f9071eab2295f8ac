/// The evaluation context: everything a running transaction can see and change — the database,
/// the call stack, message data and signatures, execution flags, the REPL's name scope.
import type { PactDb } from '../db/pactdb.ts';
import type { Native } from '../natives/registry.ts';
import { JsonObject } from '../values/json.ts';
import type { PObject } from '../values/value.ts';
import type { Json } from '../values/json.ts';
import type { Def, ModuleData, Val } from './runtime.ts';
import { CallStack } from './callstack.ts';
import { GasMeter } from './meter.ts';
import type { Coverage } from './coverage.ts';
import { GREAD_INTERFACE, GREAD_MODULE } from './gas.ts';
import { copyCapState, emptyCapState } from './caps.ts';
import type { CapState, CapToken, PactEvent } from './caps.ts';
import type { PactExec, PactStep } from './pacts.ts';


/// Pact's `ExecutionMode`: a transaction that commits (the REPL, `/send`), or a local dry run
/// whose writes are rolled back (`/local`).
export type ExecutionMode = 'transactional' | 'local';

/// What database access is allowed: everything, reads only, or system tables only.
export type Purity = 'impure' | 'readonly' | 'sysonly';

export interface Signer {
  readonly pubKey: string;
  readonly caps: readonly CapToken[];
}

/// The REPL's chain data (`chain-data`, `env-chain-data`).
export interface ChainData {
  chainId: string;
  blockHeight: bigint;
  blockTime: bigint;
  prevBlockHash: string;
  sender: string;
  gasLimit: bigint;
  gasPrice: import('../values/decimal.ts').Decimal | null;
}

export interface EvalSnapshot {
  readonly depth: number;
  readonly caps: CapState;
  /// How many events had been emitted.
  readonly events: number;
  readonly pactExec: Ctx['pactExec'];
  readonly gasLog: number;
}

/// What a platform proves across chains (Pact's `SPVSupport`): the REPL has none (it mocks
/// `verify-spv`), a devnet verifies proofs of its own chains' outputs.
export interface SpvSupport {
  /// `verify-spv`: the object a proof of this type yields, or why it does not verify.
  verify(type: string, proof: PObject): PObject | string;
  /// A cross-chain continuation's proof: the defpact state it carries over, or why it does not
  /// verify.
  verifyContinuation(proof: string): PactExec | string;
}

export const INITIAL_TX_HASH = 'DldRwCblQ7Loqy6wYJnaodHl30d3j3eH-qtFzfEv46g';

/// The transaction's environment: what the caller provides (message data, signers, tx hash,
/// chain data, execution flags). REPL `env-*` natives replace parts of it between expressions;
/// `with-applied-env` swaps in a modified copy for one expression.
export interface TxEnv {
  /// Natives visible by bare name (flags can remove some).
  natives: Map<string, Native>;
  flags: Set<string>;
  msgBody: Json;
  signers: Signer[];
  /// Verifier plugins that vouched for the transaction, with the capabilities they grant.
  verifiers: Array<{ readonly name: string; readonly caps: readonly CapToken[] }>;
  txHash: string;
  chainData: ChainData;
  /// A managed namespace policy (`env-namespace-policy`); null allows every namespace and root.
  nsPolicy: { readonly allowRoot: boolean; readonly fun: Def } | null;
  /// The entity private steps run for (`env-entity`), if any.
  entity: string | null;
  /// Simulate on-chain behaviour (error wording, no function display).
  onChain: boolean;
  mode: ExecutionMode;
  replNativesInModules: boolean;
}

export class Ctx {
  readonly db: PactDb;
  env: TxEnv;
  /// REPL-only natives, visible at the REPL top level.
  replNatives: Map<string, Native>;
  stack = new CallStack();
  /// Names usable unqualified at the top level: loaded modules' members and `use` imports.
  scope = new Map<string, Val>();
  namespace: string | null = null;
  /// Deprecation warnings of the current top-level expression, in order, each once.
  warnings: string[] = [];
  /// False while a `.pact` file is loaded: its top level sees no REPL natives.
  replNativesAtTop = true;
  purity: Purity = 'impure';
  /// The state of the pact execution of this transaction, if any (`pact-state`).
  pactExec: PactExec | null = null;
  /// The defpact step being evaluated, if any.
  pactStep: PactStep | null = null;
  /// Proofs `verify-spv` accepts, with their outputs (the REPL's `mock-spv`).
  spvMocks: Array<{ readonly type: string; readonly payload: PObject; readonly output: PObject }> = [];
  /// The platform's proofs, if it has any (else `verify-spv` answers from `spvMocks`).
  spv: SpvSupport | null = null;
  /// Capabilities, module-admin grants and events of the current transaction.
  caps: CapState = emptyCapState();
  /// The transaction's events, oldest first: appended, and cut back when an error is caught.
  events: PactEvent[] = [];
  /// Gas model, limit, usage and log (kept across REPL transactions).
  readonly gas = new GasMeter();
  /// Line coverage being collected (`pact -c`), if any.
  coverage: Coverage | null = null;
  /// Modules read or installed in the current transaction.
  loadedModules = new Set<string>();
  /// While a module is built: every module name looked up and the version found (first lookup wins).
  moduleLookups: Map<string, ModuleData | undefined> | null = null;
  /// While a stored module is rebuilt: where module names resolve (the versions it was built against).
  pinnedModules: ((name: string) => ModuleData | undefined) | null = null;

  constructor(db: PactDb, natives: Map<string, Native>, replNatives: Map<string, Native>) {
    this.db = db;
    this.replNatives = replNatives;
    this.env = {
      natives,
      flags: new Set(),
      msgBody: new JsonObject([]),
      signers: [],
      verifiers: [],
      txHash: INITIAL_TX_HASH,
      chainData: {
        chainId: '', blockHeight: 0n, blockTime: 0n, prevBlockHash: '', sender: '', gasLimit: 0n, gasPrice: null,
      },
      nsPolicy: null,
      entity: null,
      onChain: false,
      mode: 'transactional',
      replNativesInModules: false,
    };
  }

  get pactId(): string | null {
    return this.pactExec?.pactId ?? null;
  }

  get natives(): Map<string, Native> {
    return this.env.natives;
  }

  /// The evaluation state a caught error rolls back to (Pact's `catch` restores its state).
  snapshot(): EvalSnapshot {
    return { depth: this.stack.depth, caps: copyCapState(this.caps), events: this.events.length, pactExec: this.pactExec, gasLog: this.gas.mark() };
  }

  restore(s: EvalSnapshot): void {
    this.stack.reset(s.depth);
    // A copy: a snapshot may be restored more than once.
    this.caps = copyCapState(s.caps);
    if (this.events.length > s.events) this.events.length = s.events;
    this.pactExec = s.pactExec;
    this.gas.forgetSince(s.gasLog);
  }

  /// Reads a module. The first read of a stored module in a transaction loads it, which is
  /// charged; modules installed in the transaction are already loaded.
  lookupModule(name: string): ModuleData | undefined {
    if (this.pinnedModules !== null) return this.pinnedModules(name);
    const m = this.storedModule(name);
    if (m !== undefined && !this.loadedModules.has(name)) {
      this.loadedModules.add(name);
      if (this.gas.active) this.gas.charge('lookup module', m.isInterface ? GREAD_INTERFACE : GREAD_MODULE, null);
    }
    return m;
  }

  /// Reads a module without loading it: the stored version, or while a module is built, the
  /// one it is built against (noted as such).
  storedModule(name: string): ModuleData | undefined {
    if (this.pinnedModules !== null) return this.pinnedModules(name);
    const m = this.db.read('SYS_modules', name) as ModuleData | undefined;
    if (this.moduleLookups !== null && !this.moduleLookups.has(name)) this.moduleLookups.set(name, m);
    return m;
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  /// Are errors worded as on chain? (Simulated on chain, and not before the Pact 4.7 fork.)
  onChainErrors(): boolean {
    return this.env.onChain && !this.flag('DisablePact47');
  }

  flag(name: string): boolean {
    return this.env.flags.has(name);
  }
}
