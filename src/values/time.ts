/// Pact's time values: signed microseconds since 1970-01-01T00:00:00Z (a `bigint`), and the format
/// language of `format-time`, `parse-time` and `time`, which Pact 4 takes from the pact-time library
/// (a derivative of thyme). Proleptic Gregorian calendar, UTC only, English names.
///
/// @example
/// formatTime('%Y-%m-%dT%H:%M:%SZ', 1292937825000000n); // '2010-12-21T13:23:45Z'
/// parseTime('%F', '2016-09-12'); // 1473638400000000n

// pact-time counts Int64 microseconds from the Modified Julian Day epoch (1858-11-17); its
// arithmetic wraps at 64 bits, so parse results are reduced the same way. Its calendar routines
// clamp out-of-range fields (day 31 of February is the 28th or 29th) instead of failing, and its
// parser backtracks: `%Y`, `%G`, `%k`, `%l` and `%e` retry a shorter reading when the rest of the
// format fails to match. The details below follow that library's behaviour, quirks included.

/// The format of the `time` native and of a time's printed form.
export const ISO_TIME_FORMAT = '%Y-%m-%dT%H:%M:%SZ';

const MICROS_PER_DAY = 86_400_000_000n;
// Modified Julian Day number of 1970-01-01.
const UNIX_EPOCH_MJD = 40587;
const UNIX_EPOCH_MICROS = BigInt(UNIX_EPOCH_MJD) * MICROS_PER_DAY;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const WEEKDAYS_SHORT = WEEKDAYS.map((d) => d.slice(0, 3));
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));

// The English locale's composite formats, expanded in place wherever they occur.
const DATE_TIME_FMT = '%a %b %e %H:%M:%S %Z %Y';
const DATE_FMT = '%m/%d/%y';
const TIME_FMT = '%H:%M:%S';
const TIME12_FMT = '%I:%M:%S %p';

// ---- integer helpers (Haskell's div/mod floor, quot/rem truncate) ------------------------------

function div(a: number, b: number): number {
  return Math.floor(a / b);
}

function mod(a: number, b: number): number {
  return a - b * Math.floor(a / b);
}

function clip(lo: number, hi: number, x: number): number {
  return x < lo ? lo : x > hi ? hi : x;
}

// ---- calendar ------------------------------------------------------------------------------------

function isLeapYear(y: number): boolean {
  return y % 4 === 0 && (y % 100 !== 0 || Math.trunc(y / 100) % 4 === 0);
}

/// Days before each month's first day, for common and leap years.
const MONTH_STARTS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTH_STARTS_LEAP = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335];
const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MONTH_LENGTHS_LEAP = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/// Year and day of year (1-based) of a Modified Julian Day.
function toOrdinalDate(mjd: number): [number, number] {
  const dayB0 = mjd + 678575;
  if (dayB0 > 0) return ordinalFromDayB0(dayB0);
  const quadCent = div(dayB0, 146097);
  const [y, yd] = ordinalFromDayB0(dayB0 - quadCent * 146097);
  return [y + quadCent * 400, yd];
}

/// Year and day of year from a count of days since 0001-01-01.
function ordinalFromDayB0(dB0: number): [number, number] {
  const n = 400 * dB0;
  const y0 = Math.trunc(n / 146097);
  const r = n - y0 * 146097;
  const d1 = dayInYear(y0 + 1, dB0);
  if (r > 146097 - 600 && d1 > 0) return [y0 + 2, d1];
  return [y0 + 1, dayInYear(y0, dB0)];
}

function dayInYear(y0: number, dB0: number): number {
  const centuries = Math.trunc(y0 / 100);
  const leaps = div(y0, 4) - centuries + div(centuries, 4);
  return dB0 - 365 * y0 - leaps + 1;
}

/// Modified Julian Day of a year and day of year, the day clamped into the year.
function fromOrdinalDate(year: number, yd: number): number {
  const years = year - 1;
  const centuries = div(years, 100);
  const leaps = div(years, 4) - centuries + div(centuries, 4);
  return 365 * years + leaps - 678576 + clip(1, isLeapYear(year) ? 366 : 365, yd);
}

