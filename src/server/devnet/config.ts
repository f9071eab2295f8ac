/// The `devnet:` settings of a node config: `devnet: true` for chainweb's development network as
/// Kadena's devnet image runs it, or a mapping that changes some of it.
import { parsedDecimal } from '../../api/parsed.ts';
import { Decimal } from '../../values/decimal.ts';
import { JsonNumber, JsonObject } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';
import { lookup } from '../../values/aeson.ts';
import { bigInteger, bool, describe, FieldError, integer, text, texts } from '../config.ts';
import { chainGraph } from './graph.ts';
import type { ChainGraph } from './graph.ts';

/// The account credited with the gas of every transaction (chainweb's `Miner`).
export interface MinerSettings {
  readonly account: string;
  readonly keys: readonly string[];
  readonly pred: string;
}

export interface DevnetConfig {
  /// chainweb's network id (`networkId` of commands, `<networkId>` of paths).
  readonly networkId: string;
  /// The chains and who is adjacent to whom (chainweb's twenty-chain graph, or Petersen's for 10).
  readonly graph: ChainGraph;
  /// A directory with the user's own copy of chainweb's `pact/` contracts to install instead
  /// of ours (for chainweb's exact module hashes); null: ours.
  readonly genesis: string | null;
  readonly miner: MinerSettings;
  /// The most gas one transaction may ask for (chainweb's default block gas limit).
  readonly blockGasLimit: bigint;
  /// The least gas price the mempool accepts (chainweb's default).
  readonly minGasPrice: Decimal;
  /// Milliseconds between the empty blocks every chain also makes (as a mining devnet's heights
  /// and times advance); 0: blocks are made only for commands.
  readonly blockDelay: number;
}

/// chainweb's `noMiner`: gas goes to an account nobody controls.
const NO_MINER: MinerSettings = { account: 'NoMiner', keys: [], pred: '<' };

/// The development network as chainweb defines it.
export const DEVNET_DEFAULTS: DevnetConfig = {
  networkId: 'development',
  graph: chainGraph(20)!,
  genesis: null,
  miner: NO_MINER,
  blockGasLimit: 150000n,
  minGasPrice: Decimal.parse('0.00000001')!,
  blockDelay: 0,
};

/// Reads the `devnet` key: `true`, `false` (a plain Pact node) or a mapping of `networkId`,
/// `chains` (10 or 20), `genesis`, `miner` (`account`, `keys`, `pred`), `blockGasLimit`,
/// `minGasPrice`, `blockDelay`.
export function devnetConfigOf(v: Json, key: string): DevnetConfig | null {
  if (typeof v === 'boolean') return v ? DEVNET_DEFAULTS : null;
  if (!(v instanceof JsonObject)) throw new FieldError(`${key}: expected true, false or a mapping of devnet settings, found ${describe(v)}`);
  const field = <T>(name: string, read: (x: Json, k: string) => T, fallback: T): T => {
    const x = lookup(v, name);
    return x === undefined || x === null ? fallback : read(x, `${key}.${name}`);
  };
  if (field('enabled', bool, true) === false) return null;
  const d = DEVNET_DEFAULTS;
  return {
    networkId: field('networkId', text, d.networkId),
    graph: field('chains', (x, k) => graphOf(x, k), d.graph),
    genesis: field('genesis', text, d.genesis),
    miner: field('miner', minerOf, d.miner),
    blockGasLimit: field('blockGasLimit', (x, k) => bigInteger(x, k, 1n), d.blockGasLimit),
    minGasPrice: field('minGasPrice', decimalOf, d.minGasPrice),
    blockDelay: field('blockDelay', (x, k) => integer(x, k, 0), d.blockDelay),
  };
}

/// The settings as the executor thread receives them (a structured clone: the gas price's
/// `Decimal` arrives as a plain object).
export function reviveDevnetConfig(c: DevnetConfig): DevnetConfig {
  const p = c.minGasPrice as { mantissa: bigint; scale: number };
  return { ...c, minGasPrice: new Decimal(p.mantissa, p.scale) };
}

function graphOf(v: Json, key: string): ChainGraph {
  const n = integer(v, key, 1);
  const g = chainGraph(n);
  if (g === undefined) throw new FieldError(`${key}: expected 10 or 20 chains (chainweb's graphs), found ${n}`);
  return g;
}

function minerOf(v: Json, key: string): MinerSettings {
  if (!(v instanceof JsonObject)) throw new FieldError(`${key}: expected a mapping (account, keys, pred), found ${describe(v)}`);
  const at = (name: string): Json | undefined => lookup(v, name) ?? undefined;
  const account = at('account');
  if (account === undefined) throw new FieldError(`${key}.account: missing (the miner's coin account)`);
  const keys = at('keys');
  const pred = at('pred');
  return {
    account: text(account, `${key}.account`),
    keys: keys === undefined ? [] : texts(keys, `${key}.keys`),
    pred: pred === undefined ? 'keys-all' : text(pred, `${key}.pred`),
  };
}

function decimalOf(v: Json, key: string): Decimal {
  if (v instanceof JsonNumber) return parsedDecimal(v, []);
  throw new FieldError(`${key}: expected a number, found ${describe(v)}`);
}
