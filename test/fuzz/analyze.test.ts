/// Fuzzing the analysis (`verify`; see test/fuzz/README.md): PACT_FUZZ_RUNS cases in all, a share of them here.
import { test } from 'node:test';
import { targetSelected } from './config.ts';
import { fuzzTest } from './harness.ts';

test('fuzz: analysis', { skip: !targetSelected('analyze') }, (t) => fuzzTest(t, 'analyze'));