/// Month and day of month of a day of year (clamped into the year).
function monthDay(leap: boolean, yd: number): [number, number] {
  const i = clip(0, leap ? 365 : 364, yd - 1);
  const starts = leap ? MONTH_STARTS_LEAP : MONTH_STARTS;
  let m = 12;
  while (starts[m - 1]! > i) m--;
  return [m, i + 1 - starts[m - 1]!];
}

/// Day of year of a month and day, each clamped into range.
function dayOfYear(leap: boolean, month: number, day: number): number {
  const m = clip(1, 12, month);
  const d = clip(1, (leap ? MONTH_LENGTHS_LEAP : MONTH_LENGTHS)[m - 1]!, day);
  const k = m <= 2 ? 0 : leap ? -1 : -2;
  return div(367 * m - 362, 12) + k + d;
}

/// ISO 8601 week date: week-numbering year, week 1..53, day 1 (Monday) .. 7 (Sunday).
function toWeekDate(year: number, yd: number, mjd: number): [number, number, number] {
  const d = mjd + 2;
  const d7div = div(d, 7);
  // Weeks (0-based) from the Monday-started week holding day `k` to the one holding this day.
  const weeksSince = (k: number): number => d7div - div(k, 7);
  // Week 1 of a year is the one holding its January 4th, i.e. the week before January 6th + 2.
  const weekIn = (y: number): number => weeksSince(fromOrdinalDate(y, 6));
  const w0 = weeksSince(d - yd + 4);
  let y = year;
  let w = w0;
  if (w0 === -1) {
    y = year - 1;
    w = weekIn(y);
  } else if (w0 === 52 && weekIn(year + 1) === 0) {
    y = year + 1;
    w = 0;
  }
  return [y, w + 1, d - 7 * d7div + 1];
}

function fromWeekDate(year: number, week: number, day: number): number {
  const last = fromOrdinalDate(year, 365);
  const [lastYear, lastYd] = toOrdinalDate(last);
  const wMax = toWeekDate(lastYear, lastYd, last)[1] === 53 ? 53 : 52;
  const k = fromOrdinalDate(year, 6);
  return k - mod(k, 7) - 10 + clip(1, 7, day) + clip(1, wMax, week) * 7;
}

/// Week of the year counting from its first Sunday (`%U`) or Monday (`%W`), 0..53.
function weekOfYear(yd: number, mjd: number, offset: number): number {
  const d = mjd + offset;
  return div(d, 7) - div(d - yd, 7);
}

function fromSundayWeek(year: number, week: number, day: number): number {
  const firstDay = fromOrdinalDate(year, 1);
  return firstDay + mod(4 - firstDay, 7) + 7 * (week - 1) + day;
}

function fromMondayWeek(year: number, week: number, day: number): number {
  const firstDay = fromOrdinalDate(year, 1);
  return firstDay + mod(5 - firstDay, 7) + 7 * (week - 1) + day - 1;
}

// ---- formatting ---------------------------------------------------------------------------------

