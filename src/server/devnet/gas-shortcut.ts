/// chainweb buys and redeems every transaction's gas by running coin's `buy-gas` and
/// `redeem-gas` (exec.ts), which costs more than a plain transfer's own code. For the devnet's own
/// coin contract (ours, which nobody can upgrade) their effect in the usual case is a few rows:
/// the sender's balance down by the total, then up by the refund, the miner's up by the fee, and
/// coin's TRANSFER event of the fee. This shortcut writes exactly those rows, through the same
/// Pact store and as a Pact transaction of their own, where the outcome of coin's code is
/// certain; anything else runs that code.
///
/// Certain means: no gas station pays (it runs code of its own); the balances are decimals that
/// cover the amounts; and the guard coin enforces is a keyset that coin's own code already
/// accepted, on this chain, for this account with signers that look the same to it (the
/// sender's, which buying gas checks: see `senderKey`) or this miner keyset (the miner's, which
/// crediting the fee compares). Every other check the two functions make (account names,
/// amounts' precision and sign, the capabilities they take) depends only on what those memo keys
/// hold, so a case coin's code passed once it passes again; and whatever coin's code refuses, it
/// refuses itself, with its own error.
import type { TxLogEntry } from '../../db/pactdb.ts';
import type { SqlitePactDb } from '../../db/sqlite.ts';
import type { PactEvent } from '../../lang/caps.ts';
import type { Signer } from '../../lang/context.ts';
import type { EvalResult } from '../../lang/interpreter.ts';
import type { ModuleData } from '../../lang/runtime.ts';
import { Decimal } from '../../values/decimal.ts';
import { encodeJson, JsonNumber } from '../../values/json.ts';
import { valueEq } from '../../values/equality.ts';
import { toJson } from '../../values/pact-json.ts';
import { decimalOfNumber } from '../../values/pact-value.ts';
import { KeySet, LiteralFields, PObject, overlayFields } from '../../values/value.ts';
import type { MinerSettings } from './config.ts';

const COIN_TABLE = 'USER_coin_coin-table';
const BALANCE = ['balance'] as const;
const BALANCE_GUARD = ['balance', 'guard'] as const;

/// A coin account's row, when it has the shape coin writes: a decimal balance and a keyset guard.
export interface Account {
  readonly row: PObject;
  readonly balance: Decimal;
  readonly guard: KeySet;
}

export class GasShortcut {
  /// Keysets coin's code accepted, by chain, account and who signed (or the miner keyset given).
  readonly #accepted = new Map<string, KeySet>();

  /// Does buying `total` for `sender` surely succeed (no gas station paying)? Then the sender's
  /// account, else null.
  purchase(db: SqlitePactDb, chain: string, sender: string, signers: readonly Signer[], total: Decimal): Account | null {
    if (total.cmp(ZERO) <= 0) return null;
    const account = accountOf(db, sender);
    if (account === null || total.cmp(account.balance) > 0) return null;
    const accepted = this.#accepted.get(senderKey(chain, sender, signers));
    return accepted !== undefined && valueEq(accepted, account.guard) ? account : null;
  }

  /// coin's code bought gas for `sender` with these signers: their keyset is accepted from now on.
  learnPurchase(db: SqlitePactDb, chain: string, sender: string, signers: readonly Signer[]): void {
    const account = accountOf(db, sender);
    if (account !== null) this.#accepted.set(senderKey(chain, sender, signers), account.guard);
  }

  /// `buy-gas`'s effect: the account's balance down by `total`, committed as tx `txId`.
  buy(db: SqlitePactDb, txId: number, sender: string, account: Account, total: Decimal): EvalResult {
    db.begin();
    writeFields(db, sender, account.row, new LiteralFields(BALANCE, [account.balance.sub(total)]));
    return committed(db, txId, []);
  }

