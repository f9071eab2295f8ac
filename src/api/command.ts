/// Commands: the payload a client signs, its exact JSON text (whose BLAKE2b-256 hash is the
/// request key and what every signature signs), and the signed envelope `{hash, sigs, cmd}`.
import { blake2b256Text } from '../values/hash.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { encodeJson, JsonNumber, JsonObject, legacyKeyOrder } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import type { Decimal } from '../values/decimal.ts';
import { toJson } from '../values/pact-json.ts';
import type { PactValue } from '../values/value.ts';
import { hexEncode } from './bytes.ts';
import { sign } from './crypto.ts';
import { encodeWebAuthnSignature } from './webauthn.ts';
import type { WebAuthnSignature } from './webauthn.ts';

/// A capability a signature (or verifier) is scoped to: `{"args": […], "name": "mod.CAP"}`.
export interface SigCapability {
  readonly name: string;
  readonly args: readonly PactValue[];
}

/// A signature scheme; a signer without one is Ed25519.
export type Scheme = 'ED25519' | 'WebAuthn';

/// One entry of a payload's `signers`.
export interface Signer {
  readonly scheme: Scheme | null;
  readonly pubKey: string;
  readonly addr: string | null;
  readonly clist: readonly SigCapability[];
}

/// One entry of a payload's `verifiers`.
export interface Verifier {
  readonly name: string;
  readonly proof: PactValue;
  readonly clist: readonly SigCapability[];
}

/// An `exec` message: code and its data.
export interface ExecMsg {
  readonly kind: 'exec';
  readonly code: string;
  readonly data: Json;
}

/// A `cont` message: continue (or roll back) step `step` of the defpact `pactId`.
export interface ContMsg {
  readonly kind: 'cont';
  readonly pactId: string;
  readonly step: number;
  readonly rollback: boolean;
  readonly data: Json;
  readonly proof: string | null;
}

/// Chain metadata of a public-chain command.
export interface PublicMeta {
  readonly chainId: string;
  readonly sender: string;
  readonly gasLimit: bigint;
  readonly gasPrice: Decimal;
  readonly ttl: bigint;
  readonly creationTime: bigint;
}

/// What a command's `cmd` text encodes. `meta` is kept as JSON: commands read back for signing
/// are never interpreted further, and built ones convert with `publicMetaJson`.
export interface Payload {
  readonly rpc: ExecMsg | ContMsg;
  readonly nonce: string;
  readonly meta: Json;
  readonly signers: readonly Signer[];
  /// Absent (`null`) and empty encode alike: the key is left out.
  readonly verifiers: readonly Verifier[] | null;
  readonly networkId: string | null;
}

/// A signature: Ed25519 as hex text (not validated until verified), or a WebAuthn assertion.
export type UserSig =
  | { readonly kind: 'ed25519'; readonly sig: string }
  | { readonly kind: 'webauthn'; readonly sig: WebAuthnSignature };

/// A signed (or partly signed) command.
export interface Command {
  readonly cmd: string;
  readonly sigs: readonly UserSig[];
  readonly hash: Uint8Array;
}

// ---------------------------------------------------------------------------------------------
// JSON of payloads

/// The payload's JSON in Pact's field order. Everything below the fixed structure (data, cap
/// arguments, proofs) is in legacy key order, as Pact writes those.
export function payloadJson(p: Payload): JsonObject {
  const entries: Array<[string, Json]> = [
    ['networkId', p.networkId],
    ['payload', rpcJson(p.rpc)],
    ['signers', p.signers.map(signerJson)],
  ];
  if (p.verifiers !== null && p.verifiers.length > 0) entries.push(['verifiers', p.verifiers.map(verifierJson)]);
  entries.push(['meta', p.meta], ['nonce', p.nonce]);
  return new JsonObject(entries);
}

/// The `cmd` text. A signed request (`-a`) re-sorts every object into legacy order; an unsigned
/// one (`-u`) keeps the fields in declaration order. They differ only where a key is newer than
/// aeson 1 (`verifiers`).
export function encodePayload(p: Payload, legacyOrder: boolean): string {
  return encodeJson(payloadJson(p), { legacyOrder });
}