function pad02(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function pad_2(n: number): string {
  return n < 10 ? ` ${n}` : `${n}`;
}

function pad03(n: number): string {
  return n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`;
}

/// At least four digits, the sign in front: `0042`, `-0042`, `12345`.
function showYear(n: number): string {
  const digits = `${Math.abs(n)}`.padStart(4, '0');
  return n < 0 ? `-${digits}` : digits;
}

/// The fields of one instant, computed once per `formatTime` call.
interface Fields {
  readonly micros: bigint;
  readonly year: number;
  readonly yd: number;
  readonly month: number;
  readonly day: number;
  readonly mjd: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly micro: number;
  readonly week: [number, number, number];
}

function fieldsOf(micros: bigint): Fields {
  const m = micros + UNIX_EPOCH_MICROS;
  let days = m / MICROS_PER_DAY;
  let rest = m % MICROS_PER_DAY;
  if (rest < 0n) {
    days -= 1n;
    rest += MICROS_PER_DAY;
  }
  const mjd = Number(days);
  const t = Number(rest);
  const [year, yd] = toOrdinalDate(mjd);
  const [month, day] = monthDay(isLeapYear(year), yd);
  const secs = Math.trunc(t / 1e6);
  return {
    micros,
    year,
    yd,
    month,
    day,
    mjd,
    hour: Math.trunc(secs / 3600),
    minute: Math.trunc(secs / 60) % 60,
    second: secs % 60,
    micro: t % 1e6,
    week: toWeekDate(year, yd, mjd),
  };
}

/// One conversion code; `undefined` for codes pact-time does not know (copied through as `%c`).
function formatCode(c: string, f: Fields): string | undefined {
  switch (c) {
    case 's':
      return `${f.micros / 1_000_000n}`;
    case 'Y':
      return showYear(f.year);
    case 'y':
      return pad02(mod(f.year, 100));
    case 'C':
      return pad02(div(f.year, 100));
    case 'j':
      return pad03(f.yd);
    case 'D':
      return `${pad02(f.month)}/${pad02(f.day)}/${pad02(mod(f.year, 100))}`;
    case 'F':
      return `${showYear(f.year)}-${pad02(f.month)}-${pad02(f.day)}`;
    case 'B':
      return MONTHS[f.month - 1];
    case 'b':
    case 'h':
      return MONTHS_SHORT[f.month - 1];
    case 'm':
      return pad02(f.month);
    case 'd':
      return pad02(f.day);
    case 'e':
      return pad_2(f.day);
    case 'G':
      return showYear(f.week[0]);
    case 'g':
      return pad02(mod(f.week[0], 100));
    case 'f':
      return pad02(div(f.week[0], 100));
    case 'V':
      return pad02(f.week[1]);
    case 'u':
      return `${f.week[2]}`;
    case 'w':
      return `${f.week[2] % 7}`;
    case 'A':
      return WEEKDAYS[f.week[2] % 7];
    case 'a':
      return WEEKDAYS_SHORT[f.week[2] % 7];
    case 'U':
      return pad02(weekOfYear(f.yd, f.mjd, 3));
    case 'W':
      return pad02(weekOfYear(f.yd, f.mjd, 2));
    case 'R':
      return `${pad02(f.hour)}:${pad02(f.minute)}`;
    case 'T':
      return `${pad02(f.hour)}:${pad02(f.minute)}:${pad02(f.second)}`;
    case 'P':
      return f.hour < 12 ? 'am' : 'pm';
    case 'p':
      return f.hour < 12 ? 'AM' : 'PM';
    case 'H':
      return pad02(f.hour);
    case 'I':
      return pad02(1 + mod(f.hour - 1, 12));
    case 'k':
      return pad_2(f.hour);
    case 'l':
      return pad_2(1 + mod(f.hour - 1, 12));
    case 'M':
      return pad02(f.minute);
    case 'S':
      return pad02(f.second);
    case 'q':
      return `${`${f.micro}`.padStart(6, '0')}000000`;
    case 'v':
      return `${f.micro}`.padStart(6, '0');
    case 'Q':
      return f.micro === 0 ? '' : `.${`${f.micro}`.padStart(6, '0').replace(/0+$/, '')}`;
    case 'z':
      return '+0000';
    case 'N':
      return '+00:00';
    case 'Z':
      return 'UTC';
  }
  return undefined;
}

/// Formats a time by pact-time's rules: `%`-codes replaced, the modifiers `-`, `_`, `0`, `^`, `#`
/// dropped (they change nothing), `%c %r %X %x` expanded, unknown codes and a final lone `%` kept.
///
/// @example
/// formatTime('%a, %_d %b %Y %H:%M:%S %Z', 1292937825000000n); // 'Tue, 21 Dec 2010 13:23:45 UTC'
export function formatTime(format: string, micros: bigint): string {
  return formatWith(format, fieldsOf(micros));
}

function formatWith(format: string, f: Fields): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch !== '%') {
      out += ch;
      continue;
    }
    let j = i + 1;
    while (j < format.length && '-_0^#'.includes(format[j]!)) j++;
    if (j >= format.length) return `${out}%`;
    const c = format[j]!;
    i = j;
    if (c === '%') out += '%';
    else if (c === 'c') out += formatWith(DATE_TIME_FMT, f);
    else if (c === 'r') out += formatWith(TIME12_FMT, f);
    else if (c === 'X') out += formatWith(TIME_FMT, f);
    else if (c === 'x') out += formatWith(DATE_FMT, f);
    else out += formatCode(c, f) ?? `%${c}`;
  }
  return out;
}

