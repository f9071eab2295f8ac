/// KNOWN_BUGS: failures the fuzz suite has found and that are not fixed yet, kept out of its
/// verdict so it can run green in `make test` meanwhile. Each entry is one distinct bug, written
/// up with a minimal reproducer in /tmp/fuzz-bugs.md (same id). Match narrowly: `summary` is
/// tested against the one-line failure summary the suite prints, `input` against the case's
/// input text; both must match. An entry without `summary` (for a hang or a crash of the whole
/// worker, which leave no summary to match) skips a matching case before it runs. Delete an entry
/// once its bug is fixed: the suite then guards against its return. Each target's test prints
/// how many cases every entry caught, so stale entries are easy to see.
import type { Target } from './config.ts';

export interface KnownBug {
  /// The bug's heading in /tmp/fuzz-bugs.md.
  readonly id: string;
  readonly target: Target;
  readonly summary?: RegExp;
  readonly input?: RegExp;
}

export const KNOWN_BUGS: readonly KnownBug[] = [
  {
    id: 'B5 huge-integer-decimal-rendering-slow',
    target: 'evaluator',
    // A limitation, not a crash: an integer of tens of millions of digits takes seconds to write
    // in decimal (V8's BigInt toString; GMP is several times faster), and `shift` makes one for 3
    // gas. Skipped before running (9 s each): a shift by a count of 7 digits or more.
    input: /\(shift\s[^()]*?\b\d{7,}/,
  },
  {
    id: 'B6 request-number-huge-exponent',
    target: 'requests',
    // Fixed where a number is read as an Int or a gas figure (judged by its size). Left: a Pact
    // value such as a verifier proof of 1e99999999 is exact, a 100-million-digit number, and
    // writing it out is B5's limitation. Skipped before running: an exponent of 7 digits or more.
    input: /(?<![0-9a-zA-Z_.])\d+(?:\.\d+)?[eE][+-]?\d{7,}(?![0-9a-zA-Z])/,
  },
  {
    id: 'B7 verify-solver-time',
    target: 'evaluator',
    // A limitation, not a crash: `verify` of a module whose functions it can analyse starts Z3
    // (WebAssembly, about 1 s, several on a loaded machine) and asks it two queries per
    // property; Pact's own tests/pact/fv-shims.repl takes 2-5 s. Excused: a slow case that
    // calls `verify`.
    summary: /^slow: /,
    input: /\(verify\s/,
  },
];

/// The entry that excuses this failure, if any.
export function knownBug(target: Target, summary: string, input: string): KnownBug | undefined {
  return KNOWN_BUGS.find((b) => b.target === target && b.summary !== undefined && b.summary.test(summary) &&
    (b.input === undefined || b.input.test(input)));
}

/// The summary-less entry whose input this is (the case is not run), if any.
export function knownHang(target: Target, input: string): KnownBug | undefined {
  return KNOWN_BUGS.find((b) => b.target === target && b.summary === undefined && b.input !== undefined && b.input.test(input));
}
