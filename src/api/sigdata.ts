/// SigData: a command hash, the signatures collected so far (by public key) and optionally the
/// command text — what `pact -u` writes, `add-sig` extends and `combine-sigs` merges — and the
/// `sign` tool for bare hashes.
import { base64UrlDecodeVerbose, base64UrlEncode } from '../values/base64.ts';
import { legacyKeyOrder } from '../values/json.ts';
import type { Json } from '../values/json.ts';
import { AesonError, asObject, asText, optional, required } from '../values/aeson.ts';
import { hexEncode } from './bytes.ts';
import { signHash, submitText } from './command.ts';
import type { Command, UserSig } from './command.ts';
import type { Ed25519KeyPair } from './crypto.ts';
import { crash, requestError, verificationFailed } from './errors.ts';
import { showString } from '../values/haskell-show.ts';
import { hashOf, parsePayload, verifyCommand, verifyHash, verifyUserSigs } from './verify.ts';
import type { CodeChecker } from './verify.ts';
import { emitYaml } from './yaml-emit.ts';
import type { YamlMap } from './yaml-emit.ts';
import { readYamlBytes, readYamlFile, YamlError } from './yaml.ts';

/// Signatures by public key (hex text, not validated), in legacy order of the key text as Pact
/// holds them after reading; `null` where a signature is still missing.
export interface SigData {
  readonly hash: Uint8Array;
  readonly sigs: ReadonlyArray<readonly [string, string | null]>;
  readonly cmd: string | null;
}

/// Decodes SigData JSON/YAML; throws `AesonError`.
export function sigDataOf(v: Json): SigData {
  const o = asObject(v, [], 'SigData');
  const hash = hashOf(required(o, 'hash', []), ['hash']);
  const sigsJson = asObject(required(o, 'sigs', []), ['sigs'], 'SigData Pairs');
  const byKey = new Map<string, string | null>();
  for (const [k, x] of sigsJson.entries) byKey.set(k, x === null ? null : asText(x, ['sigs', k]));
  const sigs = legacyKeyOrder([...byKey.keys()]).map((k) => [k, byKey.get(k)!] as const);
  const cmd = optional(o, 'cmd');
  return { hash, sigs, cmd: cmd === undefined ? null : asText(cmd, ['cmd']) };
}

/// SigData read from stdin by `add-sig`; failure is a crash showing the parse exception.
export function sigDataFromBytes(bytes: Uint8Array): SigData {
  try {
    return sigDataOf(readYamlBytes(bytes));
  } catch (e) {
    if (e instanceof YamlError) throw crash(e.shown);
    if (e instanceof AesonError) throw crash(`AesonException ${showString(e.message)}`);
    throw e;
  }
}

/// SigData from a file for `combine-sigs`, or the line Pact reports for it.
export function loadSigData(path: string): SigData | string {
  try {
    return sigDataOf(readYamlFile(path));
  } catch (e) {
    const shown = e instanceof YamlError ? e.shown : e instanceof AesonError ? `AesonException ${showString(e.message)}` : undefined;
    if (shown === undefined) throw e;
    return `Error loading SigData file ${path}: ${shown}`;
  }
}

/// The SigData YAML Pact writes: `cmd` (when present), `hash`, `sigs`, keys ascending.
export function sigDataYaml(sd: SigData): string {
  const sigs: YamlMap = new Map(sd.sigs);
  const doc = new Map<string, string | YamlMap>([['hash', base64UrlEncode(sd.hash)], ['sigs', sigs]]);
  if (sd.cmd !== null) doc.set('cmd', sd.cmd);
  return emitYaml(doc);
}

/// `commandToSigData`: an unsigned command's SigData, one empty slot per signer.
export function commandToSigData(c: Command, checkCode?: CodeChecker): SigData {
  const payload = parsePayload(c.cmd, checkCode);
  if ('error' in payload) throw requestError(`Error decoding command: Error decoding payload: ${payload.error}`);
  return { hash: c.hash, sigs: payload.signers.map((s) => [s.pubKey, null] as const), cmd: c.cmd };
}

/// Signs the hash with each key pair, filling every slot whose key text equals the pair's
/// (lowercase hex) public key; a key with no slot changes nothing.
export function addSigs(sd: SigData, keyPairs: readonly Ed25519KeyPair[]): SigData {
  let sigs = sd.sigs;
  for (const kp of keyPairs) {
    const pub = hexEncode(kp.publicKey);
    const sig = signHash(sd.hash, kp.secretKey);
    sigs = sigs.map(([k, s]) => (k === pub ? [k, sig] as const : [k, s] as const));
  }
  return { ...sd, sigs };
}