/// Haskell's `show` of a pact-time `UTCTime`, `2010-12-21 13:23:45.001002 UTC`: the fraction has
/// at most six digits, no trailing zeros, and is left out with its point when zero. The default
/// `nonce` of an API request is this text for the current time.
///
/// @example
/// formatShowTime(1292937825001002n); // '2010-12-21 13:23:45.001002 UTC'
export function formatShowTime(micros: bigint): string {
  return formatTime('%Y-%m-%d %H:%M:%S%Q %Z', micros);
}

// ---- parsing ------------------------------------------------------------------------------------

// Which fields a parse has seen; they decide how the date is assembled.
const PM = 1;
const TWELVE_HOUR = 2;
const HAS_CENTURY = 4;
const IS_POSIX = 8;
const IS_ORDINAL = 16;
const IS_GREGORIAN = 32;
const IS_WEEK_DATE = 64;
const IS_SUNDAY_WEEK = 128;
const IS_MONDAY_WEEK = 256;

/// Fields gathered by a parse, starting from the Unix epoch (Thursday 1970-01-01 00:00:00 UTC).
interface ParseState {
  century: number;
  centuryYear: number;
  month: number;
  week: number;
  dayOfMonth: number;
  dayOfYear: number;
  dayOfWeek: number;
  flags: number;
  hour: number;
  minute: number;
  second: number;
  secFrac: number;
  posix: bigint;
  tzMinutes: number;
}

function epochState(): ParseState {
  return {
    century: 19,
    centuryYear: 70,
    month: 1,
    week: 1,
    dayOfMonth: 1,
    dayOfYear: 1,
    dayOfWeek: 4,
    flags: 0,
    hour: 0,
    minute: 0,
    second: 0,
    secFrac: 0,
    posix: 0n,
    tzMinutes: 0,
  };
}

// Zone abbreviations `%Z` accepts, tried in this order with a case-sensitive prefix match, and their
// offsets in minutes. "EAST" appears twice in pact-time; the first (+10:00) always wins.
const ZONES: readonly (readonly [string, number])[] = [
  ['TAI', 0], ['UT1', 0], ['ZULU', 0], ['Z', 0], ['YST', -540], ['YDT', -480], ['WST', 480],
  ['WETDST', 60], ['WET', 0], ['WDT', 540], ['WAT', -60], ['WAST', 420], ['WADT', 480], ['UTC', 0],
  ['UT', 0], ['TFT', 300], ['SWT', 60], ['SST', 120], ['SET', 60], ['SCT', 240], ['SAST', 570],
  ['SADT', 630], ['RET', 240], ['PST', -480], ['PDT', -420], ['NZT', 720], ['NZST', 720],
  ['NZDT', 780], ['NT', -660], ['NST', -210], ['NOR', 60], ['NFT', -210], ['NDT', -150],
  ['MVT', 300], ['MUT', 240], ['MT', 510], ['MST', -420], ['MMT', 390], ['MHT', 540], ['MEZ', 60],
  ['MEWT', 60], ['METDST', 120], ['MET', 60], ['MEST', 120], ['MDT', -360], ['MAWT', 360],
  ['MART', -570], ['LIGT', 600], ['KST', 540], ['JT', 450], ['JST', 540], ['IT', 210], ['IST', 120],
  ['IRT', 210], ['IOT', 300], ['IDLW', -720], ['IDLE', 720], ['HST', -600], ['HMT', 180],
  ['HDT', -540], ['GST', 600], ['GMT', 0], ['FWT', 120], ['FST', 60], ['FNT', -120], ['FNST', -60],
  ['EST', -300], ['EETDST', 180], ['EET', 120], ['EDT', -240], ['EAT', 180], ['EAST', 600],
  ['DNT', 60], ['CXT', 420], ['CST', -360], ['CETDST', 120], ['CET', 60], ['CEST', 120],
  ['CDT', -300], ['CCT', 480], ['CAT', -600], ['CAST', 570], ['CADT', 630], ['BT', 180],
  ['BST', 60], ['BRT', -180], ['BRST', -120], ['BDST', 120], ['AWT', -180], ['AWST', 480],
  ['AWSST', 540], ['AST', -240], ['ALMT', 360], ['ALMST', 420], ['AKST', -540], ['AKDT', -480],
  ['AHST', -600], ['AFT', 270], ['AEST', 600], ['AESST', 660], ['ADT', -180], ['ACT', -300],
  ['ACST', -240], ['ACSST', 630],
];

