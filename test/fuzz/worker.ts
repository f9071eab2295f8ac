/// The fuzz loop of one target, run in a worker thread so that the test's thread can stop a case
/// that never ends (see harness.ts). Before each case it publishes the case's input and a
/// sequence number in shared memory; after it, that the case is done.
import { parentPort, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import type { Target, WorkerData, WorkerResult } from './config.ts';
import { HEADER_BYTES } from './config.ts';
import { knownBug, knownHang } from './known-bugs.ts';
import type { Problem } from './oracles.ts';
import { problem } from './oracles.ts';

interface TargetModule<T> {
  readonly arbitrary: fc.Arbitrary<T>;
  /// A target that talks to a process answers asynchronously.
  readonly check: (input: T) => Problem | null | Promise<Problem | null>;
  readonly text: (input: T) => string;
  /// The process the target started, if any (its id), and how to stop it at the end.
  readonly process?: { readonly pid: () => number; readonly stop: () => Promise<void> };
}

async function load(target: Target): Promise<TargetModule<unknown>> {
  switch (target) {
    case 'reader': {
      const m = await import('./target-reader.ts');
      return { arbitrary: m.readerArbitrary(), check: m.readerCase as (x: unknown) => Problem | null, text: (x) => (x as { text: string }).text };
    }
    case 'evaluator': {
      const m = await import('./target-evaluator.ts');
      return { arbitrary: m.evaluatorArbitrary(), check: m.evaluatorCase as (x: unknown) => Problem | null, text: (x) => (x as { text: string }).text };
    }
    case 'analyze': {
      const m = await import('./target-analyze.ts');
      return { arbitrary: m.analyzeArbitrary(), check: m.analyzeCase as (x: unknown) => Problem | null, text: (x) => (x as { text: string }).text };
    }
    case 'requests': {
      const m = await import('./target-requests.ts');
      return {
        arbitrary: m.requestsArbitrary(), check: m.requestsCase as (x: unknown) => Problem | null,
        text: (x) => { const c = x as { yaml?: string; text?: string }; return c.yaml ?? c.text ?? ''; },
      };
    }
    case 'node': {
      const m = await import('./target-node.ts');
      return {
        arbitrary: m.nodeArbitrary(), check: m.nodeCase as (x: unknown) => Promise<Problem | null>,
        text: (x) => (x as { body: string }).body, process: { pid: m.nodePid, stop: m.stopNode },
      };
    }
  }
}

const { config, shared } = workerData as WorkerData;
const beat = new Int32Array(shared, 0, 4);
const inputBytes = new Uint8Array(shared, HEADER_BYTES);
const encoder = new TextEncoder();

function publish(input: unknown): void {
  const { written } = encoder.encodeInto(JSON.stringify(input), inputBytes);
  Atomics.store(beat, 2, written);
  Atomics.add(beat, 0, 1);
  Atomics.store(beat, 1, 1);
}

const t = await load(config.target);
const known: Record<string, number> = {};
const distinct = new Map<string, { count: number; input: string; detail: string }>();
let cases = 0;

/// Runs one case; false for a known hang, skipped. Synchronous targets stay synchronous.
function property(input: unknown): boolean | Promise<boolean> {
  cases++;
  const hang = knownHang(config.target, t.text(input));
  if (hang !== undefined) {
    known[hang.id] = (known[hang.id] ?? 0) + 1;
    return true;
  }
  publish(input);
  // The bound is on the case's own thread's CPU time: wall time also counts whatever else the
  // machine runs (a loaded 2-core CI box made cases "slow" that were not).
  const started = threadMs();
  let p: Problem | null | Promise<Problem | null>;
  try {
    p = t.check(input);
  } catch (e) {
    p = suiteError(e);
  }
  if (p instanceof Promise) return p.catch(suiteError).then((r) => verdict(input, r, started));
  return verdict(input, p, started);
}

/// The targets catch everything they run; this would be a bug of the suite itself.
function suiteError(e: unknown): Problem {
  return problem(`fuzz suite error: ${e instanceof Error ? e.message : String(e)}`, e instanceof Error ? e.stack : undefined);
}

/// Whether a case passed, after its own check `p` (a case over its CPU bound fails too).
function verdict(input: unknown, p: Problem | null, started: number): boolean {
  const ms = threadMs() - started;
  Atomics.store(beat, 1, 0);
  if (p === null && ms > config.caseMs) p = problem(`slow: the case took ${Math.round(ms)} ms (bound ${config.caseMs} ms)`);
  if (p === null) return true;
  const bug = knownBug(config.target, p.summary, t.text(input));
  if (bug !== undefined) {
    known[bug.id] = (known[bug.id] ?? 0) + 1;
    return true;
  }
  if (config.collect) {
    // Group by summary with numbers and quoted texts blurred, keeping the shortest input.
    const key = p.summary.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N').slice(0, 160);
    const text = t.text(input);
    const seen = distinct.get(key);
    if (seen === undefined) distinct.set(key, { count: 1, input: text, detail: p.detail ?? '' });
    else {
      seen.count++;
      if (text.length < seen.input.length) { seen.input = text; seen.detail = p.detail ?? ''; }
    }
    return true;
  }
  throw new Error(`${p.summary}\n--- input ---\n${t.text(input)}\n--- detail ---\n${(p.detail ?? '').slice(0, 3000)}`);
}

const started = performance.now();
let result: WorkerResult;
try {
  const params = { numRuns: config.runs, seed: config.seed };
  if (t.process === undefined) fc.assert(fc.property(t.arbitrary, property as (x: unknown) => boolean), params);
  else {
    const pid = setInterval(() => Atomics.store(beat, 3, t.process!.pid()), 100);
    try {
      await fc.assert(fc.asyncProperty(t.arbitrary, async (x) => property(x)), params);
    } finally {
      clearInterval(pid);
      await t.process.stop();
    }
  }
  result = {
    status: 'ok', runs: cases, ms: performance.now() - started, known,
    distinct: [...distinct].map(([summary, d]) => ({ summary, ...d })).sort((a, b) => b.count - a.count),
  };
} catch (e) {
  // fast-check reports the counterexample, seed and replay path; the property's own error (what
  // failed, the input, details) is its cause.
  const cause = e instanceof Error && e.cause instanceof Error ? `\n${e.cause.message}` : '';
  result = { status: 'fail', message: (e instanceof Error ? e.message : String(e)) + cause };
}
parentPort!.postMessage(result);

/// CPU time this thread has used, in milliseconds.
function threadMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}
