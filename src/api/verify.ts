/// Reading a command's payload back and verifying a command: hash, signer count, each signature
/// against its signer (Ed25519 or WebAuthn), with Pact's failure texts.
import { base64UrlDecodeVerbose, base64UrlEncode } from '../values/base64.ts';
import { encodeJson, JsonObject, JsonParseError, parseJson } from '../values/json.ts';
import { toJson } from '../values/pact-json.ts';
import type { Json } from '../values/json.ts';
import { Decimal } from '../values/decimal.ts';
import { PList, PObject } from '../values/value.ts';
import type { PactValue } from '../values/value.ts';
import {
  AesonError, asArray, asBool, asInt, asObject, asText, fail, optional, required,
} from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import { hexDecode } from './bytes.ts';
import { hashCmd } from './command.ts';
import type { Command, ContMsg, ExecMsg, Payload, Scheme, SigCapability, Signer, UserSig, Verifier } from './command.ts';
import { verify as ed25519Verify } from './crypto.ts';
import { parsePactValue, qualifiedName } from '../values/pact-value.ts';
import { showString } from '../values/haskell-show.ts';
import { decodeWebAuthnSignature, parseWebAuthnPublicKey, verifyWebAuthn } from './webauthn.ts';

/// Checks Pact code the way the on-chain parser does: undefined if it parses, else its error
/// text. Payloads are only accepted with code that parses; the syntax layer supplies this.
export type CodeChecker = (code: string) => string | undefined;

/// Checks a payload's `meta` as the reader of a command needs it (a node reads `PublicMeta`;
/// the signing tools take any JSON). Throws an `AesonError`.
export type MetaChecker = (meta: Json, path: JsonPath) => void;

/// Parses a `cmd` text as a payload (`eitherDecode` then `parsePact`); the failure text on error.
export function parsePayload(cmd: string, checkCode?: CodeChecker, checkMeta?: MetaChecker): Payload | { error: string } {
  let json: Json;
  try {
    json = parseJson(cmd);
  } catch (e) {
    if (e instanceof JsonParseError) return { error: `Error in $: ${e.message}` };
    throw e;
  }
  let payload: Payload;
  try {
    payload = payloadOf(json, checkMeta);
  } catch (e) {
    if (e instanceof AesonError) return { error: e.message };
    throw e;
  }
  if (payload.rpc.kind === 'exec' && checkCode !== undefined) {
    const err = checkCode(payload.rpc.code);
    if (err !== undefined) return { error: err };
  }
  return payload;
}

const PAYLOAD = 'parsing Pact.Types.Command.Payload(Payload) failed, ';

function payloadOf(v: Json, checkMeta?: MetaChecker): Payload {
  const o = asObject(v, [], 'Pact.Types.Command.Payload(Payload)');
  const rpc = rpcOf(required(o, 'payload', [], PAYLOAD), ['payload']);
  const nonce = asText(required(o, 'nonce', [], PAYLOAD), ['nonce']);
  const meta = required(o, 'meta', [], PAYLOAD);
  checkMeta?.(meta, ['meta']);
  const signers = asArray(required(o, 'signers', [], PAYLOAD), ['signers']).map((s, i) => signerOf(s, ['signers', i]));
  const vs = optional(o, 'verifiers');
  const verifiers = vs === undefined ? null : asArray(vs, ['verifiers']).map((x, i) => verifierOf(x, ['verifiers', i]));
  const nid = optional(o, 'networkId');
  return { rpc, nonce, meta, signers, verifiers, networkId: nid === undefined ? null : asText(nid, ['networkId']) };
}

/// `exec`, or else `cont` (aeson's `<|>`: when both fail, `cont`'s failure is reported).
function rpcOf(v: Json, path: JsonPath): ExecMsg | ContMsg {
  const o = asObject(v, path, 'RPC');
  try {
    return execOf(required(o, 'exec', path), [...path, 'exec']);
  } catch (e) {
    if (!(e instanceof AesonError)) throw e;
  }
  return contOf(required(o, 'cont', path), [...path, 'cont']);
}