const UTF8 = new TextEncoder();

/// Parses `text` with a pact-time format; undefined when it does not match (Pact then reports
/// "Failed to parse time 'TEXT' with format: FORMAT"). Whitespace around the text is ignored, a
/// space in the format matches any run of whitespace, and fields the format lacks come from
/// 1970-01-01 00:00:00 UTC. `%v`/`%Q`/`%q` read any number of digits and round to microseconds by
/// the seventh; `%z`/`%N` read `±hh[:]mm`, `%Z` also a zone abbreviation; `%s` sets the whole time.
///
/// @example
/// parseTime('%Y-%m-%d %H:%M:%S.%v', '2010-12-21 13:23:45.001002'); // 1292937825001002n
export function parseTime(format: string, text: string): bigint | undefined {
  const input = UTF8.encode(text);
  let pos = skipSpace(input, 0);
  const st = epochState();
  pos = parseFrom(format, 0, input, pos, st);
  if (pos < 0 || skipSpace(input, pos) !== input.length) return undefined;
  return buildTime(st);
}

/// The `time` native's parse: exactly `%Y-%m-%dT%H:%M:%SZ`, surrounding whitespace allowed.
///
/// @example
/// parseIsoTime('2016-07-22T11:26:35Z'); // 1469186795000000n
export function parseIsoTime(text: string): bigint | undefined {
  return parseTime(ISO_TIME_FORMAT, text);
}

/// Attoparsec's `isSpace` on bytes: space and \t \n \v \f \r.
function isSpaceByte(b: number): boolean {
  return b === 32 || (b >= 9 && b <= 13);
}

function skipSpace(input: Uint8Array, pos: number): number {
  while (pos < input.length && isSpaceByte(input[pos]!)) pos++;
  return pos;
}

function isDigit(b: number): boolean {
  return b >= 48 && b <= 57;
}

/// A run of digits as Haskell's `Int` (wrapping at 64 bits): [value, end] or undefined.
function decimal(input: Uint8Array, pos: number, end: number): [number, number] | undefined {
  let i = pos;
  while (i < end && isDigit(input[i]!)) i++;
  if (i === pos) return undefined;
  let value = 0;
  if (i - pos <= 15) {
    for (let k = pos; k < i; k++) value = value * 10 + input[k]! - 48;
  } else {
    let big = 0n;
    for (let k = pos; k < i; k++) big = big * 10n + BigInt(input[k]! - 48);
    value = Number(BigInt.asIntN(64, big));
  }
  return [value, i];
}

/// An optional `-` then digits.
function signedDecimal(input: Uint8Array, pos: number): [number, number] | undefined {
  const neg = input[pos] === 45;
  const r = decimal(input, neg ? pos + 1 : pos, input.length);
  if (r === undefined || !neg) return r;
  return [-r[0], r[1]];
}

/// Exactly `n` bytes whose leading digits give the number (pact-time ignores what follows them
/// inside the window: `%H` reads `7:` as 7).
function fixed0(input: Uint8Array, pos: number, n: number): [number, number] | undefined {
  if (pos + n > input.length) return undefined;
  const r = decimal(input, pos, pos + n);
  return r === undefined ? undefined : [r[0], pos + n];
}

