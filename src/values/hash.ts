/// Pact's hash: BLAKE2b-256, written in unpadded base64url.
import { blake2b256Text } from './blake2b.ts';
import { base64UrlEncode } from './base64.ts';

export { blake2b256, blake2b256Text } from './blake2b.ts';

/// Pact's text hash: unpadded base64url of BLAKE2b-256 over the UTF-8 bytes.
///
/// @example hashText('hello') // 'Mk3PAn3UowqTLEQfNlol6GsXPe-kuOWJSCU0cbgbcs8'
export function hashText(s: string): string {
  return base64UrlEncode(blake2b256Text(s));
}
