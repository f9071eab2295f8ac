/// A hidden developer hook (`PACT_Z3_SELFTEST=1 pact`): loads Z3 the way `verify` will, through
/// the synchronous API, answers one satisfiable and one unsatisfiable query, and prints the
/// answers with their times. Exit code 0 when both answers are right.
import { checkSat, solverVersionSync } from './solver.ts';

const QUERIES = [
  { smtlib: '(declare-const x Int) (assert (> x 2)) (check-sat)', expect: 'sat' },
  { smtlib: '(declare-const x Int) (assert (> x 2)) (assert (< x 1)) (check-sat)', expect: 'unsat' },
] as const;

export function z3SelfTest(): number {
  let t = performance.now();
  const ms = (): string => {
    const now = performance.now();
    const d = `${(now - t).toFixed(1)} ms`;
    t = now;
    return d;
  };
  process.stdout.write(`load: ${solverVersionSync()} (${ms()})\n`);
  let ok = true;
  for (const q of QUERIES) {
    const got = checkSat(q.smtlib);
    ok &&= got === q.expect;
    process.stdout.write(`${q.smtlib} => ${got} (${ms()})\n`);
  }
  return ok ? 0 : 1;
}
