/// Ed25519 key pairs from hex (request `keyPairs`) and from key files (`pact -g` output, read by
/// `add-sig` and `sign`).
import type { Json } from '../values/json.ts';
import { JsonObject } from '../values/json.ts';
import { lookup } from '../values/aeson.ts';
import { hexDecode, hexEncode } from './bytes.ts';
import type { Ed25519KeyPair } from './crypto.ts';
import { publicKeyOf } from './crypto.ts';
import { requestError } from './errors.ts';
import { showString } from '../values/haskell-show.ts';
import { readYamlFile, YamlError } from './yaml.ts';

/// Pact's `parseB16TextOnly`: the bytes, or `Base16 decode failed: "<text>"`.
export function parseHex(text: string): Uint8Array | string {
  const bytes = hexDecode(text);
  return typeof bytes === 'string' ? `Base16 decode failed: ${showString(text)}` : bytes;
}

/// `importEd25519KeyPair`: a 32-byte seed and, if given, the public key it must derive.
export function importKeyPair(publicKey: Uint8Array | null, secretKey: Uint8Array): Ed25519KeyPair | string {
  if (secretKey.length !== 32) return `Invalid ED25519 Private Key: ${showString(hexEncode(secretKey))}`;
  const derived = publicKeyOf(secretKey);
  if (publicKey !== null) {
    if (publicKey.length !== 32) return `Invalid ED25519 Public Key: ${showString(hexEncode(publicKey))}`;
    if (Buffer.compare(publicKey, derived) !== 0) {
      return `Expected PublicKey ${showString(hexEncode(publicKey))} but received ${showString(hexEncode(derived))}`;
    }
  }
  return { publicKey: derived, secretKey };
}

/// Reads a key file (`public:` and `secret:` hex); failures are request errors, as in Pact.
export function readKeyFile(path: string): Ed25519KeyPair {
  let doc: Json;
  try {
    doc = readYamlFile(path);
  } catch (e) {
    if (e instanceof YamlError) throw requestError(e.shown);
    throw e;
  }
  const kp = keyPairOf(doc);
  if (typeof kp === 'string') throw requestError(`Could not parse key file ${path}: ${kp}`);
  return kp;
}

function keyPairOf(doc: Json): Ed25519KeyPair | string {
  const pub = hexField(doc, 'public');
  if (typeof pub === 'string') return pub;
  const sec = hexField(doc, 'secret');
  if (typeof sec === 'string') return sec;
  return importKeyPair(pub, sec);
}

function hexField(doc: Json, key: string): Uint8Array | string {
  const v = doc instanceof JsonObject ? lookup(doc, key) : undefined;
  return typeof v === 'string' ? parseHex(v) : `Error parsing ${key} key`;
}
