/// Request YAML (`pact -a`, `pact -u`): reading it with Pact's field rules and defaults, and
/// building the command it describes — signed with its `keyPairs`, or unsigned for its `signers`.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { Decimal } from '../values/decimal.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { JsonParseError, parseJson } from '../values/json.ts';
import type { Json, JsonObject } from '../values/json.ts';
import { formatShowTime } from '../values/time.ts';
import {
  AesonError, INTEGER_TOO_LARGE, asArray, asBool, asInt, asObject, asText, fail, optional, required,
} from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import { hexEncode } from './bytes.ts';
import { encodePayload, hashCmd, publicMetaJson, signHash } from './command.ts';
import type { Command, Payload, PublicMeta, Scheme, SigCapability, Signer, UserSig, Verifier } from './command.ts';
import { encodeCoseKey } from './cose.ts';
import type { CosePublicKey } from './cose.ts';
import type { Ed25519KeyPair } from './crypto.ts';
import { crash, requestError } from './errors.ts';
import { importKeyPair, parseHex } from './keys.ts';
import { nonNegative, parsedDecimal, parsedInteger } from './parsed.ts';
import { showIoError, showString } from '../values/haskell-show.ts';
import { capabilitiesOf, hashOf, schemeOf, verifierOf } from './verify.ts';
import { mockWebAuthnSign, parseWebAuthnPublicKey } from './webauthn.ts';
import { readYamlFile, YamlError } from './yaml.ts';

/// A request file as Pact decodes it (`ApiReq`); absent and null fields are undefined.
export interface ApiRequest {
  readonly type?: string;
  readonly pactTxHash?: Uint8Array;
  readonly step?: number;
  readonly rollback?: boolean;
  readonly data?: Json;
  readonly proof?: string;
  readonly dataFile?: string;
  readonly code?: string;
  readonly codeFile?: string;
  readonly keyPairs?: readonly ApiKeyPair[];
  readonly signers?: readonly ApiSigner[];
  readonly verifiers?: readonly Verifier[];
  readonly nonce?: string;
  readonly publicMeta?: ApiPublicMeta;
  readonly networkId?: string;
}

/// A `keyPairs` entry: a secret to sign with, for `-a`.
export interface ApiKeyPair {
  readonly secret: Uint8Array;
  readonly public?: Uint8Array;
  readonly address?: string;
  readonly scheme?: Scheme;
  readonly caps?: readonly SigCapability[];
}

/// A `signers` entry: a public key that will sign later, for `-u`.
export interface ApiSigner {
  readonly public: string;
  readonly address?: string;
  readonly scheme?: Scheme;
  readonly caps?: readonly SigCapability[];
}

/// `publicMeta`, each part optional.
export interface ApiPublicMeta {
  readonly chainId?: string;
  readonly sender?: string;
  readonly gasLimit?: bigint;
  readonly gasPrice?: Decimal;
  readonly ttl?: bigint;
  readonly creationTime?: bigint;
}

