/// Commitments natives: `validate-keypair` (a Curve25519 key pair matches) and
/// `decrypt-cc20p1305` (ChaCha20-Poly1305 AEAD with an X25519 shared key, RFC 7539).
import { base64UrlDecodeVerbose, base64UrlEncode } from '../values/base64.ts';
import type { Info } from '../syntax/exp.ts';
import { evalError } from '../lang/errors.ts';
import { badArgs } from '../lang/eval.ts';
import { natives } from './registry.ts';
import type { Native, StrictFn } from './registry.ts';
import { lazyModule } from '../values/lazy-module.ts';

// Loaded when first used, as are Node's ciphers: both cost every run a few milliseconds to load.
const curves = lazyModule(() => require('@noble/curves/ed25519.js') as typeof import('@noble/curves/ed25519.js'),
  '@noble/curves/ed25519.js', import.meta.url);

/// Names of the ASCII control characters as Haskell's `show` spells them.
const CONTROL_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
];

/// Haskell's `show` of a string: quoted, with `\"` `\\`, named or decimal escapes for control and
/// non-ASCII characters, and `\&` where the next character would otherwise extend the escape.
function showHaskellString(s: string): string {
  let out = '"';
  let prev = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    // A decimal escape followed by a digit, or `\SO` followed by `H`, needs a separator.
    if ((/^\\\d+$/.test(prev) && /[0-9]/.test(ch)) || (prev === '\\SO' && ch === 'H')) out += '\\&';
    const esc = ch === '"' ? '\\"' : ch === '\\' ? '\\\\' : c < 32 ? '\\' + CONTROL_NAMES[c]! : c === 127 ? '\\DEL' : c > 127 ? `\\${c}` : ch;
    out += esc;
    prev = esc;
  }
  return out + '"';
}

function base16(text: string, info: Info): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) throw evalError(info, `Base16 decode failed: ${showHaskellString(text)}`);
  return Buffer.from(text, 'hex');
}

function base64Url(text: string, info: Info): Uint8Array {
  const bytes = base64UrlDecodeVerbose(text);
  if (typeof bytes === 'string') throw evalError(info, bytes);
  return bytes;
}

function ofLength(bytes: Uint8Array, what: string, n: number, info: Info): Uint8Array {
  if (bytes.length !== n) throw evalError(info, `${what} must be bytestring of length ${n}`);
  return bytes;
}

function publicKey(text: string, info: Info): Uint8Array {
  return ofLength(base16(text, info), 'public key', 32, info);
}

function secretKey(text: string, info: Info): Uint8Array {
  return ofLength(base16(text, info), 'secret key', 32, info);
}

const validateKeypair: StrictFn = (_ctx, args, app, self) => {
  const [pub, sec] = args;
  if (args.length !== 2 || typeof pub !== 'string' || typeof sec !== 'string') throw badArgs(self, args, app.info);
  const pk = publicKey(pub, app.info);
  const derived = curves().x25519.getPublicKey(secretKey(sec, app.info));
  if (!Buffer.from(derived).equals(pk)) throw evalError(app.info, 'validate-keypair: mismatch');
  return true;
};

/// X25519 without the low-order-point rejection noble adds: for those points the ladder ends at
/// zero, which is the shared key Pact's library goes on to use.
function sharedKey(secret: Uint8Array, pub: Uint8Array): Uint8Array {
  try {
    return curves().x25519.getSharedSecret(secret, pub);
  } catch {
    return new Uint8Array(32);
  }
}

const decrypt: StrictFn = (_ctx, args, app, self) => {
  if (args.length !== 6 || !args.every((a) => typeof a === 'string')) throw badArgs(self, args, app.info);
  const [c, n, a, m, p, s] = args as string[];
  const info = app.info;
  const ciphertext = base64Url(c!, info);
  const aad = base64Url(a!, info);
  const nonce = ofLength(base64Url(n!, info), 'nonce', 12, info);
  const mac = base64Url(m!, info);
  const pub = publicKey(p!, info);
  const sec = secretKey(s!, info);
  if (mac.length !== 16) throw evalError(info, 'auth prefix: CryptoError_AuthenticationTagSizeInvalid');
  const key = sharedKey(sec, pub);
  // Decrypting is XOR with the key stream; re-encrypting the result yields the tag Pact compares
  // against (and shows on a mismatch).
  const { createCipheriv, createDecipheriv } = process.getBuiltinModule('node:crypto');
  const decipher = createDecipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
  decipher.setAAD(aad, { plaintextLength: ciphertext.length });
  const plaintext = decipher.update(ciphertext);
  const cipher = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
  cipher.setAAD(aad, { plaintextLength: plaintext.length });
  cipher.update(plaintext);
  cipher.final();
  const tag = cipher.getAuthTag();
  if (!tag.equals(mac)) throw evalError(info, `AEAD Authentication failed: ${tag.toString('hex')}`);
  return base64UrlEncode(plaintext);
};

export const commitmentNatives: Native[] = natives({
  'validate-keypair': { fn: validateKeypair },
  'decrypt-cc20p1305': { fn: decrypt },
});
