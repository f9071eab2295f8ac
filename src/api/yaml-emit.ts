/// Writing YAML byte-for-byte as Pact does (Data.Yaml's `encodeWith`, unlimited width, over
/// libyaml's emitter): keys in ascending order, 2-space block maps, and each string in the style
/// Data.Yaml asks for (literal if multi-line, single-quoted if it would read back as something
/// else, plain otherwise) unless libyaml's scalar analysis forbids that style and falls back.
/// Only what SigData and `sign` output contain is supported: maps of strings, nulls and maps.

/// A value this writer can emit.
export type YamlValue = null | string | YamlMap;
/// A mapping; entries are written sorted by key (Data.Yaml decodes into an ordered map first).
export type YamlMap = ReadonlyMap<string, YamlValue>;

const INDENT = 2;
// libyaml writes a key inline only up to this many bytes; longer keys use `? key` form.
const MAX_SIMPLE_KEY = 128;

/// The YAML text of a mapping document, ending in a newline.
///
/// @example emitYaml(new Map([['hash', 'abc'], ['sigs', new Map()]])) // 'hash: abc\nsigs: {}\n'
export function emitYaml(map: YamlMap): string {
  return emitMap(map, 0);
}

function emitMap(map: YamlMap, indent: number): string {
  if (map.size === 0) return '{}\n';
  let out = '';
  const pad = ' '.repeat(indent);
  for (const key of [...map.keys()].sort(compareCodePoints)) {
    const value = map.get(key)!;
    // libyaml's `yaml_emitter_check_simple_key`.
    const simple = Buffer.byteLength(key) <= MAX_SIMPLE_KEY && !key.includes('\n');
    const keyText = scalar(key, indent + INDENT);
    out += simple ? `${pad}${keyText}:` : `${pad}? ${keyText}\n${pad}:`;
    if (value === null) out += ' null\n';
    else if (typeof value === 'string') out += ' ' + endLine(scalar(value, indent + INDENT));
    else out += value.size === 0 ? ' {}\n' : '\n' + emitMap(value, indent + INDENT);
  }
  return out;
}

/// A block scalar already ends with its own line break; anything else gets one.
function endLine(text: string): string {
  return isBreak(text[text.length - 1]!) ? text : text + '\n';
}

function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/// One string scalar; `indent` is where the lines of a block scalar start.
function scalar(s: string, indent: number): string {
  switch (chooseStyle(s)) {
    case 'plain': return s;
    case 'single': return singleQuoted(s, indent);
    case 'double': return doubleQuoted(s);
    case 'literal': return literal(s, indent);
  }
}

type Style = 'plain' | 'single' | 'double' | 'literal';

const SPECIAL = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE',
  'on', 'On', 'ON', 'off', 'Off', 'OFF', 'null', 'Null', 'NULL', '~', '*',
]);
const NUMERIC = /^(?:0x[0-9a-fA-F]+|0o[0-7]+|[+-]?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?)$/;

/// Data.Yaml's request, then libyaml's veto (`yaml_emitter_select_scalar_style`). Simple-key
/// context changes nothing here: a key that would need it to (a multi-line one) is never simple.
function chooseStyle(s: string): Style {
  if (s === '') return 'single';
  let wanted: Style = 'plain';
  if (s.includes('\n')) wanted = 'literal';
  else if (SPECIAL.has(s) || NUMERIC.test(s)) wanted = 'single';
  const a = analyze(s);
  if (wanted === 'plain' && !a.blockPlainAllowed) wanted = 'single';
  if (wanted === 'single' && !a.singleQuotedAllowed) return 'double';
  if (wanted === 'literal' && !a.blockAllowed) return 'double';
  return wanted;
}

interface Analysis {
  blockPlainAllowed: boolean;
  singleQuotedAllowed: boolean;
  blockAllowed: boolean;
}

