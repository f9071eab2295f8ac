/// How a block's payload holds a transaction: the signed command and its output, each as
/// base64url of its JSON text, as chainweb's payloads do.
import { base64UrlEncode } from '../../values/base64.ts';
import { encodeJson, JsonObject } from '../../values/json.ts';
import type { Json } from '../../values/json.ts';

/// A signed command as a payload holds it: `{"hash", "sigs", "cmd"}`.
export function signedJson(reqKey: string, cmd: string, sigs: Json[] = []): string {
  return encodeJson(new JsonObject([['hash', reqKey], ['sigs', sigs], ['cmd', cmd]]));
}

/// Base64url of UTF-8 text.
export function b64(text: string): string {
  return base64UrlEncode(Buffer.from(text, 'utf8'));
}
