/// What chainweb checks before a command enters its mempool (`/send`) or runs as a preflight
/// (`/local?preflight=true`), with its texts: the command belongs to this endpoint's chain and
/// network, its gas limit fits a block, its gas price is rounded to the coin's precision and not
/// below the minimum, its time window is open, its hash and signatures are right (all on the
/// HTTP edge), its code parses, it is new and its sender can buy its gas (where the chain's state
/// is and the command is read to run: the executor).
import type { Command, Payload, PublicMeta, Signer } from '../../api/command.ts';
import { parsePayload, verifyHash, verifyUserSig } from '../../api/verify.ts';
import { publicMetaOf } from '../../api/parsed.ts';
import { parse, ParseError } from '../../syntax/index.ts';
import { AesonError } from '../../values/aeson.ts';
import type { Decimal } from '../../values/decimal.ts';
import type { DevnetConfig } from './config.ts';

/// chainweb's limits: signatures per command, and a command's time to live.
const MAX_SIGS = 100;
const MAX_TTL = 2n * 24n * 60n * 60n;
/// Seconds a creation time may be ahead of the node's clock (mempool) or of the block (preflight).
const MEMPOOL_GRACE = 10n;
const BLOCK_SLOP = 95n;

/// Why the mempool refuses a command for `chainId`, as far as the command alone tells
/// (chainweb's `InsertError` as shown), or null. The executor checks the rest (service.ts).
export function insertError(config: DevnetConfig, chainId: string, cmd: Command): string | null {
  const payload = parsePayload(cmd.cmd, undefined, (m, path) => { publicMetaOf(m, path); });
  if ('error' in payload) return `insert error: ${payload.error}`;
  const meta = publicMetaOf(payload.meta, ['meta']);
  if (!/^\d+$/.test(meta.chainId)) return 'insert error: Unparsable ChainId';
  const mismatch = 'Transaction metadata (chain id, chainweb version) conflicts with this endpoint';
  if (meta.chainId !== chainId) return mismatch;
  if (cmd.sigs.length > MAX_SIGS) return 'insert error: Too many signatures';
  if (payload.networkId !== config.networkId) return mismatch;
  const limits = gasError(config, meta);
  if (limits !== null) return limits;
  const now = BigInt(Math.floor(Date.now() / 1000));
  if (meta.creationTime >= now + MEMPOOL_GRACE) return 'Transaction creation time too far in the future';
  if (!(now < meta.creationTime + meta.ttl)) return 'Transaction time-to-live is expired';
  if (verifyHash(cmd.hash, cmd.cmd) !== undefined) return 'Invalid transaction hash';
  const sigs = sigsError(cmd, payload.signers);
  if (sigs !== null) return `Invalid transaction sigs: ${sigs}`;
  // The code is parsed where the command is read to run (its mempool check), once: only the
  // refusal that comes after this one is told here.
  if (timesValid(meta, now)) return null;
  return codeError(payload) ?? 'Transaction time-to-live is expired';
}

/// chainweb's refusal of an exec payload whose code does not parse, or null.
function codeError(payload: Payload): string | null {
  if (payload.rpc.kind !== 'exec') return null;
  try {
    parse(payload.rpc.code, '<interactive>', { columnBase: 0 });
    return null;
  } catch (e) {
    if (e instanceof ParseError) return `Pact parse error: ${e.message}`;
    throw e;
  }
}

/// Why the mempool refuses a command that passed `insertError` but could not be read to run:
/// its code does not parse (the one check `insertError` leaves to it).
export function unreadableError(cmd: Command): string | null {
  const payload = parsePayload(cmd.cmd);
  return 'error' in payload ? payload.error : codeError(payload);
}

/// The texts of chainweb's preflight metadata check (`Metadata validation failed: [...]`) for a
/// command on `chain`; empty when it passes.
export function preflightErrors(config: DevnetConfig, chainId: string, cmd: Command, verifySignatures: boolean): string[] {
  let payload;
  try {
    payload = parsePayload(cmd.cmd, undefined, (m, path) => { publicMetaOf(m, path); });
  } catch (e) {
    if (e instanceof AesonError) return [e.message];
    throw e;
  }
  if ('error' in payload) return [payload.error];
  const meta = publicMetaOf(payload.meta, ['meta']);
  const errors: string[] = [];
  if (!/^\d+$/.test(meta.chainId)) errors.push('Unparseable transaction chain id');
  if (meta.chainId !== chainId) errors.push('Chain id mismatch');
  if (meta.gasLimit > config.blockGasLimit) errors.push('Transaction Gas limit exceeds block gas limit');
  if (meta.gasPrice.normalize().scale > 12) errors.push('Gas price decimal precision too high');
  if (payload.networkId !== config.networkId) errors.push('Network id mismatch');
  if (cmd.sigs.length > MAX_SIGS) errors.push('Signature list size too big');
  if (verifySignatures && sigsError(cmd, payload.signers) !== null) errors.push('Invalid transaction signatures');
  if (!timesValid(meta, BigInt(Math.floor(Date.now() / 1000)))) errors.push('Tx time outside of valid range');
  return errors;
}

/// The gas limit fits a block; the price is rounded to 12 places and at least the minimum.
function gasError(config: DevnetConfig, meta: PublicMeta): string | null {
  const { blockGasLimit, minGasPrice } = config;
  if (meta.gasLimit > blockGasLimit) return `Transaction gas limit exceeds block gas limit (${blockGasLimit})`;
  const price = meta.gasPrice.normalize();
  if (price.scale > 12) {
    return `This transaction's gas price: ${showGasPrice(meta.gasPrice)} is not correctly rounded. It should be rounded to at most 12 decimal places.`;
  }
  if (price.cmp(minGasPrice) < 0) {
    return `Transaction gas price (${showGasPrice(meta.gasPrice)}) is below minimum gas price (${showGasPrice(minGasPrice)})`;
  }
  return null;
}

function showGasPrice(d: Decimal): string {
  return `GasPrice (ParsedDecimal ${d.toString()})`;
}

/// chainweb's window for a command relative to its block (here: now): a positive time to live
/// of at most two days, not yet over, and a creation time not ahead by more than 95 seconds.
function timesValid(meta: PublicMeta, now: bigint): boolean {
  return meta.ttl > 0n && meta.creationTime >= 0n && meta.creationTime + meta.ttl > now && meta.ttl <= MAX_TTL
    && meta.creationTime <= now + BLOCK_SLOP;
}

/// chainweb's signature check of a command, as `displayAssertValidateSigsError` words it.
function sigsError(cmd: Command, signers: readonly Signer[]): string | null {
  if (signers.length !== cmd.sigs.length) {
    return `The number of signers and signatures do not match. Number of signers: ${signers.length}. Number of signatures: ${cmd.sigs.length}.`;
  }
  for (let i = 0; i < signers.length; i++) {
    const err = verifyUserSig(cmd.hash, cmd.sigs[i]!, signers[i]!);
    if (err !== undefined) return `The signature at position ${i} is invalid: ${err}.`;
  }
  return null;
}
