/// Fuzzing the reader (see test/fuzz/README.md): PACT_FUZZ_RUNS cases in all, a share of them here.
import { test } from 'node:test';
import { targetSelected } from './config.ts';
import { fuzzTest } from './harness.ts';

test('fuzz: reader', { skip: !targetSelected('reader') }, (t) => fuzzTest(t, 'reader'));