/// libyaml's `yaml_emitter_analyze_scalar`, for the block (non-flow) context.
function analyze(s: string): Analysis {
  const chars = [...s];
  let blockIndicators = s.startsWith('---') || s.startsWith('...');
  let special = false;
  let lineBreaks = false;
  let leadingSpace = false;
  let leadingBreak = false;
  let trailingSpace = false;
  let trailingBreak = false;
  let breakSpace = false;
  let spaceBreak = false;
  let previousSpace = false;
  let previousBreak = false;
  let precededByWhitespace = true;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    // Past the end libyaml reads the terminating NUL, which counts as whitespace.
    const followedByWhitespace = i + 1 >= chars.length || isBlank(chars[i + 1]!);
    if (i === 0) {
      if ('#,[]{}&*!|>\'"%@`'.includes(ch)) blockIndicators = true;
      if ((ch === '?' || ch === ':') && followedByWhitespace) blockIndicators = true;
      if (ch === '-' && followedByWhitespace) blockIndicators = true;
    } else {
      if (ch === ':' && followedByWhitespace) blockIndicators = true;
      if (ch === '#' && precededByWhitespace) blockIndicators = true;
    }
    if (!isPrintable(ch)) special = true;
    if (isBreak(ch)) lineBreaks = true;
    if (ch === ' ') {
      if (i === 0) leadingSpace = true;
      if (i === chars.length - 1) trailingSpace = true;
      if (previousBreak) breakSpace = true;
      previousSpace = true;
      previousBreak = false;
    } else if (isBreak(ch)) {
      if (i === 0) leadingBreak = true;
      if (i === chars.length - 1) trailingBreak = true;
      if (previousSpace) spaceBreak = true;
      previousSpace = false;
      previousBreak = true;
    } else {
      previousSpace = false;
      previousBreak = false;
    }
    precededByWhitespace = isBlank(ch);
  }
  const a: Analysis = { blockPlainAllowed: true, singleQuotedAllowed: true, blockAllowed: true };
  if (leadingSpace || leadingBreak || trailingSpace || trailingBreak) a.blockPlainAllowed = false;
  if (trailingSpace) a.blockAllowed = false;
  if (breakSpace) a.blockPlainAllowed = a.singleQuotedAllowed = false;
  if (spaceBreak || special) a.blockPlainAllowed = a.singleQuotedAllowed = a.blockAllowed = false;
  if (lineBreaks || blockIndicators) a.blockPlainAllowed = false;
  return a;
}

function isBreak(ch: string): boolean {
  return ch === '\n' || ch === '\r' || ch === '\u0085' || ch === '\u2028' || ch === '\u2029';
}

function isBlank(ch: string): boolean {
  return ch === ' ' || ch === '\t' || isBreak(ch);
}

/// libyaml's printable set (with unicode output on): LF, ASCII graphic and space, and the BMP
/// outside surrogates and specials, minus the BOM. Astral characters are not "printable".
function isPrintable(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return c === 0x0a || (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff);
}

/// libyaml's single-quoted writer. The only line breaks that reach it are U+2028/U+2029 (other
/// breaks force another style); libyaml writes them as they are and indents the next line.
function singleQuoted(s: string, indent: number): string {
  const body = s.replace(/'/g, "''").replace(/([\u2028\u2029]+)(?=[^\u2028\u2029])/g, `$1${' '.repeat(indent)}`);
  return `'${body}'`;
}

const DOUBLE_ESCAPES: Record<string, string> = {
  '\0': '0', '\x07': 'a', '\b': 'b', '\t': 't', '\n': 'n', '\x0b': 'v', '\f': 'f', '\r': 'r', '\x1b': 'e',
  '"': '"', '\\': '\\', '\u0085': 'N', '\u00a0': '_', '\u2028': 'L', '\u2029': 'P',
};

/// libyaml's double-quoted writer (no folding at unlimited width).
function doubleQuoted(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (isPrintable(ch) && !isBreak(ch) && ch !== '"' && ch !== '\\' && c !== 0xfeff) {
      out += ch;
      continue;
    }
    const named = DOUBLE_ESCAPES[ch];
    if (named !== undefined) out += '\\' + named;
    else if (c <= 0xff) out += '\\x' + hex(c, 2);
    else if (c <= 0xffff) out += '\\u' + hex(c, 4);
    else out += '\\U' + hex(c, 8);
  }
  return out + '"';
}

function hex(c: number, width: number): string {
  return c.toString(16).toUpperCase().padStart(width, '0');
}

/// libyaml's literal block: `|` with an indentation hint when the text starts with a space or
/// break, `-` when it does not end in a break, `+` when it ends in two (or is just one).
function literal(s: string, indent: number): string {
  let header = '|';
  if (s[0] === ' ' || isBreak(s[0]!)) header += String(INDENT);
  const chars = [...s];
  const last = chars[chars.length - 1]!;
  if (!isBreak(last)) header += '-';
  else if (chars.length === 1 || isBreak(chars[chars.length - 2]!)) header += '+';
  const pad = ' '.repeat(indent);
  let out = header + '\n';
  let atLineStart = true;
  for (const ch of chars) {
    if (isBreak(ch)) {
      out += ch;
      atLineStart = true;
    } else {
      if (atLineStart) out += pad;
      atLineStart = false;
      out += ch;
    }
  }
  return out;
}
