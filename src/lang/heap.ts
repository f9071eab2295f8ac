/// V8 ends the process when its heap is exhausted, and no handler can catch that, so what could
/// build a list larger than the heap has room for is refused first with a Pact error (Pact itself
/// would grow until the system stops it). The heap may take most of the machine's memory
/// (scripts/release/executable.ts; the README says how to change that), and the error names its limit.
import type { Info } from '../syntax/exp.ts';
import { evalError, listTooLong, MAX_LIST_LENGTH } from './errors.ts';

// Below this many elements a list always fits; above it, the heap is asked.
const ALWAYS_FITS = 1_000_000;
// What an element may take: a slot in the array, a boxed value (an integer, a copy), and room
// for the copy made while the list is built (V8 keeps lists of tens of millions of elements as
// hash tables, several words per element).
const BYTES_PER_ELEMENT = 80;

/// Throws unless a list of `n` elements fits in what is left of the heap (and in one array).
export function ensureListFits(n: number | bigint, info: Info | null): void {
  if (n < ALWAYS_FITS) return;
  // node:v8 is loaded here, by the rare list this large, rather than at every start.
  const heap = process.getBuiltinModule('node:v8').getHeapStatistics();
  const room = heap.heap_size_limit - heap.used_heap_size;
  if (Number(n) * BYTES_PER_ELEMENT > room) {
    const [left, limit] = [room, heap.heap_size_limit].map((bytes) => Math.floor(bytes / 2 ** 20));
    throw evalError(info, `Out of memory: a list of ${n} elements does not fit in the ${left} MB left of the ${limit} MB heap`);
  }
  if (n > MAX_LIST_LENGTH) throw listTooLong(info);
}