function execOf(v: Json, path: JsonPath): ExecMsg {
  const o = asObject(v, path, 'PactMsg');
  const code = asText(required(o, 'code', path), [...path, 'code']);
  return { kind: 'exec', code, data: required(o, 'data', path) };
}

function contOf(v: Json, path: JsonPath): ContMsg {
  const o = asObject(v, path, 'ContMsg');
  const pactId = asText(required(o, 'pactId', path), [...path, 'pactId']);
  const step = asInt(required(o, 'step', path), [...path, 'step']);
  const rollback = asBool(required(o, 'rollback', path), [...path, 'rollback']);
  const data = required(o, 'data', path);
  // The key must be there, though its value may be null.
  const proof = required(o, 'proof', path);
  return { kind: 'cont', pactId, step, rollback, data, proof: proof === null ? null : asText(proof, [...path, 'proof'], 'ByteString') };
}

/// A signer as Pact reads one: `pubKey` required, `scheme`, `addr`, `clist` optional.
export function signerOf(v: Json, path: JsonPath): Signer {
  const o = asObject(v, path, 'Signer');
  const scheme = optional(o, 'scheme');
  const pubKey = asText(required(o, 'pubKey', path), [...path, 'pubKey']);
  const addr = optional(o, 'addr');
  const clist = optional(o, 'clist');
  return {
    scheme: scheme === undefined ? null : schemeOf(scheme, [...path, 'scheme']),
    pubKey,
    addr: addr === undefined ? null : asText(addr, [...path, 'addr']),
    clist: clist === undefined ? [] : capabilitiesOf(clist, [...path, 'clist']),
  };
}

/// `ED25519` or `WebAuthn`.
export function schemeOf(v: Json, path: JsonPath): Scheme {
  const s = asText(v, path, 'PPKScheme');
  if (s === 'ED25519' || s === 'WebAuthn') return s;
  return fail(path, `Unsupported PPKScheme: ${showString(s)}`);
}

/// A list of `{name, args}` capabilities.
export function capabilitiesOf(v: Json, path: JsonPath): SigCapability[] {
  return asArray(v, path).map((c, i) => {
    const at = [...path, i];
    const o = asObject(c, at, 'SigCapability');
    const name = qualifiedName(required(o, 'name', at), [...at, 'name']);
    const args = asArray(required(o, 'args', at), [...at, 'args']).map((a, j) => parsePactValue(a, [...at, 'args', j]));
    return { name, args };
  });
}

/// A verifier `{name, proof, clist}`.
export function verifierOf(v: Json, path: JsonPath): Verifier {
  const o = asObject(v, path, 'Verifier');
  const name = asText(required(o, 'name', path), [...path, 'name']);
  const proof = parsePactValue(required(o, 'proof', path), [...path, 'proof']);
  const clist = capabilitiesOf(required(o, 'clist', path), [...path, 'clist']);
  return { name, proof, clist };
}

/// Reads a `{"sig": …}` object: a WebAuthn assertion if the text is one, else Ed25519 hex.
export function userSigOf(v: Json, path: JsonPath): UserSig {
  const o = asObject(v, path, 'UserSig');
  const sig = asText(required(o, 'sig', path), [...path, 'sig']);
  const webauthn = decodeWebAuthnSignature(sig);
  return webauthn === undefined ? { kind: 'ed25519', sig } : { kind: 'webauthn', sig: webauthn };
}

/// Reads a command `{"cmd", "sigs", "hash"}` (other keys, such as a client's `pubKey` beside
/// each `sig`, are ignored); throws `AesonError`.
export function commandOf(v: Json): Command {
  const o = asObject(v, [], 'Command');
  const cmd = asText(required(o, 'cmd', []), ['cmd']);
  const sigs = asArray(required(o, 'sigs', []), ['sigs']).map((s, i) => userSigOf(s, ['sigs', i]));
  return { cmd, sigs, hash: hashOf(required(o, 'hash', []), ['hash']) };
}

