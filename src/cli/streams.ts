/// What happens when standard output goes away (a closed pipe: `pact | head -1`) or fills up
/// (`pact > /dev/full`): one line as GHC's runtime prints it for Pact, and exit 1 — never a Node
/// stack trace.

// GHC's texts for the two ways a write to stdout fails.
const REASONS: Record<string, string> = {
  EPIPE: 'resource vanished (Broken pipe)',
  ENOSPC: 'resource exhausted (No space left on device)',
};

/// Installs the handlers; output already written stays written.
export function guardStandardStreams(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    const reason = REASONS[e.code ?? ''] ?? `failed (${e.message})`;
    try {
      process.stderr.write(`pact: <stdout>: commitBuffer: ${reason}\n`);
    } finally {
      process.exit(1);
    }
  });
  // Nowhere is left to report a failing stderr; the exit code still says it failed.
  process.stderr.on('error', () => process.exit(1));
}
