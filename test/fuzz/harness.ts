/// Runs one fuzz target in a worker thread and watches it: the evaluator is synchronous, so a
/// case that never ends could not be stopped from its own thread. The worker publishes each
/// case's input in shared memory; a case still running after `hangMs` ends the worker and fails
/// the test with that input. A worker that dies (out of memory, say) fails it the same way.
import { Worker } from 'node:worker_threads';
import type { TestContext } from 'node:test';
import { KNOWN_BUGS } from './known-bugs.ts';
import { fuzzConfig, HEADER_BYTES, type Target, type WorkerResult } from './config.ts';

const INPUT_BYTES = 1 << 16;

function runWorker(target: Target): Promise<WorkerResult> {
  const config = fuzzConfig(target);
  const shared = new SharedArrayBuffer(HEADER_BYTES + INPUT_BYTES);
  const beat = new Int32Array(shared, 0, 4);
  const current = (): string =>
    new TextDecoder().decode(new Uint8Array(shared, HEADER_BYTES, Atomics.load(beat, 2)).slice());
  const worker = new Worker(new URL('./worker.ts', import.meta.url), {
    workerData: { config, shared },
    resourceLimits: { maxOldGenerationSizeMb: 3072 },
  });
  return new Promise<WorkerResult>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void): void => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      f();
    };
    let seq = -1;
    let since = Date.now();
    const timer = setInterval(() => {
      const now = Atomics.load(beat, 0);
      if (now !== seq) {
        seq = now;
        since = Date.now();
      } else if (Atomics.load(beat, 1) === 1 && Date.now() - since > config.hangMs) {
        const input = current();
        stopProcess(Atomics.load(beat, 3));
        void worker.terminate();
        settle(() => reject(new Error(`hang: a ${target} case ran for over ${config.hangMs} ms (PACT_FUZZ_HANG_MS); its input:\n${input}`)));
      }
    }, 200);
    worker.on('message', (m: WorkerResult) => settle(() => resolve(m)));
    worker.on('error', (e: Error) => settle(() => {
      stopProcess(Atomics.load(beat, 3));
      reject(new Error(`the ${target} fuzz worker died (${e.message}) during the case:\n${current()}`));
    }));
    worker.on('exit', (code) => settle(() => {
      stopProcess(Atomics.load(beat, 3));
      reject(new Error(`the ${target} fuzz worker exited (${code}) during the case:\n${current()}`));
    }));
  });
}

/// The body of a target's test: runs it, logs the seed, counts and time, fails on any finding.
export async function fuzzTest(t: TestContext, target: Target): Promise<void> {
  const config = fuzzConfig(target);
  t.diagnostic(`${target}: ${config.runs} cases, seed ${config.seed} (PACT_FUZZ_SEED to change, PACT_FUZZ_RUNS for the total)`);
  const started = Date.now();
  const r = await runWorker(target);
  if (r.status === 'fail') throw new Error(`fuzz ${target} (seed ${config.seed}) found a failure:\n${r.message}`);
  t.diagnostic(`${target}: ${config.runs} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  for (const bug of KNOWN_BUGS.filter((b) => b.target === target)) {
    t.diagnostic(`${target}: known bug ${bug.id}: ${r.known[bug.id] ?? 0} case(s)`);
  }
  if (config.collect) {
    for (const d of r.distinct) {
      process.stderr.write(`\n=== [${target}] ${d.count}x ${d.summary}\n--- input ---\n${d.input}\n--- detail ---\n${d.detail.slice(0, 1500)}\n`);
    }
    if (r.distinct.length > 0) throw new Error(`fuzz ${target}: ${r.distinct.length} distinct failure(s), listed on stderr`);
  }
}

/// Stops the process a worker started (a node), which would outlive the worker; 0 is none.
function stopProcess(pid: number): void {
  if (pid === 0) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
