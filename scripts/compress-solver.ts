// Writes dist/z3-built.wasm.br, the solver's wasm as the single executable carries it (see
// Z3_ASSETS in src/analyze/solver.ts): without its `name` section (5 MB of function names, for
// debuggers' stack traces only), compressed with brotli at its best (quality 11, a 16 MB window):
// 35 MB down to 4.0 MB, a third of a megabyte less than zstd's level 19, which keeps the release
// archives in their 45 MB budget. Slow to make (a minute and a half), so make keeps it until the
// wasm changes; decompressing takes a quarter of a second when `verify` first loads Z3.
// Usage: node scripts/compress-solver.ts OUT
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants } from 'node:zlib';

/// The module without its custom section `name` (a wasm module is an 8-byte preamble, then
/// sections: an id byte, a LEB128 size, the contents; a custom section, id 0, starts with its name).
function withoutNames(wasm: Buffer): Buffer {
  const kept: Buffer[] = [wasm.subarray(0, 8)];
  let at = 8;
  const leb = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = wasm[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++]!;
    const size = leb();
    const end = at + size;
    const isNames = id === 0 && wasm.toString('utf8', at + 1, at + 1 + wasm[at]!) === 'name';
    if (!isNames) kept.push(wasm.subarray(start, end));
    at = end;
  }
  return Buffer.concat(kept);
}

const wasm = readFileSync(createRequire(import.meta.url).resolve('z3-solver/build/z3-built.wasm'));
const module = withoutNames(wasm);
const compressed = brotliCompressSync(module, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: module.length,
  },
});
writeFileSync(process.argv[2] ?? 'dist/z3-built.wasm.br', compressed);
