// `make bench`: BLAKE2b-256 throughput, ours (WebAssembly, and the portable JavaScript used without
// it) against @noble/hashes, which it replaced. Inputs are drawn from a pool of random ones, so
// that neither the processor nor V8 sees the same bytes twice running.
import { blake2b } from '@noble/hashes/blake2.js';
import { blake2b256, blake2b256Js, blake2b256Text } from '../src/values/blake2b.ts';

const UTF8 = new TextEncoder();

interface Contender {
  readonly name: string;
  readonly bytes: (b: Uint8Array) => Uint8Array;
  readonly text: (s: string) => Uint8Array;
}

const contenders: Contender[] = [
  { name: 'ours (wasm)', bytes: blake2b256, text: blake2b256Text },
  { name: 'ours (js)', bytes: blake2b256Js, text: (s) => blake2b256Js(UTF8.encode(s)) },
  // What src/values/hash.ts did before.
  { name: 'noble', bytes: (b) => blake2b(b, { dkLen: 32 }), text: (s) => blake2b(UTF8.encode(s), { dkLen: 32 }) },
];

const SIZES = [32, 330, 4096, 65536, 1 << 20];

/// Microseconds per call of `f` over the pool, after a warm-up long enough for V8's top tier.
function time<T>(pool: readonly T[], f: (x: T) => unknown, bytesEach: number): number {
  const runs = Math.max(20, Math.floor(3e7 / (bytesEach + 256)));
  for (let i = 0; i < runs / 2; i++) f(pool[i % pool.length]!);
  const t0 = performance.now();
  for (let i = 0; i < runs; i++) f(pool[i % pool.length]!);
  return ((performance.now() - t0) * 1000) / runs;
}

function randomPool(size: number): Uint8Array[] {
  const count = Math.max(2, Math.min(1000, Math.floor((16 << 20) / size)));
  return Array.from({ length: count }, () => Uint8Array.from({ length: size }, () => Math.random() * 256));
}

function row(cells: readonly string[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(22) : c.padStart(18))).join('');
}

function main(): void {
  console.log('BLAKE2b-256: µs per hash (MB/s)');
  console.log(row(['', ...contenders.map((c) => c.name)]));
  for (const size of SIZES) {
    const pool = randomPool(size);
    const us = contenders.map((c) => time(pool, c.bytes, size));
    console.log(row([`${size} bytes`, ...us.map((t) => `${t.toFixed(2)} (${(size / t).toFixed(0)})`)]));
  }
  // A command's text: encoded into a reused buffer by ours, allocated per call before.
  const texts = randomPool(330).map((b) => Array.from(b, (x) => String.fromCharCode(32 + (x % 95))).join(''));
  const us = contenders.map((c) => time(texts, c.text, 330));
  console.log(row(['330-char string', ...us.map((t) => `${t.toFixed(2)}`)]));
}

main();
