/// The native table: every category's natives in one map by name.
import { generalNatives } from './general.ts';
import { listNatives } from './lists.ts';
import { operatorNatives } from './operators.ts';
import type { Native } from './registry.ts';

export const allNatives: readonly Native[] = [...generalNatives, ...operatorNatives, ...listNatives];

export function nativeTable(list: readonly Native[] = allNatives): Map<string, Native> {
  return new Map(list.map((n) => [n.name, n]));
}