  /// `redeem-gas`'s effect, when certain: the refund (`total` less `fee`) back to the sender, the
  /// fee to the miner, committed as tx `txId`; else null.
  redeem(db: SqlitePactDb, chain: string, txId: number, sender: string, miner: MinerSettings, total: Decimal, fee: Decimal): EvalResult | null {
    const refund = total.sub(fee);
    if (fee.cmp(ZERO) < 0 || refund.cmp(ZERO) < 0) return null;
    const payer = accountOf(db, sender);
    const payee = accountOf(db, miner.account);
    const accepted = this.#accepted.get(minerKey(chain, miner));
    // A balance of -1.0 is what `credit` takes for a new account.
    if (payer === null || payee === null || payee.balance.cmp(NEW_ACCOUNT) === 0) return null;
    if (accepted === undefined || !valueEq(accepted, payee.guard)) return null;
    const coin = db.read('SYS_modules', 'coin') as ModuleData;
    const event: PactEvent = { name: 'TRANSFER', module: 'coin', params: [sender, miner.account, fee], moduleHash: coin.hash };
    db.begin();
    if (refund.cmp(ZERO) > 0) writeFields(db, sender, payer.row, new LiteralFields(BALANCE, [payer.balance.add(refund)]));
    // The sender may be the miner: then the miner's row is the one just written.
    const credited = accountOf(db, miner.account)!;
    if (fee.cmp(ZERO) > 0) writeFields(db, miner.account, credited.row, new LiteralFields(BALANCE_GUARD, [credited.balance.add(fee), credited.guard]));
    return committed(db, txId, [event]);
  }

  /// coin's code redeemed gas for this miner: the miner's stored keyset is accepted.
  learnRedemption(db: SqlitePactDb, chain: string, miner: MinerSettings): void {
    const account = accountOf(db, miner.account);
    if (account !== null) this.#accepted.set(minerKey(chain, miner), account.guard);
  }
}

const ZERO = new Decimal(0n, 0);
const NEW_ACCOUNT = new Decimal(-1n, 0);

/// An amount chainweb passes in the message, as coin's code reads it back (`read-decimal`).
export function asRead(d: Decimal): Decimal {
  return decimalOfNumber(new JsonNumber(d.mantissa, -d.scale));
}

function accountOf(db: SqlitePactDb, name: string): Account | null {
  const row = db.read(COIN_TABLE, name);
  if (!(row instanceof PObject)) return null;
  const balance = row.fields.get('balance');
  const guard = row.fields.get('guard');
  return balance instanceof Decimal && guard instanceof KeySet ? { row, balance, guard } : null;
}

/// `update` (or `write`) of `fields` over an account's row, as coin's code writes it.
function writeFields(db: SqlitePactDb, account: string, row: PObject, fields: LiteralFields): void {
  db.write(COIN_TABLE, account, new PObject(overlayFields(row.fields, fields), false));
}

/// The transaction committed, as `evalExec` reports it (its output, which nobody reads, a write's).
function committed(db: SqlitePactDb, txId: number, events: PactEvent[]): EvalResult {
  const logs: TxLogEntry[] = db.commit(txId);
  return { output: 'Write succeeded', logs, exec: null, events, gas: 0n, txId };
}

/// What of the signers the sender's guard can see while gas is bought: a keyset counts a signer's
/// key if it signed unscoped, or scoped to a capability in scope then, which is one of coin's
/// `GAS` and `DEBIT` (no gas station runs); the rest of its capabilities (a transfer's amount...)
/// cannot change the outcome.
function senderKey(chain: string, sender: string, signers: readonly Signer[]): string {
  const parts = [chain, sender];
  for (const s of signers) {
    const seen = s.caps.filter((c) => c.name === 'coin.GAS' || c.name === 'coin.DEBIT');
    parts.push(s.pubKey, s.caps.length === 0 ? 'unscoped' : encodeJson(seen.map((c) => [c.name, ...c.args.map((a) => toJson(a))])));
  }
  return JSON.stringify(parts);
}

function minerKey(chain: string, miner: MinerSettings): string {
  return JSON.stringify([chain, miner.account, miner.pred, ...miner.keys]);
}
