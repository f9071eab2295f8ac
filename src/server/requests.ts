/// Readers of the request bodies of Pact's REST API, failing with aeson's texts as Pact's
/// Servant server answers them (`Error in $: parsing Pact.Types.API.SubmitBatch(SubmitBatch)
/// failed, key "cmds" not found`, `Error in $.cmds[0].hash: Base64URL decode failed: …`).
import type { Command } from '../api/command.ts';
import { commandOf, hashOf } from '../api/verify.ts';
import type { ModuleName, VerifyRequest } from './verify.ts';
import { base64UrlEncode, isCanonicalBase64Url } from '../values/base64.ts';
import { AesonError, asArray, asObject, asText, fail, optional, required } from '../values/aeson.ts';
import type { JsonPath } from '../values/aeson.ts';
import type { Json, JsonObject } from '../values/json.ts';

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

/// A `/verify` body (Pact's `Remote.Types.Request`): `{"modules": [<module definition>...],
/// "verify": <module name>}`, a module name being `{"name": ..., "namespace": ...}`. A module
/// definition is Pact's JSON of a compiled module or interface; Pact reads it as a module or
/// else as an interface, and reports the interface's failure: it is read here as an interface
/// (a module's JSON has every field of one), its `name` and `code` being what is used. (The
/// expressions of its `@model` are not read.)
export function verifyRequestOf(v: Json): VerifyRequest {
  const o = asObject(v, [], 'Request');
  const modules = asArray(required(o, 'modules', []), ['modules']).map((m, i) => moduleDefOf(m, ['modules', i]));
  return { modules, verify: moduleNameOf(required(o, 'verify', []), ['verify']) };
}

const INTERFACE = 'Pact.Types.Term.Internal.Interface(Interface)';
const MODULE_NAME = 'Pact.Types.Names.ModuleName(ModuleName)';
const META = 'Pact.Types.Term.Internal.Meta(Meta)';

/// Pact's generic reading of a record: each field in turn, a missing one named.
function field(o: JsonObject, key: string, path: JsonPath, record: string): Json {
  return required(o, key, path, `parsing ${record} failed, `);
}

function moduleDefOf(v: Json, path: JsonPath): { name: ModuleName; code: string } {
  const o = asObject(v, path, INTERFACE);
  const name = moduleNameOf(field(o, 'name', path, INTERFACE), [...path, 'name']);
  const code = asText(field(o, 'code', path, INTERFACE), [...path, 'code']);
  metaOf(field(o, 'meta', path, INTERFACE), [...path, 'meta']);
  asArray(field(o, 'imports', path, INTERFACE), [...path, 'imports']).forEach((u, i) => useOf(u, [...path, 'imports', i]));
  return { name, code };
}

export function moduleNameOf(v: Json, path: JsonPath): ModuleName {
  const o = asObject(v, path, MODULE_NAME);
  const name = asText(field(o, 'name', path, MODULE_NAME), [...path, 'name']);
  const ns = optional(o, 'namespace');
  return { name, namespace: ns === undefined ? null : asText(ns, [...path, 'namespace']) };
}

function metaOf(v: Json, path: JsonPath): void {
  const o = asObject(v, path, META);
  const docs = optional(o, 'docs');
  if (docs !== undefined) asText(docs, [...path, 'docs']);
  asArray(field(o, 'model', path, META), [...path, 'model']);
}

/// A `use` of the module (`withObject "Use"`): the module used, by name.
function useOf(v: Json, path: JsonPath): void {
  const o = asObject(v, path, 'Use');
  moduleNameOf(required(o, 'module', path), [...path, 'module']);
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
  // A key written as Pact writes one is its own re-encoding.
  return typeof v === 'string' && isCanonicalBase64Url(v) ? v : base64UrlEncode(hashOf(v, path));
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