/// Reads and decodes a request file; any failure is Pact's request error.
export function readApiRequest(path: string): ApiRequest {
  try {
    return apiRequestOf(readYamlFile(path));
  } catch (e) {
    if (e instanceof YamlError) throw requestError(e.shown);
    if (e instanceof AesonError) throw requestError(`AesonException ${showString(e.message)}`);
    // A number with more digits than the engine's largest integer.
    if (e instanceof RangeError && /BigInt/.test(e.message)) throw requestError(INTEGER_TOO_LARGE);
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------
// Decoding (aeson's generic record decoders: fields in declaration order, first failure wins)

const API_REQ = 'Pact.ApiReq.ApiReq(ApiReq)';
const API_KEY_PAIR = 'Pact.ApiReq.ApiKeyPair(ApiKeyPair)';
const API_SIGNER = 'Pact.ApiReq.ApiSigner(ApiSigner)';

/// Decodes an optional field with `read` (a `Maybe` field: absent and null are both Nothing).
function opt<T>(o: JsonObject, key: string, path: JsonPath, read: (v: Json, path: JsonPath) => T): T | undefined {
  const v = optional(o, key);
  return v === undefined ? undefined : read(v, [...path, key]);
}

const text = (v: Json, path: JsonPath): string => asText(v, path);
/// Haskell `FilePath` (`String`) names its type differently from `Text`.
const filePath = (v: Json, path: JsonPath): string => asText(v, path, 'String');

function apiRequestOf(v: Json): ApiRequest {
  const o = asObject(v, [], API_REQ);
  const p: JsonPath = [];
  return {
    type: opt(o, 'type', p, text),
    pactTxHash: opt(o, 'pactTxHash', p, hashOf),
    step: opt(o, 'step', p, asInt),
    rollback: opt(o, 'rollback', p, (x, at) => asBool(x, at)),
    data: optional(o, 'data'),
    proof: opt(o, 'proof', p, (x, at) => asText(x, at, 'ByteString')),
    dataFile: opt(o, 'dataFile', p, filePath),
    code: opt(o, 'code', p, text),
    codeFile: opt(o, 'codeFile', p, filePath),
    keyPairs: opt(o, 'keyPairs', p, (x, at) => asArray(x, at).map((k, i) => keyPairOf(k, [...at, i]))),
    signers: opt(o, 'signers', p, (x, at) => asArray(x, at).map((s, i) => apiSignerOf(s, [...at, i]))),
    verifiers: opt(o, 'verifiers', p, (x, at) => asArray(x, at).map((s, i) => verifierOf(s, [...at, i]))),
    nonce: opt(o, 'nonce', p, text),
    publicMeta: opt(o, 'publicMeta', p, publicMetaOf),
    networkId: opt(o, 'networkId', p, text),
  };
}

function hexOf(name: string): (v: Json, path: JsonPath) => Uint8Array {
  return (v, path) => {
    const bytes = parseHex(asText(v, path, name));
    return typeof bytes === 'string' ? fail(path, bytes) : bytes;
  };
}

function keyPairOf(v: Json, path: JsonPath): ApiKeyPair {
  const o = asObject(v, path, API_KEY_PAIR);
  return {
    secret: hexOf('PrivateKeyBS')(required(o, 'secret', path, `parsing ${API_KEY_PAIR} failed, `), [...path, 'secret']),
    public: opt(o, 'public', path, hexOf('PublicKeyBS')),
    address: opt(o, 'address', path, text),
    scheme: opt(o, 'scheme', path, schemeOf),
    caps: opt(o, 'caps', path, capabilitiesOf),
  };
}

function apiSignerOf(v: Json, path: JsonPath): ApiSigner {
  const o = asObject(v, path, API_SIGNER);
  return {
    public: asText(required(o, 'public', path, `parsing ${API_SIGNER} failed, `), [...path, 'public']),
    address: opt(o, 'address', path, text),
    scheme: opt(o, 'scheme', path, schemeOf),
    caps: opt(o, 'caps', path, capabilitiesOf),
  };
}

function publicMetaOf(v: Json, path: JsonPath): ApiPublicMeta {
  const o = asObject(v, path, 'ApiPublicMeta');
  return {
    chainId: opt(o, 'chainId', path, text),
    sender: opt(o, 'sender', path, text),
    gasLimit: opt(o, 'gasLimit', path, (x, at) => nonNegative(parsedInteger(x, at), at)),
    gasPrice: opt(o, 'gasPrice', path, (x, at) => nonNegative(parsedDecimal(x, at), at)),
    ttl: opt(o, 'ttl', path, parsedInteger),
    creationTime: opt(o, 'creationTime', path, parsedInteger),
  };
}

// ---------------------------------------------------------------------------------------------
// Building the command (`mkApiReqCmd`)

/// Options of `buildCommand`.
export interface BuildOptions {
  /// `-u`: an unsigned command for `signers`, instead of one signed with `keyPairs`.
  readonly unsigned: boolean;
  /// The current time in microseconds since the epoch (default nonce and creation time).
  readonly now: bigint;
}

/// The command a request describes, with Pact's checks, defaults and failure texts. `path` is
/// the request file as given: `codeFile`/`dataFile` are relative to its directory.
export function buildCommand(req: ApiRequest, path: string, opts: BuildOptions): Command {
  if (req.type !== undefined && req.type !== 'exec' && req.type !== 'cont') {
    throw requestError("Expected a valid message type: either 'exec' or 'cont'");
  }
  const dir = dirname(path);
  let rpc: Payload['rpc'];
  if (req.type === 'cont') {
    if (req.pactTxHash === undefined) throw requestError("Expected a 'pactTxHash' entry");
    if (req.step === undefined) throw requestError("Expected a 'step' entry");
    if (req.rollback === undefined) throw requestError("Expected a 'rollback' entry");
    const data = dataOf(req, dir);
    rpc = { kind: 'cont', pactId: base64UrlEncode(req.pactTxHash), step: req.step, rollback: req.rollback, data, proof: req.proof ?? null };
  } else {
    const code = codeOf(req, dir);
    rpc = { kind: 'exec', code, data: dataOf(req, dir) };
  }
  const meta = publicMetaJson(publicMeta(req.publicMeta, opts.now));
  const keys = opts.unsigned ? [] : signingKeys(req);
  const signers = opts.unsigned ? unsignedSigners(req) : keys.map((k) => k.signer);
  let nonce = req.nonce ?? formatShowTime(opts.now);
  // Pact's unsigned continuation nonce goes through `show`: quoted and escaped.
  if (opts.unsigned && rpc.kind === 'cont') nonce = showString(nonce);
  const payload: Payload = {
    rpc, nonce, meta, signers, verifiers: req.verifiers ?? null, networkId: req.networkId ?? null,
  };
  // A signed request re-encodes the payload in legacy key order; an unsigned one does not.
  const cmd = encodePayload(payload, !opts.unsigned);
  const hash = hashCmd(cmd);
  return { cmd, hash, sigs: keys.map((k) => k.sign(hash)) };
}

function codeOf(req: ApiRequest, dir: string): string {
  if (req.code !== undefined && req.codeFile === undefined) return req.code;
  if (req.codeFile !== undefined && req.code === undefined) return readText(joinPath(dir, req.codeFile));
  throw requestError("Expected either a 'code' or 'codeFile' entry");
}

function dataOf(req: ApiRequest, dir: string): Json {
  if (req.data !== undefined && req.dataFile === undefined) return req.data;
  if (req.dataFile !== undefined && req.data === undefined) {
    const text = readText(joinPath(dir, req.dataFile));
    try {
      return parseJson(text);
    } catch (e) {
      if (e instanceof JsonParseError) throw requestError(`Data file load failed: ${showString(`Error in $: ${e.message}`)}`);
      throw e;
    }
  }
  if (req.data === undefined && req.dataFile === undefined) return null;
  throw requestError("Expected either a 'data' or 'dataFile' entry, or neither");
}

/// Haskell's `</>`: no normalisation (`./../x` stays so, as error messages show it).
function joinPath(dir: string, file: string): string {
  if (isAbsolute(file)) return file;
  return dir.endsWith('/') ? dir + file : `${dir}/${file}`;
}

/// Reads a file named by a request; Pact lets the IO exception escape, printed as GHC does.
function readText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw crash(`${file}: openBinaryFile: ${showIoError(e)}`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw crash('Cannot decode input: Data.Text.Internal.Encoding: Invalid UTF-8 stream');
  }
}

/// `mkPubMeta`: all zero without `publicMeta`; with it, a TTL of 1800 and the current second as
/// the creation time unless given.
function publicMeta(m: ApiPublicMeta | undefined, now: bigint): PublicMeta {
  if (m === undefined) {
    return { chainId: '', sender: '', gasLimit: 0n, gasPrice: Decimal.fromInteger(0n), ttl: 0n, creationTime: 0n };
  }
  return {
    chainId: m.chainId ?? '',
    sender: m.sender ?? '',
    gasLimit: m.gasLimit ?? 0n,
    gasPrice: m.gasPrice ?? Decimal.fromInteger(0n),
    ttl: m.ttl ?? 1800n,
    // The time is after the epoch, so division floors.
    creationTime: m.creationTime ?? now / 1000000n,
  };
}

function unsignedSigners(req: ApiRequest): Signer[] {
  if (req.keyPairs !== undefined) throw requestError("'keyPairs' invalid in unsigned request");
  if (req.signers === undefined) throw requestError("'signers' required for unsigned request");
  return req.signers.map((s) => ({ scheme: s.scheme ?? null, pubKey: s.public, addr: s.address ?? null, clist: s.caps ?? [] }));
}

/// A signer of a signed request and how it signs.
interface SigningKey {
  readonly signer: Signer;
  readonly sign: (hash: Uint8Array) => UserSig;
}

function signingKeys(req: ApiRequest): SigningKey[] {
  if (req.signers !== undefined) throw requestError("'signers' invalid in command request");
  return (req.keyPairs ?? []).map(signingKey);
}

/// `mkKeyPairs`: an Ed25519 pair (its `address`, if any, must be the public key), or a WebAuthn
/// pair (a COSE public key with an Ed25519 secret) that signs as a mock authenticator.
function signingKey(k: ApiKeyPair): SigningKey {
  const clist = k.caps ?? [];
  if (k.scheme === undefined || k.scheme === 'ED25519') {
    const kp = ed25519Pair(k);
    const signer: Signer = { scheme: null, pubKey: hexEncode(kp.publicKey), addr: null, clist };
    return { signer, sign: (hash) => ({ kind: 'ed25519', sig: signHash(hash, kp.secretKey) }) };
  }
  if (k.public === undefined || k.address !== undefined) throw requestError('Attempted to mix Ed25519 and WebAuthn keys.');
  const key = parseWebAuthnPublicKey(k.public);
  if (typeof key === 'string') throw requestError(key);
  if (k.secret.length !== 32) throw requestError('Could not parse WebAuthn private key');
  const signer: Signer = { scheme: 'WebAuthn', pubKey: hexEncode(encodeCoseKey(key)), addr: null, clist };
  return { signer, sign: (hash) => webAuthnSig(key, k.secret, hash) };
}

function ed25519Pair(k: ApiKeyPair): Ed25519KeyPair {
  let address: Uint8Array | undefined;
  if (k.address !== undefined) {
    const a = parseHex(k.address);
    if (typeof a === 'string') throw requestError(a);
    address = a;
  }
  const kp = importKeyPair(k.public ?? null, k.secret);
  if (typeof kp === 'string') throw requestError(kp);
  if (address !== undefined && Buffer.compare(address, kp.publicKey) !== 0) {
    throw requestError(`Address provided ${showString(hexEncode(address))} does not match actual Address ` +
      showString(hexEncode(kp.publicKey)));
  }
  return kp;
}

function webAuthnSig(key: CosePublicKey, secret: Uint8Array, hash: Uint8Array): UserSig {
  const sig = mockWebAuthnSign(key, secret, hash);
  if (typeof sig === 'string') throw crash(`Failed to sign with mock WebAuthn keypair: ${sig}`);
  return { kind: 'webauthn', sig };
}
