/// BLAKE2b (RFC 7693) with a 32-byte digest, unkeyed: Pact's hash of commands, tx logs, modules
/// and `hash` arguments, so it is on the path of every transaction.
///
/// Node's crypto cannot give BLAKE2b-256 (a truncated BLAKE2b-512 is another hash: the digest
/// length is part of the parameter block), and @noble/hashes' general BLAKE2 is slow. Two
/// implementations share the constants below:
/// - a WebAssembly module, assembled here at first use (no build step), whose native 64-bit adds
///   and rotations make it about 20 times faster than noble once V8 has optimised it;
/// - a portable one in 32-bit JavaScript arithmetic, about 4.5 times faster than noble, for hosts
///   without WebAssembly (`node --jitless`).
/// Both preallocate their state, so a hash allocates only its 32-byte result.

/// The initialisation vector, each 64-bit word as its [low, high] halves.
const IV = new Int32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
  0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

/// The first parameter word: digest length 32, no key, fanout 1, depth 1.
const PARAM = 0x01010020;

/// The message permutations of the 12 rounds (rounds 10 and 11 repeat 0 and 1), 16 word indices
/// per round.
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
];

/// The columns and then the diagonals of the working vector, in the order G mixes them.
const MIXES = [
  [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
  [0, 5, 10, 15], [1, 6, 11, 12], [2, 7, 8, 13], [3, 4, 9, 14],
];

const BLOCK = 128;
const UTF8 = new TextEncoder();

// ---------------------------------------------------------------------------------------------
// The portable implementation. The working vector lives in 32 local int32 variables (each 64-bit
// word as its low and high halves) rather than an array, and the message schedule is a table of
// offsets into the block's halves.

/// SIGMA as offsets into `M`: message word i is at 2i (low half) and 2i + 1 (high half).
const OFFSETS = new Uint8Array(SIGMA.flatMap((round) => round.map((word) => 2 * word)));

/// The chaining value of the portable implementation, eight 64-bit words as [low, high] halves.
const H = new Int32Array(16);
/// The block being compressed, sixteen 64-bit words as [low, high] halves.
const M = new Int32Array(32);
/// The last block, zero-padded.
const LAST = new Uint8Array(BLOCK);

/// Loads the block of `src` at `at` into `M`. Assembling little-endian words from bytes, rather
/// than reading through an Int32Array view, works at any offset and on big-endian hosts, and costs
/// a few percent of the compression.
function load(src: Uint8Array, at: number): void {
  for (let i = 0; i < 32; i++, at += 4) {
    M[i] = src[at]! | (src[at + 1]! << 8) | (src[at + 2]! << 16) | (src[at + 3]! << 24);
  }
}

/// The compression function F over `M`, into `H`; `t` counts the bytes hashed so far, this block's
/// included, and `last` marks the final block.
///
/// Each 64-bit addition adds the halves separately and carries `+(low < old low)` (unsigned) into
/// the high half: V8 compiles the comparison to a flag move, where a `? 1 : 0` would be a branch
/// the processor mispredicts on half the carries. Rotations by 32 swap the halves; by 24, 16 and
/// 63 (left by 1) they shift bits across them.
function compress(t: number, last: boolean): void {
  let v0l = H[0]!, v0h = H[1]!, v1l = H[2]!, v1h = H[3]!, v2l = H[4]!, v2h = H[5]!;
  let v3l = H[6]!, v3h = H[7]!, v4l = H[8]!, v4h = H[9]!, v5l = H[10]!, v5h = H[11]!;
  let v6l = H[12]!, v6h = H[13]!, v7l = H[14]!, v7h = H[15]!;
  let v8l = IV[0]!, v8h = IV[1]!, v9l = IV[2]!, v9h = IV[3]!, v10l = IV[4]!, v10h = IV[5]!;
  let v11l = IV[6]!, v11h = IV[7]!, v13l = IV[10]!, v13h = IV[11]!, v15l = IV[14]!, v15h = IV[15]!;
  // The counter is below 2^53, so its high 64 bits (xored into v13) are zero.
  let v12l = IV[8]! ^ t, v12h = IV[9]! ^ ((t / 0x100000000) | 0);
  let v14l = last ? ~IV[12]! : IV[12]!, v14h = last ? ~IV[13]! : IV[13]!;
  let k = 0, ml = 0, mh = 0, x = 0, y = 0, lo = 0;
  // A literal bound: a typed array's length would be reloaded on every round.
  for (let s = 0; s < 192; s += 16) {
    // G(v0, v4, v8, v12) with message words sigma[0] and sigma[1]
    k = OFFSETS[s + 0]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v0l + v4l) | 0; v0h = (v0h + v4h + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    lo = (v0l + ml) | 0; v0h = (v0h + mh + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    x = v12l ^ v0l; v12l = v12h ^ v0h; v12h = x;
    lo = (v8l + v12l) | 0; v8h = (v8h + v12h + +((lo >>> 0) < (v8l >>> 0))) | 0; v8l = lo;
    x = v4l ^ v8l; y = v4h ^ v8h; v4l = (x >>> 24) | (y << 8); v4h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 1]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v0l + v4l) | 0; v0h = (v0h + v4h + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    lo = (v0l + ml) | 0; v0h = (v0h + mh + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    x = v12l ^ v0l; y = v12h ^ v0h; v12l = (x >>> 16) | (y << 16); v12h = (y >>> 16) | (x << 16);
    lo = (v8l + v12l) | 0; v8h = (v8h + v12h + +((lo >>> 0) < (v8l >>> 0))) | 0; v8l = lo;
    x = v4l ^ v8l; y = v4h ^ v8h; v4l = (x << 1) | (y >>> 31); v4h = (y << 1) | (x >>> 31);
    // G(v1, v5, v9, v13) with message words sigma[2] and sigma[3]
    k = OFFSETS[s + 2]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v1l + v5l) | 0; v1h = (v1h + v5h + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    lo = (v1l + ml) | 0; v1h = (v1h + mh + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    x = v13l ^ v1l; v13l = v13h ^ v1h; v13h = x;
    lo = (v9l + v13l) | 0; v9h = (v9h + v13h + +((lo >>> 0) < (v9l >>> 0))) | 0; v9l = lo;
    x = v5l ^ v9l; y = v5h ^ v9h; v5l = (x >>> 24) | (y << 8); v5h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 3]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v1l + v5l) | 0; v1h = (v1h + v5h + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    lo = (v1l + ml) | 0; v1h = (v1h + mh + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    x = v13l ^ v1l; y = v13h ^ v1h; v13l = (x >>> 16) | (y << 16); v13h = (y >>> 16) | (x << 16);
    lo = (v9l + v13l) | 0; v9h = (v9h + v13h + +((lo >>> 0) < (v9l >>> 0))) | 0; v9l = lo;
    x = v5l ^ v9l; y = v5h ^ v9h; v5l = (x << 1) | (y >>> 31); v5h = (y << 1) | (x >>> 31);
    // G(v2, v6, v10, v14) with message words sigma[4] and sigma[5]
    k = OFFSETS[s + 4]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v2l + v6l) | 0; v2h = (v2h + v6h + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    lo = (v2l + ml) | 0; v2h = (v2h + mh + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    x = v14l ^ v2l; v14l = v14h ^ v2h; v14h = x;
    lo = (v10l + v14l) | 0; v10h = (v10h + v14h + +((lo >>> 0) < (v10l >>> 0))) | 0; v10l = lo;
    x = v6l ^ v10l; y = v6h ^ v10h; v6l = (x >>> 24) | (y << 8); v6h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 5]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v2l + v6l) | 0; v2h = (v2h + v6h + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    lo = (v2l + ml) | 0; v2h = (v2h + mh + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    x = v14l ^ v2l; y = v14h ^ v2h; v14l = (x >>> 16) | (y << 16); v14h = (y >>> 16) | (x << 16);
    lo = (v10l + v14l) | 0; v10h = (v10h + v14h + +((lo >>> 0) < (v10l >>> 0))) | 0; v10l = lo;
    x = v6l ^ v10l; y = v6h ^ v10h; v6l = (x << 1) | (y >>> 31); v6h = (y << 1) | (x >>> 31);
    // G(v3, v7, v11, v15) with message words sigma[6] and sigma[7]
    k = OFFSETS[s + 6]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v3l + v7l) | 0; v3h = (v3h + v7h + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    lo = (v3l + ml) | 0; v3h = (v3h + mh + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    x = v15l ^ v3l; v15l = v15h ^ v3h; v15h = x;
    lo = (v11l + v15l) | 0; v11h = (v11h + v15h + +((lo >>> 0) < (v11l >>> 0))) | 0; v11l = lo;
    x = v7l ^ v11l; y = v7h ^ v11h; v7l = (x >>> 24) | (y << 8); v7h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 7]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v3l + v7l) | 0; v3h = (v3h + v7h + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    lo = (v3l + ml) | 0; v3h = (v3h + mh + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    x = v15l ^ v3l; y = v15h ^ v3h; v15l = (x >>> 16) | (y << 16); v15h = (y >>> 16) | (x << 16);
    lo = (v11l + v15l) | 0; v11h = (v11h + v15h + +((lo >>> 0) < (v11l >>> 0))) | 0; v11l = lo;
    x = v7l ^ v11l; y = v7h ^ v11h; v7l = (x << 1) | (y >>> 31); v7h = (y << 1) | (x >>> 31);
    // G(v0, v5, v10, v15) with message words sigma[8] and sigma[9]
    k = OFFSETS[s + 8]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v0l + v5l) | 0; v0h = (v0h + v5h + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    lo = (v0l + ml) | 0; v0h = (v0h + mh + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    x = v15l ^ v0l; v15l = v15h ^ v0h; v15h = x;
    lo = (v10l + v15l) | 0; v10h = (v10h + v15h + +((lo >>> 0) < (v10l >>> 0))) | 0; v10l = lo;
    x = v5l ^ v10l; y = v5h ^ v10h; v5l = (x >>> 24) | (y << 8); v5h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 9]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v0l + v5l) | 0; v0h = (v0h + v5h + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    lo = (v0l + ml) | 0; v0h = (v0h + mh + +((lo >>> 0) < (v0l >>> 0))) | 0; v0l = lo;
    x = v15l ^ v0l; y = v15h ^ v0h; v15l = (x >>> 16) | (y << 16); v15h = (y >>> 16) | (x << 16);
    lo = (v10l + v15l) | 0; v10h = (v10h + v15h + +((lo >>> 0) < (v10l >>> 0))) | 0; v10l = lo;
    x = v5l ^ v10l; y = v5h ^ v10h; v5l = (x << 1) | (y >>> 31); v5h = (y << 1) | (x >>> 31);
    // G(v1, v6, v11, v12) with message words sigma[10] and sigma[11]
    k = OFFSETS[s + 10]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v1l + v6l) | 0; v1h = (v1h + v6h + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    lo = (v1l + ml) | 0; v1h = (v1h + mh + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    x = v12l ^ v1l; v12l = v12h ^ v1h; v12h = x;
    lo = (v11l + v12l) | 0; v11h = (v11h + v12h + +((lo >>> 0) < (v11l >>> 0))) | 0; v11l = lo;
    x = v6l ^ v11l; y = v6h ^ v11h; v6l = (x >>> 24) | (y << 8); v6h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 11]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v1l + v6l) | 0; v1h = (v1h + v6h + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    lo = (v1l + ml) | 0; v1h = (v1h + mh + +((lo >>> 0) < (v1l >>> 0))) | 0; v1l = lo;
    x = v12l ^ v1l; y = v12h ^ v1h; v12l = (x >>> 16) | (y << 16); v12h = (y >>> 16) | (x << 16);
    lo = (v11l + v12l) | 0; v11h = (v11h + v12h + +((lo >>> 0) < (v11l >>> 0))) | 0; v11l = lo;
    x = v6l ^ v11l; y = v6h ^ v11h; v6l = (x << 1) | (y >>> 31); v6h = (y << 1) | (x >>> 31);
    // G(v2, v7, v8, v13) with message words sigma[12] and sigma[13]
    k = OFFSETS[s + 12]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v2l + v7l) | 0; v2h = (v2h + v7h + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    lo = (v2l + ml) | 0; v2h = (v2h + mh + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    x = v13l ^ v2l; v13l = v13h ^ v2h; v13h = x;
    lo = (v8l + v13l) | 0; v8h = (v8h + v13h + +((lo >>> 0) < (v8l >>> 0))) | 0; v8l = lo;
    x = v7l ^ v8l; y = v7h ^ v8h; v7l = (x >>> 24) | (y << 8); v7h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 13]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v2l + v7l) | 0; v2h = (v2h + v7h + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    lo = (v2l + ml) | 0; v2h = (v2h + mh + +((lo >>> 0) < (v2l >>> 0))) | 0; v2l = lo;
    x = v13l ^ v2l; y = v13h ^ v2h; v13l = (x >>> 16) | (y << 16); v13h = (y >>> 16) | (x << 16);
    lo = (v8l + v13l) | 0; v8h = (v8h + v13h + +((lo >>> 0) < (v8l >>> 0))) | 0; v8l = lo;
    x = v7l ^ v8l; y = v7h ^ v8h; v7l = (x << 1) | (y >>> 31); v7h = (y << 1) | (x >>> 31);
    // G(v3, v4, v9, v14) with message words sigma[14] and sigma[15]
    k = OFFSETS[s + 14]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v3l + v4l) | 0; v3h = (v3h + v4h + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    lo = (v3l + ml) | 0; v3h = (v3h + mh + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    x = v14l ^ v3l; v14l = v14h ^ v3h; v14h = x;
    lo = (v9l + v14l) | 0; v9h = (v9h + v14h + +((lo >>> 0) < (v9l >>> 0))) | 0; v9l = lo;
    x = v4l ^ v9l; y = v4h ^ v9h; v4l = (x >>> 24) | (y << 8); v4h = (y >>> 24) | (x << 8);
    k = OFFSETS[s + 15]!; ml = M[k]!; mh = M[k + 1]!;
    lo = (v3l + v4l) | 0; v3h = (v3h + v4h + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    lo = (v3l + ml) | 0; v3h = (v3h + mh + +((lo >>> 0) < (v3l >>> 0))) | 0; v3l = lo;
    x = v14l ^ v3l; y = v14h ^ v3h; v14l = (x >>> 16) | (y << 16); v14h = (y >>> 16) | (x << 16);
    lo = (v9l + v14l) | 0; v9h = (v9h + v14h + +((lo >>> 0) < (v9l >>> 0))) | 0; v9l = lo;
    x = v4l ^ v9l; y = v4h ^ v9h; v4l = (x << 1) | (y >>> 31); v4h = (y << 1) | (x >>> 31);
  }
  H[0] ^= v0l ^ v8l; H[1] ^= v0h ^ v8h; H[2] ^= v1l ^ v9l; H[3] ^= v1h ^ v9h;
  H[4] ^= v2l ^ v10l; H[5] ^= v2h ^ v10h; H[6] ^= v3l ^ v11l; H[7] ^= v3h ^ v11h;
  H[8] ^= v4l ^ v12l; H[9] ^= v4h ^ v12h; H[10] ^= v5l ^ v13l; H[11] ^= v5h ^ v13h;
  H[12] ^= v6l ^ v14l; H[13] ^= v6h ^ v14h; H[14] ^= v7l ^ v15l; H[15] ^= v7h ^ v15h;
}

/// BLAKE2b-256 of `bytes` in plain JavaScript: what `blake2b256` falls back to without
/// WebAssembly, exported so that tests and the benchmark can run it anywhere.
export function blake2b256Js(bytes: Uint8Array): Uint8Array {
  H.set(IV);
  H[0] ^= PARAM;
  const n = bytes.length;
  let at = 0;
  // The last block is compressed apart, flagged, even when full: hence `>` and not `>=`.
  for (; n - at > BLOCK; at += BLOCK) {
    load(bytes, at);
    compress(at + BLOCK, false);
  }
  LAST.fill(0);
  for (let i = 0; at < n; i++, at++) LAST[i] = bytes[at]!;
  load(LAST, 0);
  compress(n, true);
  const out = new Uint8Array(32);
  for (let i = 0, w = 0; i < 8; i++) {
    w = H[i]!;
    out[4 * i] = w;
    out[4 * i + 1] = w >>> 8;
    out[4 * i + 2] = w >>> 16;
    out[4 * i + 3] = w >>> 24;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The WebAssembly implementation, assembled here: four functions over one memory holding the
// chaining value, the IV and a window the input is copied (or a string encoded) into. Rounds are
// unrolled, with the working vector and the block's words in i64 locals. The first hash in a
// process pays about 1.5 ms to assemble and compile the 8 KB module (noble's first few hashes,
// interpreted, cost as much); the next few hundred run in V8's baseline tier, at about 3 µs for
// 330 bytes, and the rest optimised, at about 0.35 µs.

/// The memory's layout: the chaining value (whose first 32 bytes are the digest), the IV, then
/// the input window, a chunk plus a block of zero padding, in two 64 KiB pages.
const STATE_AT = 0;
const IV_AT = 64;
const INPUT_AT = 128;
const CHUNK = 65536;
const PAGES = 2;

/// The opcodes used, from the WebAssembly core specification.
const OP = {
  block: 0x02, loop: 0x03, end: 0x0b, br: 0x0c, brIf: 0x0d, call: 0x10,
  localGet: 0x20, localSet: 0x21, globalGet: 0x23, globalSet: 0x24, i64Load: 0x29, i64Store: 0x37,
  i32Const: 0x41, i64Const: 0x42, i32GeU: 0x4f, i32Add: 0x6a, i64Add: 0x7c, i64Xor: 0x85,
  i64Rotr: 0x8a, i64ExtendI32U: 0xad,
} as const;
const I32 = 0x7f;
const I64 = 0x7e;
/// The block type of a `block` or `loop` that leaves nothing on the stack.
const VOID = 0x40;
const FUNCTION_TYPE = 0x60;
/// Section ids, in the order a module must have them.
const SECTION = { type: 1, function: 3, memory: 5, global: 6, export: 7, code: 10, data: 11 } as const;
/// Export kinds.
const EXPORT = { function: 0, memory: 2 } as const;

/// Appends `n` in unsigned LEB128, as sizes, counts, indices and offsets are written.
function uleb(out: number[], n: number): void {
  for (; n > 0x7f; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
}

/// Appends `n`, a 32-bit integer, in signed LEB128, as constants are written.
function sleb(out: number[], n: number): void {
  for (;;) {
    const low = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(low & 0x40)) || (n === -1 && low & 0x40)) {
      out.push(low);
      return;
    }
    out.push(low | 0x80);
  }
}

/// `bytes` after their count: a section's or a function body's size, a vector of bytes. (This
/// and `vector` copy with `concat`: the code runs once, in V8's interpreter, where copying the
/// 8 KB of code element by element would cost a millisecond.)
function sized(bytes: readonly number[]): number[] {
  const count: number[] = [];
  uleb(count, bytes.length);
  return count.concat(bytes);
}

/// A vector of `items`, each already encoded.
function vector(items: readonly (readonly number[])[]): number[] {
  const count: number[] = [];
  uleb(count, items.length);
  return count.concat(...items);
}

function localGet(c: number[], i: number): void {
  c.push(OP.localGet);
  uleb(c, i);
}

function localSet(c: number[], i: number): void {
  c.push(OP.localSet);
  uleb(c, i);
}

function i32Const(c: number[], n: number): void {
  c.push(OP.i32Const);
  sleb(c, n);
}

function i64Const(c: number[], n: number): void {
  c.push(OP.i64Const);
  sleb(c, n);
}

/// `i64.load` or `i64.store` at the address on the stack plus `offset`, 8-byte aligned.
function access(c: number[], op: number, offset: number): void {
  c.push(op, 3);
  uleb(c, offset);
}

/// compress(p: i32, f: i64): F over the block at address p into the chaining value, the counter
/// global already advanced past it; f is -1 on the last block, else 0. Locals 2-17 are the
/// working vector, 18-33 the block's words.
function compressBody(): number[] {
  const v = (i: number) => 2 + i;
  const m = (i: number) => 18 + i;
  const c: number[] = [1, 32, I64]; // one run of 32 i64 locals
  for (let i = 0; i < 16; i++) {
    localGet(c, 0);
    access(c, OP.i64Load, 8 * i);
    localSet(c, m(i));
  }
  for (let i = 0; i < 8; i++) {
    i32Const(c, 0);
    access(c, OP.i64Load, STATE_AT + 8 * i);
    localSet(c, v(i));
    i32Const(c, 0);
    access(c, OP.i64Load, IV_AT + 8 * i);
    // The counter, below 2^64, goes into v12 (v13 takes its zero high word); the flag into v14.
    if (i === 4) c.push(OP.globalGet, 0, OP.i64Xor);
    if (i === 6) {
      localGet(c, 1);
      c.push(OP.i64Xor);
    }
    localSet(c, v(8 + i));
  }
  for (const s of SIGMA) {
    for (let j = 0; j < 8; j++) {
      const mix = MIXES[j]!;
      g(c, v(mix[0]!), v(mix[1]!), v(mix[2]!), v(mix[3]!), m(s[2 * j]!), m(s[2 * j + 1]!));
    }
  }
  for (let i = 0; i < 8; i++) {
    i32Const(c, 0);
    i32Const(c, 0);
    access(c, OP.i64Load, STATE_AT + 8 * i);
    localGet(c, v(i));
    c.push(OP.i64Xor);
    localGet(c, v(i + 8));
    c.push(OP.i64Xor);
    access(c, OP.i64Store, STATE_AT + 8 * i);
  }
  c.push(OP.end);
  return c;
}

/// G over the locals a, b, c, d with message words x and y, appended to `code`. Local indices
/// (below 128) and rotation counts (below 64) are one byte each in LEB128, so G is written out
/// as one push: this runs once, in V8's interpreter, where calls per instruction cost a
/// millisecond at startup.
function g(code: number[], a: number, b: number, c: number, d: number, x: number, y: number): void {
  const { localGet: get, localSet: set, i64Add: add, i64Xor: xor, i64Const: int, i64Rotr: rotr } = OP;
  code.push(
    get, a, get, b, add, get, x, add, set, a, //     a += b + x
    get, d, get, a, xor, int, 32, rotr, set, d, //   d = rotr(d ^ a, 32)
    get, c, get, d, add, set, c, //                  c += d
    get, b, get, c, xor, int, 24, rotr, set, b, //   b = rotr(b ^ c, 24)
    get, a, get, b, add, get, y, add, set, a, //     a += b + y
    get, d, get, a, xor, int, 16, rotr, set, d, //   d = rotr(d ^ a, 16)
    get, c, get, d, add, set, c, //                  c += d
    get, b, get, c, xor, int, 63, rotr, set, b, //   b = rotr(b ^ c, 63)
  );
}

/// start(): the chaining value from the IV and parameters, the counter at 0.
function startBody(): number[] {
  const c: number[] = [0]; // no locals
  for (let i = 0; i < 8; i++) {
    i32Const(c, 0);
    i32Const(c, 0);
    access(c, OP.i64Load, IV_AT + 8 * i);
    if (i === 0) {
      i64Const(c, PARAM);
      c.push(OP.i64Xor);
    }
    access(c, OP.i64Store, STATE_AT + 8 * i);
  }
  i64Const(c, 0);
  c.push(OP.globalSet, 0, OP.end);
  return c;
}

/// blocks(n: i32): compresses the n / 128 blocks at the input window, none of them the last.
function blocksBody(): number[] {
  const n = 0, at = 1;
  const c: number[] = [1, 1, I32]; // one i32 local, at
  c.push(OP.block, VOID, OP.loop, VOID);
  localGet(c, at);
  localGet(c, n);
  c.push(OP.i32GeU, OP.brIf, 1, OP.globalGet, 0);
  i64Const(c, BLOCK);
  c.push(OP.i64Add, OP.globalSet, 0);
  localGet(c, at);
  i32Const(c, INPUT_AT);
  c.push(OP.i32Add);
  i64Const(c, 0);
  c.push(OP.call, 0);
  localGet(c, at);
  i32Const(c, BLOCK);
  c.push(OP.i32Add);
  localSet(c, at);
  c.push(OP.br, 0, OP.end, OP.end, OP.end);
  return c;
}

/// last(at: i32, r: i32): compresses the block at offset `at` of the input window, the last, of
/// which r bytes are input and the rest zero.
function lastBody(): number[] {
  const at = 0, r = 1;
  const c: number[] = [0, OP.globalGet, 0]; // no locals
  localGet(c, r);
  c.push(OP.i64ExtendI32U, OP.i64Add, OP.globalSet, 0);
  localGet(c, at);
  i32Const(c, INPUT_AT);
  c.push(OP.i32Add);
  i64Const(c, -1);
  c.push(OP.call, 0, OP.end);
  return c;
}

/// The export section's entry for `name` (ASCII).
function exported(name: string, kind: number, index: number): number[] {
  return sized(Array.from(name, (ch) => ch.charCodeAt(0))).concat(kind, index);
}

/// The data section's one segment: the IV, active in memory 0 at IV_AT.
function ivSegment(): number[] {
  const segment = [0x00];
  i32Const(segment, IV_AT);
  segment.push(OP.end);
  const iv = [...IV].flatMap((w) => [w & 0xff, (w >>> 8) & 0xff, (w >>> 16) & 0xff, w >>> 24]);
  return segment.concat(sized(iv));
}

/// The module's binary.
function moduleBytes(): Uint8Array<ArrayBuffer> {
  const section = (id: number, body: readonly number[]) => [id].concat(sized(body));
  // Each function has its own type, of these parameters and no results.
  const type = (params: number[]) => [FUNCTION_TYPE, params.length, ...params, 0];
  const bodies = [compressBody(), startBody(), blocksBody(), lastBody()];
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00].concat( // "\0asm", version 1
    section(SECTION.type, vector([type([I32, I64]), type([]), type([I32]), type([I32, I32])])),
    section(SECTION.function, vector([[0], [1], [2], [3]])),
    section(SECTION.memory, vector([[0x00, PAGES]])), // no maximum
    section(SECTION.global, vector([[I64, 0x01, OP.i64Const, 0, OP.end]])), // mutable, 0
    section(SECTION.export, vector([
      exported('memory', EXPORT.memory, 0),
      exported('start', EXPORT.function, 1),
      exported('blocks', EXPORT.function, 2),
      exported('last', EXPORT.function, 3),
    ])),
    section(SECTION.code, vector(bodies.map(sized))),
    section(SECTION.data, vector([ivSegment()])),
  ));
}

/// The instantiated module.
interface Engine {
  /// The input window: `CHUNK` bytes of input, then room for a block of padding.
  readonly input: Uint8Array;
  /// The chaining value; its first 32 bytes are the digest.
  readonly state: Uint8Array;
  readonly start: () => void;
  readonly blocks: (n: number) => void;
  readonly last: (at: number, r: number) => void;
}

function instantiate(): Engine {
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()));
  // The memory never grows, so these views stay attached.
  const buffer = (exports.memory as WebAssembly.Memory).buffer;
  return {
    input: new Uint8Array(buffer, INPUT_AT, CHUNK + BLOCK),
    state: new Uint8Array(buffer, STATE_AT, 64),
    start: exports.start as Engine['start'],
    blocks: exports.blocks as Engine['blocks'],
    last: exports.last as Engine['last'],
  };
}

let engine: Engine | undefined;

/// The module, instantiated on first use; undefined where WebAssembly is unavailable.
function wasm(): Engine | undefined {
  if (engine === undefined && typeof WebAssembly === 'object') engine = instantiate();
  return engine;
}

/// Hashes `src` in the module, a chunk at a time when larger than the window.
function digestWasm(w: Engine, src: Uint8Array): Uint8Array {
  w.start();
  const n = src.length;
  let at = 0;
  // Chunks are whole blocks and never hold the last one.
  for (; n - at > CHUNK; at += CHUNK) {
    w.input.set(src.subarray(at, at + CHUNK));
    w.blocks(CHUNK);
  }
  w.input.set(at === 0 ? src : src.subarray(at));
  return finish(w, n - at);
}

/// Compresses the `n` bytes left in the window, the last block flagged, and returns the digest.
function finish(w: Engine, n: number): Uint8Array {
  w.input.fill(0, n, n + BLOCK);
  // The bytes before the last block, which is compressed apart even when full.
  const before = n === 0 ? 0 : (n - 1) & -BLOCK;
  w.blocks(before);
  w.last(before, n - before);
  return w.state.slice(0, 32);
}

// ---------------------------------------------------------------------------------------------

/// BLAKE2b-256 of `bytes`.
///
/// @example blake2b256(new Uint8Array(0)) // 0e5751c026e543b2e8ab2eb06099daa1d1e5df47778f7787faab45cdf12fe3a8
export function blake2b256(bytes: Uint8Array): Uint8Array {
  const w = wasm();
  return w === undefined ? blake2b256Js(bytes) : digestWasm(w, bytes);
}

/// BLAKE2b-256 of the UTF-8 encoding of `s` (lone surrogates as U+FFFD, as `TextEncoder` has
/// them); a string of up to 21,845 UTF-16 units (a third of the window, three bytes each at most)
/// is encoded straight into the module's memory.
export function blake2b256Text(s: string): Uint8Array {
  const w = wasm();
  if (w === undefined || 3 * s.length > CHUNK) return blake2b256(UTF8.encode(s));
  w.start();
  return finish(w, UTF8.encodeInto(s, w.input).written);
}
