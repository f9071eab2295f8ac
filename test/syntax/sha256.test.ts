import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../../src/syntax/sha256.ts';

const nodeDigest = (parts: [string, 'utf8' | 'utf16le'][]): string => {
  const h = createHash('sha256');
  for (const [text, encoding] of parts) h.update(text, encoding);
  return h.digest('hex');
};

test('the parse cache hashes alike before and after it switches to Node\'s SHA-256', () => {
  // Short texts first (noble's), then one past the budget (Node's from then on), then short again.
  const texts: [string, 'utf8' | 'utf16le'][][] = [
    [['u', 'utf8'], ['(+ 1 1)', 'utf8']],
    [['w', 'utf8'], ['a \ud800 lone surrogate, é', 'utf16le']],
    [['u', 'utf8'], ['(module m g (defun f () "é✓"))\n'.repeat(4000), 'utf8']],
    [['u', 'utf8'], ['(+ 1 1)', 'utf8']],
  ];
  for (const parts of texts) assert.equal(sha256Hex(parts), nodeDigest(parts));
});
