/// WebAuthn signatures on Pact commands: verification (ES256 and EdDSA keys), and the mock signer
/// Pact uses for `scheme: WebAuthn` key pairs in request YAML, which signs as a browser would
/// with empty authenticator data.
import { JsonObject, encodeJson, parseJson, JsonParseError } from '../values/json.ts';
import { AesonError, asObject, asText, lookup, required } from '../values/aeson.ts';
import { base64DecodeStrict, base64Encode, base64UrlDecodeLoose, base64UrlEncode, base64UrlEncodePadded } from '../values/base64.ts';
import { ALG_EDDSA, ALG_ES256, decodeCoseKey, ecPublicKeyObject } from './cose.ts';
import type { CosePublicKey } from './cose.ts';
import { nodeCrypto, sha256, signWithPublicKey, verify as ed25519Verify } from './crypto.ts';

/// A WebAuthn assertion as Pact carries it (all three fields as text, decoded on verification).
export interface WebAuthnSignature {
  readonly clientDataJSON: string;
  readonly authenticatorData: string;
  readonly signature: string;
}

/// The signature's JSON text, the `sig` string of a WebAuthn `UserSig`.
export function encodeWebAuthnSignature(s: WebAuthnSignature): string {
  return encodeJson(new JsonObject([
    ['authenticatorData', s.authenticatorData],
    ['clientDataJSON', s.clientDataJSON],
    ['signature', s.signature],
  ]));
}

/// Reads a `sig` text as a WebAuthn signature: a JSON object with the three text fields.
export function decodeWebAuthnSignature(text: string): WebAuthnSignature | undefined {
  // Only a JSON object can be one; Ed25519 hex, by far the common case, is told apart cheaply.
  if (!text.trimStart().startsWith('{')) return undefined;
  let v;
  try {
    v = parseJson(text);
  } catch (e) {
    if (e instanceof JsonParseError) return undefined;
    throw e;
  }
  if (!(v instanceof JsonObject)) return undefined;
  const clientDataJSON = lookup(v, 'clientDataJSON');
  const authenticatorData = lookup(v, 'authenticatorData');
  const signature = lookup(v, 'signature');
  if (typeof clientDataJSON !== 'string' || typeof authenticatorData !== 'string' || typeof signature !== 'string') {
    return undefined;
  }
  return { clientDataJSON, authenticatorData, signature };
}

/// `parseWebAuthnPublicKey`: a CBOR COSE key whose algorithm is ES256 or EdDSA.
export function parseWebAuthnPublicKey(bytes: Uint8Array): CosePublicKey | string {
  const key = decodeCoseKey(bytes);
  if (typeof key === 'string') return `WebAuthn public key parsing: ${key}`;
  return checkAlgorithm(key) ?? key;
}

function checkAlgorithm(key: CosePublicKey): string | undefined {
  return key.alg === ALG_ES256 || key.alg === ALG_EDDSA ? undefined : 'Signing algorithm must be EdDSA or P256';
}

/// Checks a WebAuthn signature over the command hash; the failure text, or undefined if valid.
export function verifyWebAuthn(hash: Uint8Array, key: CosePublicKey, sig: WebAuthnSignature): string | undefined {
  const algError = checkAlgorithm(key);
  if (algError !== undefined) return algError;
  const signature = base64DecodeStrict(sig.signature);
  if (typeof signature === 'string') return `signature: ${signature}`;
  const clientData = base64UrlDecodeLoose(sig.clientDataJSON);
  if (typeof clientData === 'string') return `clientData: ${clientData}`;
  const authData = base64DecodeStrict(sig.authenticatorData);
  if (typeof authData === 'string') return `authData: ${authData}`;
  const payload = Buffer.concat([authData, sha256(clientData)]);
  const checked = checkSignature(key, payload, signature);
  if (checked !== undefined) return `webauthn signature check: ${checked}`;
  const challenge = challengeOf(clientData);
  if ('error' in challenge) return `challenge: ${challenge.error}`;
  if (challenge.challenge !== base64UrlEncode(hash)) return 'Hash mismatch, signature signs for the wrong transaction';
  return undefined;
}

function checkSignature(key: CosePublicKey, payload: Uint8Array, signature: Uint8Array): string | undefined {
  if (key.kty === 'OKP') {
    if (signature.length !== 64) return 'Failed to create Ed25519 signature: CryptoError_SignatureSizeInvalid';
    return ed25519Verify(signature, payload, key.x) ? undefined : 'EdDSA Signature invalid';
  }
  const publicKey = ecPublicKeyObject(key)!;
  try {
    return nodeCrypto().verify('sha256', payload, { key: publicKey, dsaEncoding: 'der' }, signature)
      ? undefined : 'ECDSA Signature invalid';
  } catch {
    return 'Failed to decode ECDSA DER value';
  }
}

/// The `challenge` of the client data JSON, or aeson's failure text.
function challengeOf(clientData: Uint8Array): { challenge: string } | { error: string } {
  let v;
  try {
    v = parseJson(new TextDecoder().decode(clientData));
  } catch (e) {
    if (e instanceof JsonParseError) return { error: `Error in $: ${e.message}` };
    throw e;
  }
  try {
    const o = asObject(v, [], 'ClientDataJSON');
    return { challenge: asText(required(o, 'challenge', []), ['challenge']) };
  } catch (e) {
    if (e instanceof AesonError) return { error: e.message };
    throw e;
  }
}

/// Pact's mock WebAuthn signer (`signWebauthn` with empty authenticator data). The secret must be
/// a 32-byte Ed25519 seed and the key an EdDSA one: Pact reads any 32-byte secret as Ed25519
/// first, so P-256 pairs always fail here, as they do in Pact.
export function mockWebAuthnSign(key: CosePublicKey, secret: Uint8Array, hash: Uint8Array): WebAuthnSignature | string {
  if (key.kty !== 'OKP' || secret.length !== 32) return 'invalid pubkey/privkey pair or invalid key type';
  const clientData = new TextEncoder().encode(encodeJson(new JsonObject([['challenge', base64UrlEncode(hash)]])));
  // The signed payload is authenticator data (none here) followed by the client data's digest;
  // the public half of the signing key is the COSE key's, whether or not the secret derives it.
  const signature = signWithPublicKey(sha256(clientData), secret, key.x);
  return {
    signature: base64Encode(signature),
    clientDataJSON: base64UrlEncodePadded(clientData),
    authenticatorData: base64Encode(new Uint8Array(0)),
  };
}
