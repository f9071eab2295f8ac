/// Settings of the fuzz suite, from the environment so that `make test` and `make fuzz` share
/// one code path:
///
/// - `PACT_FUZZ_RUNS`   total cases over the targets (default 10000; `make fuzz` 1000000)
/// - `PACT_FUZZ_SEED`   the seed (default a fixed one, so any failure reproduces; logged)
/// - `PACT_FUZZ_CASE_MS` a case that uses more CPU time than this (on its thread) fails (default 3000)
/// - `PACT_FUZZ_HANG_MS` a case still running after this is stopped by the watchdog (default 30000)
/// - `PACT_FUZZ_COLLECT=1` keep going after failures and print each distinct one, instead of
///   stopping at the first and shrinking it (for triage: see test/fuzz/README.md)
/// - `PACT_FUZZ_TARGET`  with COLLECT, or to rerun one target: `reader`, `evaluator`, `requests`,
///   `analyze` or `node`

export type Target = 'reader' | 'evaluator' | 'requests' | 'analyze' | 'node';

/// How the total is split: the evaluator is the largest surface, the reader the cheapest per case;
/// an analysis case asks Z3 several queries (a tenth of a second or more each), and a node case
/// makes a dozen HTTP requests to a real node.
const SHARE: Record<Target, number> = { reader: 0.3, evaluator: 0.47, requests: 0.2, analyze: 0.01, node: 0.02 };

export const DEFAULT_SEED = 0x5eed_4213;

/// An integer setting from the environment, or the fallback when unset.
export function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  return n;
}

export interface FuzzConfig {
  readonly target: Target;
  readonly runs: number;
  readonly seed: number;
  readonly caseMs: number;
  readonly hangMs: number;
  readonly collect: boolean;
}

export function fuzzConfig(target: Target): FuzzConfig {
  const total = intEnv('PACT_FUZZ_RUNS', 10_000);
  return {
    target,
    runs: Math.max(1, Math.round(total * SHARE[target])),
    // fast-check seeds are 32-bit integers.
    seed: intEnv('PACT_FUZZ_SEED', DEFAULT_SEED) | 0,
    caseMs: intEnv('PACT_FUZZ_CASE_MS', 3_000),
    hangMs: intEnv('PACT_FUZZ_HANG_MS', 30_000),
    collect: process.env.PACT_FUZZ_COLLECT === '1',
  };
}

/// Whether this target runs at all (PACT_FUZZ_TARGET narrows the suite to one).
export function targetSelected(target: Target): boolean {
  const only = process.env.PACT_FUZZ_TARGET;
  return only === undefined || only === '' || only === target;
}

// ---------------------------------------------------------------------------------------------
// Between the test's thread (harness.ts) and the fuzz worker (worker.ts)

export interface WorkerData {
  readonly config: FuzzConfig;
  readonly shared: SharedArrayBuffer;
}

/// Layout of the shared buffer: [sequence, running, input byte length, a process the worker
/// started (to stop if the worker is ended), 0 if none] then the input.
export const HEADER_BYTES = 16;

export interface Distinct {
  readonly summary: string;
  readonly count: number;
  readonly input: string;
  readonly detail: string;
}

export type WorkerResult =
  | { readonly status: 'ok'; readonly runs: number; readonly ms: number; readonly known: Record<string, number>; readonly distinct: Distinct[] }
  | { readonly status: 'fail'; readonly message: string };