/// Like `fixed0`, after leading spaces inside the window (Haskell's `isSpace` on Latin-1, so
/// 0xA0 counts too).
function fixedSpace(input: Uint8Array, pos: number, n: number): [number, number] | undefined {
  if (pos + n > input.length) return undefined;
  let i = pos;
  while (i < pos + n && (isSpaceByte(input[i]!) || input[i] === 0xa0)) i++;
  const r = decimal(input, i, pos + n);
  return r === undefined ? undefined : [r[0], pos + n];
}

/// Fraction digits to microseconds: the first seven digits (zero-filled), rounded half up.
function micro(input: Uint8Array, pos: number): [number, number] | undefined {
  let i = pos;
  while (i < input.length && isDigit(input[i]!)) i++;
  if (i === pos) return undefined;
  let us10 = 0;
  for (let k = 0; k < 7; k++) us10 = us10 * 10 + (pos + k < i ? input[pos + k]! - 48 : 0);
  return [Math.floor((us10 + 5) / 10), i];
}

/// Case-insensitive ASCII match of `word` at `pos`; the end position or -1.
function matchWordCI(input: Uint8Array, pos: number, word: string): number {
  if (pos + word.length > input.length) return -1;
  const lowerWord = word.toLowerCase();
  for (let k = 0; k < word.length; k++) {
    const b = input[pos + k]!;
    if ((b >= 65 && b <= 90 ? b + 32 : b) !== lowerWord.charCodeAt(k)) return -1;
  }
  return pos + word.length;
}

/// The first of `words` matching at `pos`: [index, end] or undefined.
function indexOfCI(input: Uint8Array, pos: number, words: readonly string[]): [number, number] | undefined {
  for (let k = 0; k < words.length; k++) {
    const end = matchWordCI(input, pos, words[k]!);
    if (end >= 0) return [k, end];
  }
  return undefined;
}

/// `±hh[:]mm` as minutes east of UTC.
function zoneOffset(input: Uint8Array, pos: number): [number, number] | undefined {
  const sign = input[pos] === 43 ? 1 : input[pos] === 45 ? -1 : 0;
  if (sign === 0) return undefined;
  const h = fixed0(input, pos + 1, 2);
  if (h === undefined) return undefined;
  const m = fixed0(input, input[h[1]] === 58 ? h[1] + 1 : h[1], 2);
  return m === undefined ? undefined : [sign * (h[0] * 60 + m[0]), m[1]];
}

function zoneName(input: Uint8Array, pos: number): [number, number] | undefined {
  for (const [name, minutes] of ZONES) {
    if (pos + name.length > input.length) continue;
    let k = 0;
    while (k < name.length && input[pos + k] === name.charCodeAt(k)) k++;
    if (k === name.length) return [minutes, pos + k];
  }
  return undefined;
}

const EXPANSIONS: Readonly<Record<string, string>> = {
  c: DATE_TIME_FMT,
  r: TIME12_FMT,
  X: TIME_FMT,
  x: DATE_FMT,
  R: '%H:%M',
  T: '%H:%M:%S',
  D: '%m/%d/%y',
  F: '%Y-%m-%d',
};

