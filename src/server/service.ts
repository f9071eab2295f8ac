/// What the HTTP edge needs from the Pact service: run one command (verified, evaluated, its
/// result encoded as Pact's CommandResult JSON). The HTTP layer, the history store and the
/// execution queue only see this interface; `pact-service.ts` implements it.
import type { Command } from '../api/command.ts';
import type { ExecutionMode } from '../lang/context.ts';

export type { ExecutionMode };

/// A command's outcome: what the history stores and `/poll`, `/listen`, `/local` answer.
export interface CommandResult {
  /// The request key: the command's claimed hash, unpadded base64url.
  readonly reqKey: string;
  /// The tx id a successful transactional command committed under; null for `/local` and failures.
  readonly txId: number | null;
  /// Gas as reported (0 for failures).
  readonly gas: bigint;
  readonly success: boolean;
  /// The CommandResult JSON exactly as Pact 4 encodes it (compact, no trailing newline).
  readonly json: string;
  /// One line for the verbose log: `success` or the error text.
  readonly summary: string;
}

/// Chainweb's `/local` query flags (`?signatureVerification=false` lets a client dry-run an
/// unsigned command, as `@kadena/client`'s `dirtyRead` does).
export interface ApplyOptions {
  readonly verifySignatures?: boolean;
  /// chainweb's `?preflight=true`: run the command as a block would (gas bought and redeemed).
  readonly preflight?: boolean;
  /// A devnet's mempool check of a command `/send` received (is it new, can its sender buy its
  /// gas?): the result fails with the reason it is refused.
  readonly mempoolCheck?: boolean;
}

export interface CommandService {
  /// The tx id the next successful transactional command will take. Starts at 0 on a fresh
  /// database; a restart on stored state sets it past the highest stored tx id.
  nextTxId: number;
  /// Runs one command to completion. Never throws for anything a client sent: bad hashes,
  /// signatures, payloads and code all become failure results. Transactional mode commits the
  /// command's writes (inside whatever SQLite transaction the caller holds open, as a savepoint)
  /// and advances `nextTxId` on success; local mode rolls them back.
  apply(cmd: Command, mode: ExecutionMode, options?: ApplyOptions): CommandResult;
  /// Forgets what it cached from the database: the caller rolled back a transaction it held
  /// open around `apply`, so the writes made in it are gone.
  reset(): void;
  /// Starts the checks that depend on nothing but the command itself (its signatures) on other
  /// threads, so that `apply` finds them done; resolves when they are. Optional.
  prepare?(cmd: Command): Promise<void>;
  /// Releases what the service holds besides the database (worker threads). Optional.
  close?(): Promise<void>;
}
