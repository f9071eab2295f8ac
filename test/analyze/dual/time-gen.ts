/// Time formats and texts that match them, after the time generators of Pact's property tests
/// (tests/Analyze/TimeGen.hs): a format is a list of `%` specifiers and literal text; a text of a
/// format gives each specifier a value in its usual range (not always a valid date: parsing may
/// fail, and then both sides must fail).
import type { Rng } from './rng.ts';

/// A format's pieces: a specifier letter, or literal text.
export type FormatPiece = { readonly spec: string } | { readonly text: string };
export type TimeFormat = readonly FormatPiece[];

/// The specifiers generated (Pact's list: `%Q`, `%s` and `%f` are left out there too).
const SPECIFIERS = '%zNZcRTXrPpHkIlMSvDFxYyCBbhmdejGgVuaAUwW'.split('');

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/// Pact's standard format, `%Y-%m-%dT%H:%M:%S%N`.
export const STANDARD_FORMAT: TimeFormat = [
  { spec: 'Y' }, { text: '-' }, { spec: 'm' }, { text: '-' }, { spec: 'd' }, { text: 'T' },
  { spec: 'H' }, { text: ':' }, { spec: 'M' }, { text: ':' }, { spec: 'S' }, { spec: 'N' },
];

export function showFormat(format: TimeFormat): string {
  return format.map((p) => ('spec' in p ? `%${p.spec}` : p.text)).join('');
}

/// Up to 25 pieces (fewer more often); literal text of up to 10 Unicode characters. Characters
/// stay below U+30000, the most Z3's strings hold (Pact's generator takes any).
export function genFormat(rng: Rng): TimeFormat {
  const n = Number(rng.exponential(0n, 0n, 25n));
  return Array.from({ length: n }, (): FormatPiece => {
    if (rng.bool()) return { spec: rng.pick(SPECIFIERS) };
    const len = Number(rng.exponential(0n, 0n, 10n));
    return { text: Array.from({ length: len }, () => unicodeChar(rng)).join('') };
  });
}

function unicodeChar(rng: Rng): string {
  for (;;) {
    // Mostly the first plane, where most text is.
    const c = rng.bool() ? rng.int(0x20, 0x7e) : rng.int(0, 0x2ffff);
    if (c < 0xd800 || c > 0xdfff) return String.fromCodePoint(c);
  }
}

/// A text of `format`.
export function genTimeOfFormat(rng: Rng, format: TimeFormat): string {
  return format.map((p) => ('spec' in p ? specText(rng, p.spec) : p.text)).join('');
}

function specText(rng: Rng, spec: string): string {
  const of = (...pieces: string[]) => genTimeOfFormat(rng, pieces.map((x) => (x.startsWith('%') ? { spec: x.slice(1) } : { text: x })));
  const num = (lo: number, hi: number, width = 0, pad = '0', plus = false) => printfInt(rng.int(lo, hi), width, pad, plus);
  switch (spec) {
    case '%': return '%';
    case 'z': return num(-1200, 1200, 4, '0', true);
    case 'N': return `${num(-11, 11, 2, '0', true)}:${num(-60, 60, 2)}`;
    case 'Z': return 'UTC';
    case 'c': return of('%a', ' ', '%b', '%e', ' ', '%H', ':', '%M', ':', '%S', ' ', '%Z', ' ', '%Y');
    case 'R': return of('%H', '%M');
    case 'T': case 'X': return of('%H', ':', '%M', ':', '%S');
    case 'r': return of('%I', ':', '%M', ':', '%S', ' ', '%p');
    case 'P': return rng.pick(['am', 'pm']);
    case 'p': return rng.pick(['AM', 'PM']);
    case 'H': return num(0, 23, 2);
    case 'k': return num(0, 23, 2, ' ');
    case 'I': return num(0, 12, 2);
    case 'l': return num(0, 12, 2, ' ');
    case 'M': return num(0, 59, 2);
    case 'S': return num(0, 60, 2);
    case 'v': return num(0, 999999, 6);
    case 'D': case 'x': return of('%m', '/', '%d', '/', '%y');
    case 'F': return of('%Y', '-', '%m', '-', '%d');
    case 'Y': case 'G': return num(-3000, 3000);
    case 'y': case 'g': return num(0, 99, 2);
    case 'C': return num(-30, 30);
    case 'B': return rng.pick(MONTHS);
    case 'b': case 'h': return rng.pick(MONTHS).slice(0, 3);
    case 'm': return num(1, 12, 2);
    case 'd': return num(1, 31, 2);
    case 'e': return num(1, 31, 2, ' ');
    case 'j': return num(1, 366, 3);
    case 'V': return num(1, 53, 2);
    case 'u': return num(1, 7);
    case 'a': return rng.pick(DAYS).slice(0, 3);
    case 'A': return rng.pick(DAYS);
    case 'U': case 'W': return num(0, 53, 2);
    case 'w': return num(0, 7);
    default: throw new Error(`no text for %${spec}`);
  }
}

/// C's printf of an integer: `%0Wd` (zeros after the sign), `%Wd` (spaces before it), `%+…d`.
function printfInt(n: number, width: number, pad: string, plus: boolean): string {
  const sign = n < 0 ? '-' : plus ? '+' : '';
  const digits = `${Math.abs(n)}`;
  return pad === '0' ? sign + digits.padStart(width - sign.length, '0') : (sign + digits).padStart(width, ' ');
}