/// Matches `format` from index `fi` against `input` from `pos`, filling `st`; the end position, or
/// -1. Alternatives (`%Y`, `%G`, `%k`, `%l`, `%e`) retry with the rest of the format when it fails.
function parseFrom(format: string, fi: number, input: Uint8Array, pos: number, st: ParseState): number {
  while (fi < format.length) {
    const cp = format.codePointAt(fi)!;
    if (cp === 37 && fi + 1 < format.length) {
      const c = String.fromCodePoint(format.codePointAt(fi + 1)!);
      const next = fi + 1 + c.length;
      const expansion = EXPANSIONS[c];
      if (expansion !== undefined) {
        format = expansion + format.slice(next);
        fi = 0;
        continue;
      }
      if (c === '-' || c === '_' || c === '0') {
        // A modifier is dropped: the `%` moves onto the next character.
        format = `%${format.slice(next)}`;
        fi = 0;
        continue;
      }
      let r: [number, number] | undefined;
      switch (c) {
        case 'P':
        case 'p': {
          let end = matchWordCI(input, pos, 'AM');
          let pm = false;
          if (end < 0) {
            end = matchWordCI(input, pos, 'PM');
            pm = true;
          }
          if (end < 0) return -1;
          st.flags = (pm ? st.flags | PM : st.flags & ~PM) | TWELVE_HOUR;
          pos = end;
          break;
        }
        case 'H':
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          setHour(st, r[0], false);
          pos = r[1];
          break;
        case 'I':
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          setHour(st, r[0], true);
          pos = r[1];
          break;
        case 'k':
        case 'l':
          return twoThenOne(format, next, input, pos, st, (s, v) => setHour(s, v, c === 'l'));
        case 'M':
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          st.minute = r[0];
          pos = r[1];
          break;
        case 'S':
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          st.second = r[0];
          pos = r[1];
          break;
        case 'q':
        case 'v':
          if ((r = micro(input, pos)) === undefined) return -1;
          st.secFrac = r[0];
          pos = r[1];
          break;
        case 'Q':
          // A point without digits is left unread: the fraction is then zero.
          r = input[pos] === 46 ? micro(input, pos + 1) : undefined;
          st.secFrac = r === undefined ? 0 : r[0];
          if (r !== undefined) pos = r[1];
          break;
        case 'Y':
          return fullYear(format, next, input, pos, st);
        case 'G':
          st.flags |= IS_WEEK_DATE;
          return fullYear(format, next, input, pos, st);
        case 'y':
        case 'g':
          if (c === 'g') st.flags |= IS_WEEK_DATE;
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          st.centuryYear = r[0];
          pos = r[1];
          break;
        case 'C':
        case 'f':
          if (c === 'f') st.flags |= IS_WEEK_DATE;
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          st.century = r[0];
          st.flags |= HAS_CENTURY;
          pos = r[1];
          break;
        case 'B':
        case 'b':
        case 'h':
          if ((r = indexOfCI(input, pos, c === 'B' ? MONTHS : MONTHS_SHORT)) === undefined) return -1;
          setMonth(st, r[0] + 1);
          pos = r[1];
          break;
        case 'm':
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          setMonth(st, r[0]);
          pos = r[1];
          break;
        case 'd':
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          setDayOfMonth(st, r[0]);
          pos = r[1];
          break;
        case 'e':
          return twoThenOne(format, next, input, pos, st, setDayOfMonth);
        case 'j':
          if ((r = fixed0(input, pos, 3)) === undefined) return -1;
          st.dayOfYear = r[0];
          st.flags |= IS_ORDINAL;
          pos = r[1];
          break;
        case 'V':
        case 'U':
        case 'W':
          st.flags |= c === 'V' ? IS_WEEK_DATE : c === 'U' ? IS_SUNDAY_WEEK : IS_MONDAY_WEEK;
          if ((r = fixed0(input, pos, 2)) === undefined) return -1;
          st.week = r[0];
          pos = r[1];
          break;
        case 'w':
        case 'u':
          if ((r = fixed0(input, pos, 1)) === undefined) return -1;
          st.dayOfWeek = r[0];
          pos = r[1];
          break;
        case 'A':
        case 'a':
          if ((r = indexOfCI(input, pos, c === 'A' ? WEEKDAYS : WEEKDAYS_SHORT)) === undefined) return -1;
          st.dayOfWeek = r[0];
          pos = r[1];
          break;
        case 'z':
        case 'N':
        case 'Z':
          r = zoneOffset(input, pos) ?? (c === 'Z' ? zoneName(input, pos) : undefined);
          if (r === undefined) return -1;
          st.tzMinutes = r[0];
          pos = r[1];
          break;
        case 's':
          if ((r = signedDecimal(input, pos)) === undefined) return -1;
          st.posix = BigInt.asIntN(64, 1_000_000n * BigInt(r[0]));
          st.flags |= IS_POSIX;
          pos = r[1];
          break;
        case '%':
          if (input[pos] !== 37) return -1;
          pos++;
          break;
        default:
          return -1;
      }
      fi = next;
      continue;
    }
    if (cp === 32 || (cp >= 9 && cp <= 13)) {
      // Whitespace in the format matches any run of whitespace, including none.
      pos = skipSpace(input, pos);
      while (fi < format.length && isSpaceByte(format.charCodeAt(fi))) fi++;
      continue;
    }
    const bytes = cp < 0x80 ? [cp] : UTF8.encode(String.fromCodePoint(cp));
    for (const b of bytes) {
      if (input[pos] !== b) return -1;
      pos++;
    }
    fi += cp > 0xffff ? 2 : 1;
  }
  return pos;
}

