import type { Decimal } from './decimal.ts';

/// Haskell's `show` for strings, which Pact puts into several user-visible texts (error messages,
/// and the nonce of an unsigned continuation, §2.5 of the CLI spec).

// Names GHC uses for the ASCII control characters 0..31.
const CONTROL_NAMES = [
  'NUL', 'SOH', 'STX', 'ETX', 'EOT', 'ENQ', 'ACK', 'a', 'b', 't', 'n', 'v', 'f', 'r', 'SO', 'SI',
  'DLE', 'DC1', 'DC2', 'DC3', 'DC4', 'NAK', 'SYN', 'ETB', 'CAN', 'EM', 'SUB', 'ESC', 'FS', 'GS', 'RS', 'US',
];

/// `show` of a Haskell `String`/`Text`: double quotes, `\"` and `\\`, C escapes for the usual
/// controls, names (`\DEL`, `\ESC`) for the others, and every non-ASCII character as its decimal
/// code point. `\&` separates a numeric escape from a following digit, and `\SO` from an `H`, so
/// the text reads back unambiguously.
///
/// @example showString('é1') // '"\\233\\&1"'
export function showString(s: string): string {
  let out = '"';
  let pending: 'numeric' | 'SO' | null = null;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (pending === 'numeric' && c >= 0x30 && c <= 0x39) out += '\\&';
    if (pending === 'SO' && ch === 'H') out += '\\&';
    pending = null;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (c >= 0x20 && c < 0x7f) out += ch;
    else if (c < 0x20) {
      out += '\\' + CONTROL_NAMES[c];
      if (c === 0x0e) pending = 'SO';
    } else if (c === 0x7f) out += '\\DEL';
    else {
      out += '\\' + c;
      pending = 'numeric';
    }
  }
  return out + '"';
}

/// `show` of a Haskell `Char`: in single quotes, `'` escaped and `"` not, otherwise as in a string.
export function showChar(ch: string): string {
  if (ch === "'") return "'\\''";
  return ch === '"' ? `'"'` : `'${showString(ch).slice(1, -1)}'`;
}

/// Haskell's `show` of a `Decimal`: no `.0` at scale 0 (unlike Pact's own printing).
export function showDecimal(d: Decimal): string {
  return d.scale === 0 ? d.mantissa.toString() : d.toString();
}

/// The text GHC shows for a failed file operation, after `<path>: <operation>: `, from Node's
/// error (`does not exist (No such file or directory)`, `inappropriate type (is a directory)`).
export function showIoError(e: unknown): string {
  switch ((e as NodeJS.ErrnoException).code) {
    case 'ENOENT': return 'does not exist (No such file or directory)';
    case 'EISDIR': return 'inappropriate type (is a directory)';
    case 'ENOTDIR': return 'does not exist (Not a directory)';
    case 'EACCES': return 'permission denied (Permission denied)';
    default: return `failed (${e instanceof Error ? e.message : String(e)})`;
  }
}