function rpcJson(rpc: ExecMsg | ContMsg): JsonObject {
  if (rpc.kind === 'exec') {
    return new JsonObject([['exec', new JsonObject([['data', legacyOrdered(rpc.data)], ['code', rpc.code]])]]);
  }
  return new JsonObject([['cont', new JsonObject([
    ['proof', rpc.proof],
    ['data', legacyOrdered(rpc.data)],
    ['pactId', rpc.pactId],
    ['rollback', rpc.rollback],
    ['step', new JsonNumber(BigInt(rpc.step), 0)],
  ])]]);
}

/// `{"addr"?, "scheme"?, "pubKey", "clist"?}`; absent parts and an empty clist are left out.
function signerJson(s: Signer): JsonObject {
  const entries: Array<[string, Json]> = [];
  if (s.addr !== null) entries.push(['addr', s.addr]);
  if (s.scheme !== null) entries.push(['scheme', s.scheme]);
  entries.push(['pubKey', s.pubKey]);
  if (s.clist.length > 0) entries.push(['clist', s.clist.map(capabilityJson)]);
  return new JsonObject(entries);
}

function verifierJson(v: Verifier): JsonObject {
  return new JsonObject([['name', v.name], ['proof', pactValueJson(v.proof)], ['clist', v.clist.map(capabilityJson)]]);
}

function capabilityJson(c: SigCapability): JsonObject {
  return new JsonObject([['args', c.args.map(pactValueJson)], ['name', c.name]]);
}

function pactValueJson(v: PactValue): Json {
  return legacyOrdered(toJson(v));
}

/// `{"creationTime", "ttl", "gasLimit", "chainId", "gasPrice", "sender"}`; the gas price goes
/// through an exact rational, so a whole price prints as an integer.
export function publicMetaJson(m: PublicMeta): JsonObject {
  const price = m.gasPrice.normalize();
  return new JsonObject([
    ['creationTime', new JsonNumber(m.creationTime, 0)],
    ['ttl', new JsonNumber(m.ttl, 0)],
    ['gasLimit', new JsonNumber(m.gasLimit, 0)],
    ['chainId', m.chainId],
    ['gasPrice', new JsonNumber(price.mantissa, -price.scale)],
    ['sender', m.sender],
  ]);
}

/// A JSON value with every object's keys in legacy order, at every depth.
function legacyOrdered(v: Json): Json {
  if (Array.isArray(v)) return v.map(legacyOrdered);
  if (!(v instanceof JsonObject)) return v;
  const byKey = new Map(v.entries);
  return new JsonObject(legacyKeyOrder([...byKey.keys()]).map((k) => [k, legacyOrdered(byKey.get(k)!)]));
}

// ---------------------------------------------------------------------------------------------
// Hashing, signing, the envelope

/// BLAKE2b-256 of the `cmd` text's UTF-8 bytes.
export function hashCmd(cmd: string): Uint8Array {
  return blake2b256Text(cmd);
}

/// An Ed25519 signature over a command hash, as Pact writes it (lowercase hex).
export function signHash(hash: Uint8Array, secretKey: Uint8Array): string {
  return hexEncode(sign(hash, secretKey));
}

/// `{"sig": …}`; a WebAuthn signature is its own JSON text inside the string.
export function userSigJson(s: UserSig): JsonObject {
  return new JsonObject([['sig', s.kind === 'ed25519' ? s.sig : encodeWebAuthnSignature(s.sig)]]);
}

/// `{"hash", "sigs", "cmd"}`.
export function commandJson(c: Command): JsonObject {
  return new JsonObject([['hash', base64UrlEncode(c.hash)], ['sigs', c.sigs.map(userSigJson)], ['cmd', c.cmd]]);
}

/// What `pact -a` (and a completed `add-sig`/`combine-sigs`) prints: the command for `/local`,
/// or a `/send` batch of one.
export function submitText(c: Command, local: boolean): string {
  const json = commandJson(c);
  return encodeJson(local ? json : new JsonObject([['cmds', [json]]]));
}