/// A hash in unpadded base64url (a command hash, a pact id).
export function hashOf(v: Json, path: JsonPath): Uint8Array {
  const bytes = base64UrlDecodeVerbose(asText(v, path, 'Hash'));
  return typeof bytes === 'string' ? fail(path, `Base64URL decode failed: ${bytes}`) : bytes;
}

// ---------------------------------------------------------------------------------------------
// Verification

/// How a command is verified beyond its JSON shape and hash.
export interface VerifyOptions {
  readonly checkMeta?: MetaChecker;
  /// False skips the signatures (chainweb's `/local?signatureVerification=false`).
  readonly signatures?: boolean;
  /// Verdicts already reached on Ed25519 signatures (by a `SignaturePool`), by the command hash
  /// (base64url), public key and signature texts; undefined where none was.
  readonly knownVerdict?: KnownVerdict;
}

export type KnownVerdict = (hash: string, pubKey: string, sig: string) => boolean | undefined;

/// Verifies a command: its payload parses, its hash is right, and each signature (the n-th for
/// the n-th signer) is valid. The payload on success, else the `Invalid command: …` text.
export function verifyCommand(c: Command, checkCode?: CodeChecker, options: VerifyOptions = {}): Payload | { error: string } {
  const payload = parsePayload(c.cmd, checkCode, options.checkMeta);
  if ('error' in payload) return { error: `Invalid command: ${payload.error}` };
  const hashErr = verifyHash(c.hash, c.cmd);
  if (hashErr !== undefined) return { error: `Invalid command: ${hashErr}` };
  if (options.signatures === false) return payload;
  if (c.sigs.length !== payload.signers.length) {
    return { error: 'Invalid command: Number of sig(s) does not match number of signer(s)' };
  }
  const sigErr = verifyUserSigs(c.hash, c.sigs.map((s, i) => [s, payload.signers[i]!]), options.knownVerdict);
  return sigErr === undefined ? payload : { error: `Invalid command: ${sigErr}` };
}

/// Compares a claimed hash with the hash of the `cmd` text.
export function verifyHash(hash: Uint8Array, cmd: string): string | undefined {
  const actual = hashCmd(cmd);
  if (Buffer.compare(actual, hash) === 0) return undefined;
  return `Hash Mismatch, received ${base64UrlEncode(hash)} but our hashing resulted in ${base64UrlEncode(actual)}`;
}

/// Checks signature/signer pairs; for failures, Pact's `Invalid sig(s) found: …` text, whose
/// body is the Haskell `show` of a JSON object from each failing signer's `show` to its error.
export function verifyUserSigs(hash: Uint8Array, pairs: ReadonlyArray<readonly [UserSig, Signer]>, known?: KnownVerdict): string | undefined {
  const failed: Array<[string, string]> = [];
  for (const [sig, signer] of pairs) {
    const err = verifyUserSig(hash, sig, signer, known);
    if (err !== undefined) failed.push([showSigner(signer), err]);
  }
  if (failed.length === 0) return undefined;
  const json = encodeJson(new JsonObject(failed));
  // `show` of a lazy ByteString: each UTF-8 byte as a character.
  return `Invalid sig(s) found: ${showString(Buffer.from(json, 'utf8').toString('latin1'))}`;
}

