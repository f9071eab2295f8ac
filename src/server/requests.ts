/// Readers of the request bodies of Pact's REST API, failing with aeson's texts as Pact's
/// Servant server answers them (`Error in $: parsing Pact.Types.API.SubmitBatch(SubmitBatch)
/// failed, key "cmds" not found`, `Error in $.cmds[0].hash: Base64URL decode failed: …`).
import type { Command } from '../api/command.ts';
import { commandOf, hashOf } from '../api/verify.ts';
import type { VerifyRequest } from './verify.ts';
import { base64UrlEncode } from '../values/base64.ts';
import { AesonError, asArray, asObject, asText, fail, required } from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import type { Json } from '../values/json.ts';

const SUBMIT_BATCH = 'Pact.Types.API.SubmitBatch(SubmitBatch)';
const POLL = 'Pact.Types.API.Poll(Poll)';

/// The `cmds` of a `/send` body, still unread (so their number can be checked first).
export function submitBatchOf(v: Json): Json[] {
  const o = asObject(v, [], SUBMIT_BATCH);
  return nonEmpty(required(o, 'cmds', [], `parsing ${SUBMIT_BATCH} failed, `), ['cmds']);
}

/// Reads the commands of a `/send`.
export function commandsOf(cmds: readonly Json[]): Command[] {
  return cmds.map((c, i) => at(['cmds', i], () => commandOf(c)));
}

/// The request keys of a `/poll` body, re-encoded as Pact prints them.
export function pollOf(v: Json): string[] {
  const o = asObject(v, [], POLL);
  const keys = nonEmpty(required(o, 'requestKeys', [], `parsing ${POLL} failed, `), ['requestKeys']);
  return keys.map((k, i) => requestKeyOf(k, ['requestKeys', i]));
}

/// The request key of a `/listen` body `{"listen": "<key>"}`.
export function listenOf(v: Json): string {
  const o = asObject(v, [], 'ListenerRequest');
  return requestKeyOf(required(o, 'listen', []), ['listen']);
}

/// A `/verify` body `{"modules": [<module definition>...], "verify": "<module>"}`. Of each
/// module definition (Pact's JSON of a compiled module or interface) only its `code` is used.
export function verifyRequestOf(v: Json): VerifyRequest {
  const o = asObject(v, [], 'Request');
  const modules = asArray(required(o, 'modules', []), ['modules']).map((m, i) => {
    const def = asObject(m, ['modules', i], 'ModuleDef');
    return asText(required(def, 'code', ['modules', i]), ['modules', i, 'code'], 'Code');
  });
  return { modules, verify: asText(required(o, 'verify', []), ['verify'], 'ModuleName') };
}

/// chainweb's `/local` query flags: `preflight` and `signatureVerification`, `true` or `false`.
export interface LocalFlags {
  readonly preflight: boolean;
  readonly signatureVerification: boolean;
}

/// Reads the `/local` query flags; the text of a 400 when one is not a boolean.
export function localFlagsOf(query: URLSearchParams): LocalFlags | string {
  const flag = (name: string, fallback: boolean): boolean | string => {
    const v = query.get(name);
    if (v === null) return fallback;
    const lower = v.toLowerCase();
    if (lower === 'true' || lower === 'false') return lower === 'true';
    return `Error parsing query parameter ${name} failed: expected true or false, found \`${v}'`;
  };
  const preflight = flag('preflight', false);
  const signatureVerification = flag('signatureVerification', true);
  if (typeof preflight === 'string') return preflight;
  if (typeof signatureVerification === 'string') return signatureVerification;
  return { preflight, signatureVerification };
}

/// aeson's `NonEmpty`.
function nonEmpty(v: Json, path: JsonPath): Json[] {
  const items = asArray(v, path, 'NonEmpty');
  return items.length === 0 ? fail(path, 'parsing NonEmpty failed, unexpected empty list') : items;
}

function requestKeyOf(v: Json, path: JsonPath): string {
  return base64UrlEncode(hashOf(v, path));
}

/// Runs a reader written for a document root on a value found at `path`.
function at<T>(path: JsonPath, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof AesonError) throw new AesonError([...path, ...e.path], e.reason);
    throw e;
  }
}
