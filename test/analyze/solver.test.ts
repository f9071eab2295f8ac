/// Z3 on its worker thread: answers for async callers and, blocking, for synchronous ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSat, loadSolver, runSmtLibSync, SolverError, solverVersionSync, verdictOf } from '../../src/analyze/solver.ts';

const SAT = '(declare-const x Int) (assert (> x 2)) (check-sat)';
const UNSAT = '(declare-const x Int) (assert (> x 2)) (assert (< x 1)) (check-sat)';

describe('solver', () => {
  it('answers sat and unsat to a synchronous caller', () => {
    // No await anywhere: the answers come back inside one synchronous call chain.
    assert.deepEqual([SAT, UNSAT, SAT].map((q) => checkSat(q)), ['sat', 'unsat', 'sat']);
  });

  it('gives Z3 its output: a model, and each query in a fresh context', () => {
    assert.equal(runSmtLibSync('(declare-const x Int) (assert (= (* 3 x) 21)) (check-sat) (get-value (x))'), 'sat\n((x 7))\n');
    // `x` is declared again: nothing is left from the query before.
    assert.equal(checkSat('(declare-const x Bool) (assert (and x (not x))) (check-sat)'), 'unsat');
  });

  it('answers async callers, also while a synchronous caller waits', async () => {
    const solver = await loadSolver();
    assert.match(solver.version, /^Z3 \d+\.\d+\.\d+/);
    const pending = solver.check(UNSAT);
    assert.equal(checkSat(SAT), 'sat');
    assert.equal(await pending, 'unsat');
    assert.equal(await solver.run('(simplify (+ 1 2))'), '3\n');
  });

  it('reports what Z3 rejects as an error', () => {
    assert.throws(() => checkSat('(assert (> y 2)) (check-sat)'), (e) => e instanceof SolverError && /unknown constant y/.test(e.message));
    assert.throws(() => verdictOf('success\n'), SolverError);
  });

  it('stops Z3 past a time limit, and loads it again for the next query', () => {
    solverVersionSync();
    // A formula Z3 cannot settle in 1 ms (a nonlinear one), then a new worker for the next query.
    const hard = '(declare-const a Int) (declare-const b Int) (declare-const c Int) (assert (and (> a 0) (> b 0) (> c 0) (= (+ (* a a a) (* b b b)) (* c c c)))) (check-sat)';
    assert.throws(() => checkSat(hard, 1), (e) => e instanceof SolverError && /no answer within 1 ms/.test(e.message));
    assert.equal(checkSat(UNSAT), 'unsat');
  });
});