/// One signature against its signer; the failure text, or undefined if valid.
export function verifyUserSig(hash: Uint8Array, sig: UserSig, signer: Signer, known?: KnownVerdict): string | undefined {
  const scheme = signer.scheme ?? 'ED25519';
  if (sig.kind === 'ed25519' && scheme === 'ED25519') {
    if (signer.addr !== null && signer.addr !== signer.pubKey) return 'address does not match pubkey';
    const pub = hexDecode(signer.pubKey);
    if (typeof pub === 'string') return `failed to parse ed25519 pubkey: ${pub}`;
    if (pub.length !== 32) return `failed to parse ed25519 pubkey: Invalid ED25519 Public Key: ${showString(signer.pubKey.toLowerCase())}`;
    const s = hexDecode(sig.sig);
    if (typeof s === 'string') return `failed to parse ed25519 signature: ${s}`;
    if (s.length !== 64) return `failed to parse ed25519 signature: Invalid ED25519 Signature: ${showString(sig.sig.toLowerCase())}`;
    const valid = known?.(base64UrlEncode(hash), signer.pubKey, sig.sig) ?? ed25519Verify(s, hash, pub);
    return valid ? undefined : 'invalid ed25519 signature';
  }
  if (sig.kind === 'webauthn' && scheme === 'WebAuthn') {
    // Older signers list WebAuthn keys without their prefix.
    const hex = signer.pubKey.startsWith('WEBAUTHN-') ? signer.pubKey.slice('WEBAUTHN-'.length) : signer.pubKey;
    const bytes = hexDecode(hex);
    if (typeof bytes === 'string') return `failed to parse webauthn pubkey: ${bytes}`;
    const key = parseWebAuthnPublicKey(bytes);
    if (typeof key === 'string') return `failed to parse webauthn pubkey: ${key}`;
    return verifyWebAuthn(hash, key, sig.sig);
  }
  const shownScheme = signer.scheme === null ? 'Nothing' : `Just ${signer.scheme}`;
  return `scheme of ${shownScheme} does not match signature type ${sig.kind === 'ed25519' ? 'ED25519' : 'WebAuthn'}`;
}

// ---------------------------------------------------------------------------------------------
// Haskell `show` of a signer (it keys the "Invalid sig(s)" report)

/// `Signer {_siScheme = …, _siPubKey = "…", _siAddress = …, _siCapList = […]}`.
function showSigner(s: Signer): string {
  const scheme = s.scheme === null ? 'Nothing' : `Just ${s.scheme}`;
  const addr = s.addr === null ? 'Nothing' : `Just ${showString(s.addr)}`;
  return `Signer {_siScheme = ${scheme}, _siPubKey = ${showString(s.pubKey)}, _siAddress = ${addr}, ` +
    `_siCapList = [${s.clist.map(showCapability).join(',')}]}`;
}

function showCapability(c: SigCapability): string {
  const parts = c.name.split('.');
  const name = parts.pop()!;
  const module = parts.pop()!;
  const ns = parts.length === 0 ? 'Nothing' : `Just (NamespaceName {_namespaceName = ${showString(parts[0]!)}})`;
  // `Info`'s own `show` of an empty info is the empty string.
  return `SigCapability {_scName = QualifiedName {_qnQual = ModuleName {_mnName = ${showString(module)}, ` +
    `_mnNamespace = ${ns}}, _qnName = ${showString(name)}, _qnInfo = }, _scArgs = [${c.args.map(showPactValue).join(',')}]}`;
}

/// Derived `Show` of the common Pact values; guards, times and module references are rendered
/// by their JSON text, which Pact would show structurally (an approximation).
function showPactValue(v: PactValue): string {
  switch (typeof v) {
    case 'string': return `PLiteral (LString {_lString = ${showString(v)}})`;
    case 'bigint': return `PLiteral (LInteger {_lInteger = ${v}})`;
    case 'boolean': return `PLiteral (LBool {_lBool = ${v ? 'True' : 'False'}})`;
  }
  if (v instanceof Decimal) {
    // Data.Decimal shows a whole number without a point.
    return `PLiteral (LDecimal {_lDecimal = ${v.scale === 0 ? v.mantissa.toString() : v.toString()}})`;
  }
  if (v instanceof PList) return `PList [${v.items.map(showPactValue).join(',')}]`;
  if (v instanceof PObject) {
    const fields = [...v.fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `(FieldKey ${showString(k)},${showPactValue(x)})`);
    return `PObject (ObjectMap {_objectMap = fromList [${fields.join(',')}]})`;
  }
  return encodeJson(toJson(v));
}