/// `%k`, `%l`, `%e`: a two-byte field, or failing that (here or later) a one-byte field.
function twoThenOne(
  format: string,
  fi: number,
  input: Uint8Array,
  pos: number,
  st: ParseState,
  set: (st: ParseState, value: number) => void,
): number {
  for (const width of [2, 1]) {
    const r = fixedSpace(input, pos, width);
    if (r === undefined) continue;
    const attempt = { ...st };
    set(attempt, r[0]);
    const end = parseFrom(format, fi, input, r[1], attempt);
    if (end >= 0) {
      Object.assign(st, attempt);
      return end;
    }
  }
  return -1;
}

/// `%Y`, `%G`: a signed run of digits, or failing that (here or later) exactly four digits.
function fullYear(format: string, fi: number, input: Uint8Array, pos: number, st: ParseState): number {
  for (const r of [signedDecimal(input, pos), fixed0(input, pos, 4)]) {
    if (r === undefined) continue;
    const attempt = { ...st };
    attempt.flags |= HAS_CENTURY;
    attempt.century = div(r[0], 100);
    attempt.centuryYear = mod(r[0], 100);
    const end = parseFrom(format, fi, input, r[1], attempt);
    if (end >= 0) {
      Object.assign(st, attempt);
      return end;
    }
  }
  return -1;
}

function setHour(st: ParseState, h: number, twelve: boolean): void {
  st.hour = h;
  st.flags = twelve ? st.flags | TWELVE_HOUR : st.flags & ~TWELVE_HOUR;
}

function setMonth(st: ParseState, m: number): void {
  st.month = m;
  st.flags |= IS_GREGORIAN;
}

function setDayOfMonth(st: ParseState, d: number): void {
  st.dayOfMonth = d;
  st.flags |= IS_GREGORIAN;
}

/// Assembles the parsed fields into microseconds since the Unix epoch.
function buildTime(st: ParseState): bigint {
  let mjdMicros: bigint;
  if (st.flags & IS_POSIX) {
    mjdMicros = st.posix + UNIX_EPOCH_MICROS;
  } else {
    const year =
      st.centuryYear + 100 * (st.flags & HAS_CENTURY ? st.century : st.centuryYear < 69 ? 20 : 19);
    const mjd = dayFromFields(st, year);
    let hour = st.hour;
    if (st.flags & TWELVE_HOUR) {
      hour = st.flags & PM ? (hour < 12 ? hour + 12 : hour) : mod(hour, 12);
    }
    const dayMicros = st.second * 1e6 + st.secFrac + st.minute * 60e6 + hour * 3600e6;
    mjdMicros = BigInt(mjd) * MICROS_PER_DAY + BigInt(dayMicros) - BigInt(st.tzMinutes) * 60_000_000n;
  }
  return BigInt.asIntN(64, mjdMicros) - UNIX_EPOCH_MICROS;
}

/// The Modified Julian Day the fields name; the first kind of date seen in this order wins.
function dayFromFields(st: ParseState, year: number): number {
  const f = st.flags;
  if (f & IS_ORDINAL) return fromOrdinalDate(year, st.dayOfYear);
  if (f & IS_GREGORIAN) {
    return fromOrdinalDate(year, dayOfYear(isLeapYear(year), st.month, st.dayOfMonth));
  }
  if (f & IS_WEEK_DATE) return fromWeekDate(year, st.week, st.dayOfWeek === 0 ? 7 : st.dayOfWeek);
  if (f & IS_SUNDAY_WEEK) return fromSundayWeek(year, st.week, st.dayOfWeek === 7 ? 0 : st.dayOfWeek);
  if (f & IS_MONDAY_WEEK) return fromMondayWeek(year, st.week, st.dayOfWeek === 0 ? 7 : st.dayOfWeek);
  return fromOrdinalDate(year, st.dayOfYear);
}