/// `combineSigDatas`: one hash and one command across the files, signature lists of equal
/// length and key order, the first signature found for each key.
export function combineSigDatas(sds: readonly SigData[]): SigData {
  if (sds.length === 0) throw crash('Nothing to combine');
  const hashes = new Set(sds.map((sd) => base64UrlEncode(sd.hash)));
  const cmds = new Set(sds.flatMap((sd) => (sd.cmd === null ? [] : [sd.cmd])));
  if (hashes.size !== 1 || cmds.size !== 1) {
    throw crash('SigData files must contain exactly one unique hash and command.  Aborting...');
  }
  // Haskell's lazy fold checks every length before it compares any keys.
  for (const sd of sds) if (sd.sigs.length !== sds[0]!.sigs.length) throw crash('Sig lists have different lengths');
  const sigs = sds[0]!.sigs.map(([key], i) => {
    let sig: string | null = null;
    for (const sd of sds) {
      const [k, s] = sd.sigs[i]!;
      if (k !== key) {
        throw crash(['Sig mismatch:', showKey(key), showKey(k), 'All signatures must be in the same order', ''].join('\n'));
      }
      sig ??= s;
    }
    return [key, sig] as const;
  });
  return { hash: sds[0]!.hash, sigs, cmd: [...cmds][0]! };
}

function showKey(k: string): string {
  return `PublicKeyHex {unPublicKeyHex = ${showString(k)}}`;
}

/// What `add-sig` prints once signatures are added: the SigData YAML while some are missing
/// (after checking those present), else the finished command (`returnSigDataOrCommand`).
export function sigDataOrCommand(sd: SigData, local: boolean, checkCode?: CodeChecker): string {
  if (!sd.sigs.some(([, s]) => s === null)) return commandIfDone(sd, local, checkCode);
  const err = verifyPartial(sd, checkCode);
  if (err !== undefined) throw verificationFailed(err);
  return sigDataYaml(sd);
}

function verifyPartial(sd: SigData, checkCode?: CodeChecker): string | undefined {
  const ed25519 = (sig: string): UserSig => ({ kind: 'ed25519', sig });
  if (sd.cmd === null) {
    const pairs = sd.sigs.flatMap(([k, s]) => (s === null ? [] : [[ed25519(s), { scheme: 'ED25519' as const, pubKey: k, addr: null, clist: [] }] as const]));
    return verifyUserSigs(sd.hash, pairs);
  }
  const payload = parsePayload(sd.cmd, checkCode);
  if ('error' in payload) return payload.error;
  if (payload.signers.length !== sd.sigs.length) {
    return 'Number of signers in the payload does not match number of signers in the sigData';
  }
  const bySigner = new Map(sd.sigs);
  const pairs = [];
  for (const signer of payload.signers) {
    const sig = bySigner.get(signer.pubKey);
    if (sig === undefined) return `Signer in payload does not show up in signatures${showString(signer.pubKey)}`;
    if (sig !== null) pairs.push([ed25519(sig), signer] as const);
  }
  return verifyUserSigs(sd.hash, pairs) ?? verifyHash(sd.hash, sd.cmd);
}

/// `returnCommandIfDone`: the verified command (`{"cmds":[…]}` or, `local`, the bare command);
/// SigData without a readable command is written back as YAML instead.
export function commandIfDone(sd: SigData, local: boolean, checkCode?: CodeChecker): string {
  const payload = sd.cmd === null ? undefined : parsePayload(sd.cmd, checkCode);
  if (payload === undefined || 'error' in payload) return sigDataYaml(sd);
  const bySigner = new Map(sd.sigs);
  // Signatures in payload-signer order; keys without one are dropped (and fail the count).
  const sigs = payload.signers.flatMap((s) => {
    const sig = bySigner.get(s.pubKey);
    return sig === undefined || sig === null ? [] : [{ kind: 'ed25519' as const, sig }];
  });
  const command: Command = { cmd: sd.cmd!, sigs, hash: sd.hash };
  const verified = verifyCommand(command, checkCode);
  if ('error' in verified) throw verificationFailed(verified.error);
  return submitText(command, local);
}

/// `pact sign`: signs the base64url-decoded stdin text with each key; the YAML map of public
/// key to signature.
export function signBase64(input: string, keyPairs: () => readonly Ed25519KeyPair[]): string {
  const bytes = base64UrlDecodeVerbose(input.trim());
  if (typeof bytes === 'string') throw requestError(`stdin was not valid base64url: ${bytes}`);
  const sigs = new Map<string, string>();
  for (const kp of keyPairs()) sigs.set(hexEncode(kp.publicKey), signHash(bytes, kp.secretKey));
  return emitYaml(sigs);
}
