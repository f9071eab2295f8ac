/// Fuzzing what a node stores and reads back (see test/fuzz/README.md): PACT_FUZZ_RUNS cases in all, a share of them here.
import { test } from 'node:test';
import { targetSelected } from './config.ts';
import { fuzzTest } from './harness.ts';

test('fuzz: node', { skip: !targetSelected('node') }, (t) => fuzzTest(t, 'node'));
