// `make bench`: compute-heavy Pact workloads beside the same algorithm in plain JavaScript.
// Prints, per workload, nanoseconds per iteration in Pact and in plain JS, and the ratio (both
// run on the same machine in the same process).
import { Repl } from '../src/repl/repl.ts';
import type { Output } from '../src/repl/repl.ts';
import { Decimal } from '../src/values/decimal.ts';

const quiet: Output = { stdout: () => {}, stderr: (t) => process.stderr.write(t) };

interface Workload {
  readonly name: string;
  /// Definitions run once before timing.
  readonly setup: string;
  /// The expression timed.
  readonly pact: string;
  readonly js: () => unknown;
  /// Iterations of the loop each side runs (for the per-iteration figures).
  readonly iterations: number;
}

const N = 50000;

const MODULE = `
(module bench G
  (defcap G () true)
  (defun square:integer (x:integer) (* x x))
  (defun collatz-steps:integer (n:integer)
    (at 'steps (fold (lambda (acc:object i:integer)
            (let ((x (at 'x acc)))
              (if (= x 1) acc
                { 'x: (if (= (mod x 2) 0) (/ x 2) (+ (* 3 x) 1)), 'steps: (+ 1 (at 'steps acc)) })))
          { 'x: n, 'steps: 0 } (enumerate 1 200))))
)`;

const workloads: Workload[] = [
  {
    name: 'fold: sum of integers',
    setup: '',
    pact: `(fold (+) 0 (enumerate 1 ${N}))`,
    iterations: N,
    js: () => { let s = 0n; for (let i = 1n; i <= BigInt(N); i++) s += i; return s; },
  },
  {
    name: 'map + filter with a user function',
    setup: MODULE,
    pact: `(length (filter (lambda (x) (= 0 (mod x 3))) (map (bench.square) (enumerate 1 ${N}))))`,
    iterations: N,
    js: () => {
      const xs: bigint[] = [];
      for (let i = 1n; i <= BigInt(N); i++) xs.push(i);
      return xs.map((x) => x * x).filter((x) => x % 3n === 0n).length;
    },
  },
  {
    name: 'decimal arithmetic',
    setup: '',
    pact: `(fold (lambda (acc:decimal i:integer) (+ (* acc 1.0001) 0.5)) 1.0 (enumerate 1 ${N / 4}))`,
    iterations: N / 4,
    js: () => {
      let acc = Decimal.parse('1.0')!;
      const k = Decimal.parse('1.0001')!;
      const h = Decimal.parse('0.5')!;
      for (let i = 0; i < N / 4; i++) acc = acc.mul(k).add(h);
      return acc;
    },
  },
  {
    name: 'string building',
    setup: '',
    pact: `(length (fold (lambda (s:string i:integer) (+ s (int-to-str 16 i))) "" (enumerate 1 ${N})))`,
    iterations: N,
    js: () => { let s = ''; for (let i = 1; i <= N; i++) s += i.toString(16); return s.length; },
  },
  {
    name: 'objects and let in a loop',
    setup: MODULE,
    pact: `(fold (+) 0 (map (bench.collatz-steps) (enumerate 1 100)))`,
    iterations: 100 * 200,
    js: () => {
      let total = 0;
      for (let n = 1; n <= 100; n++) {
        let acc = { x: BigInt(n), steps: 0n };
        for (let i = 0; i < 200; i++) {
          const x = acc.x;
          if (x !== 1n) acc = { x: x % 2n === 0n ? x / 2n : 3n * x + 1n, steps: acc.steps + 1n };
        }
        total += Number(acc.steps);
      }
      return total;
    },
  },
];

function best(f: () => unknown, rounds: number): number {
  let min = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t = process.hrtime.bigint();
    f();
    min = Math.min(min, Number(process.hrtime.bigint() - t));
  }
  return min;
}

for (const w of workloads) {
  const repl = new Repl('script', quiet);
  if (w.setup !== '' && !repl.runSource(w.setup, 'bench')) throw new Error(`setup failed: ${w.name}`);
  const runPact = () => { if (!repl.runSource(w.pact, 'bench')) throw new Error(`failed: ${w.name}`); };
  runPact();
  const pact = best(runPact, 30);
  const js = best(w.js, 30);
  const per = (ns: number) => `${(ns / w.iterations).toFixed(0).padStart(5)} ns`;
  console.log(`${w.name.padEnd(36)} pact ${per(pact)}  js ${per(js)} per iteration  ${(pact / js).toFixed(1).padStart(6)}x`);
}
