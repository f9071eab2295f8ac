import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatShowTime, formatTime, ISO_TIME_FORMAT, parseIsoTime, parseTime } from '../../src/values/time.ts';

/// 2010-12-21T13:23:45Z, the fixed instant of Pact's time tests.
const T = 1292937825000000n;
/// T plus 0.001002 seconds.
const T2 = T + 1002n;
/// 1858-11-17T00:00:00Z, the Modified Julian Day epoch pact-time counts from.
const MJD_EPOCH = -3506716800000000n;

function at(text: string): bigint {
  const t = parseIsoTime(text);
  assert.ok(t !== undefined, text);
  return t;
}

test('every format code on the fixed instant of Pact time tests', () => {
  const cases: [string, bigint, string][] = [
    ['%%', T, '%'],
    ['%k', T, '13'],
    ['%I', T, '01'],
    ['%l', T, ' 1'],
    ['%M', T, '23'],
    ['%S', T, '45'],
    ['%q', T2, '001002000000'],
    ['%v', T2, '001002'],
    ['%Q', T2, '.001002'],
    ['%s', T, '1292937825'],
    ['%D', T, '12/21/10'],
    ['%F', T, '2010-12-21'],
    ['%x', T, '12/21/10'],
    ['%Y', T, '2010'],
    ['%y', T, '10'],
    ['%C', T, '20'],
    ['%B', T, 'December'],
    ['%b', T, 'Dec'],
    ['%h', T, 'Dec'],
    ['%m', T, '12'],
    ['%d', T, '21'],
    ['%e', T, '21'],
    ['%j', T, '355'],
    ['%G', T, '2010'],
    ['%g', T, '10'],
    ['%f', T, '20'],
    ['%V', T, '51'],
    ['%u', T, '2'],
    ['%a', T, 'Tue'],
    ['%A', T, 'Tuesday'],
    ['%U', T, '51'],
    ['%w', T, '2'],
    ['%W', T, '51'],
  ];
  assert.equal(at('2010-12-21T13:23:45Z'), T);
  for (const [format, t, want] of cases) assert.equal(formatTime(format, t), want, format);
});

test('parse and round trips of the Pact time tests', () => {
  assert.equal(parseTime('%Y-%m-%d', '2016-07-22'), at('2016-07-22T00:00:00Z'));
  for (const [format, t] of [
    ['%Y-%m-%dT%H:%M:%S%N', T],
    ['%a, %_d %b %Y %H:%M:%S %Z', T],
    ['%Y-%m-%d %H:%M:%S.%v', T2],
  ] as const) {
    assert.equal(parseTime(format, formatTime(format, t)), t, format);
  }
  assert.equal(formatTime('%a, %_d %b %Y %H:%M:%S %Z', T), 'Tue, 21 Dec 2010 13:23:45 UTC');
});

test('the Unix and Modified Julian Day epochs, as pact-time documents them', () => {
  const codes = '%z %N %Z %c|%R %T %X %r %P %p|%H %k %I %l %M %S %v "%Q" %s|%D %F %x %Y %y %C|%B %b %h %m %d %e %j|%G %g %f %V %u %a %A %U %w %W';
  assert.equal(
    formatTime(codes, 0n),
    '+0000 +00:00 UTC Thu Jan  1 00:00:00 UTC 1970|00:00 00:00:00 00:00:00 12:00:00 AM am AM|' +
      '00  0 12 12 00 00 000000 "" 0|01/01/70 1970-01-01 01/01/70 1970 70 19|' +
      'January Jan Jan 01 01  1 001|1970 70 19 01 4 Thu Thursday 00 4 00',
  );
  assert.equal(
    formatTime(codes, MJD_EPOCH),
    '+0000 +00:00 UTC Wed Nov 17 00:00:00 UTC 1858|00:00 00:00:00 00:00:00 12:00:00 AM am AM|' +
      '00  0 12 12 00 00 000000 "" -3506716800|11/17/58 1858-11-17 11/17/58 1858 58 18|' +
      'November Nov Nov 11 17 17 321|1858 58 18 46 3 Wed Wednesday 46 3 46',
  );
  assert.equal(formatTime('%q', 0n), '000000000000');
});

test('formatting: modifiers change nothing, unknown codes and a final % are kept', () => {
  assert.equal(formatTime('%-d %_H %0m %^a %#b %-_0d', T), '21 13 12 Tue Dec 21');
  assert.equal(formatTime('%t %E %5 100%', T), '%t %E %5 100%');
  assert.equal(formatTime('100%-', T), '100%');
  assert.equal(formatTime('%%%', T), '%%');
  assert.equal(formatTime('ü%d😀%ü', T), 'ü21😀%ü');
  assert.equal(formatTime('%c|%r|%X|%P', T), 'Tue Dec 21 13:23:45 UTC 2010|01:23:45 PM|13:23:45|pm');
});

test('formatting: negative years and times before 1970', () => {
  const yearMinus1 = -62198755200000000n; // -0001-01-01, a Friday: ISO week 53 of year -2
  assert.equal(formatTime('%Y|%C|%y|%G|%V|%F', yearMinus1), '-0001|0-1|99|-0002|53|-0001-01-01');
  assert.equal(formatTime('%Y %c', parseTime('%Y-%m-%d', '-50-03-01')!), '-0050 Wed Mar  1 00:00:00 UTC -0050');
  // %s truncates toward zero while %Q is the fraction of the (earlier) second.
  assert.equal(formatTime('%s%Q', -900000n), '0.1');
  assert.equal(formatTime('%s|%F %T%Q', -1n), '0|1969-12-31 23:59:59.999999');
  assert.equal(formatTime('%Y', parseTime('%Y', '12345')!), '12345');
});

test('formatShowTime is Haskell show of a pact-time UTCTime', () => {
  assert.equal(formatShowTime(T2), '2010-12-21 13:23:45.001002 UTC');
  assert.equal(formatShowTime(T), '2010-12-21 13:23:45 UTC');
  assert.equal(formatShowTime(T + 100n), '2010-12-21 13:23:45.0001 UTC');
  assert.equal(formatShowTime(0n), '1970-01-01 00:00:00 UTC');
});

test('the time native: exactly %Y-%m-%dT%H:%M:%SZ, spaces around allowed', () => {
  assert.equal(ISO_TIME_FORMAT, '%Y-%m-%dT%H:%M:%SZ');
  assert.equal(parseIsoTime('  2016-07-22T11:26:35Z \n'), 1469186795000000n);
  for (const bad of ['2016-07-22T11:26:35', '2016-07-22T11:26:35.5Z', '2016-7-22T11:26:35Z', '2016-07-22 11:26:35Z', '']) {
    assert.equal(parseIsoTime(bad), undefined, bad);
  }
});

test('parsing: missing fields come from 1970-01-01 00:00:00 UTC', () => {
  const cases: [string, string, bigint][] = [
    ['%H:%M', '13:23', 48180000000n],
    ['%y', '68', 3092601600000000n], // 2068
    ['%y', '69', -31536000000000n], // 1969
    ['%C', '20', 3155760000000000n], // 2070: the year of the century stays 70
    ['%Y', '-44', -63555753600000000n],
    ['%-d/%_m/%0Y', '21/12/2010', 1292889600000000n],
    ['%A %d %B %Y', 'tuesday 21 DECEMBER 2010', 1292889600000000n],
    ['%j', '400', 31449600000000n], // clamped to the year's last day
    ['%Y %j', '2012 366', 1356912000000000n],
    ['%F', '2011-02-31', 1298851200000000n], // clamped to 2011-02-28
    ['%F', '2011-13-01', 1322697600000000n], // clamped to December
    ['%G-W%V-%u', '2009-W53-7', 1262476800000000n], // 2010-01-03
    ['%Y %U %w', '2010 51 2', 1292889600000000n],
    ['%Y %W %a', '2010 51 Tue', 1292889600000000n],
    ['%H', '24', 86400000000n],
    ['%M', '99', 5940000000n],
    ['%d\t %m', '02  \n 03', 5184000000000n],
    ['ü%d😀', 'ü21😀', 1728000000000n],
  ];
  for (const [format, text, want] of cases) assert.equal(parseTime(format, text), want, `${format} ${text}`);
});

test('parsing: fractions, zones, 12-hour clock, %s', () => {
  const cases: [string, string, bigint][] = [
    ['%S%Q', '05.0000005', 5000001n], // the seventh digit rounds half up
    ['%S%Q', '05.9999995', 6000000n],
    ['%S%Q', '05.1234564', 5123456n],
    ['%S.%v', '05.1', 5100000n],
    ['%S.%q', '05.000001', 5000001n],
    ['%H:%M %Z', '12:00 +05:30', 23400000000n],
    ['%H:%M %Z', '12:00 +0530', 23400000000n],
    ['%H:%M %Z', '12:00 PST', 72000000000n],
    ['%H:%M %z', '12:00 -0100', 46800000000n],
    ['%I:%M %p', '12:30 AM', 1800000000n],
    ['%I:%M %p', '12:30 PM', 45000000000n],
    ['%I:%M %P', '01:00 pm', 46800000000n],
    ['%l %p', '7 pm', 68400000000n],
    ['%s', '-1', -1000000n],
    ['%s', '1292937825', T],
    ['%s%Q', '1.5', 1000000n], // %s sets the whole time; the fraction is dropped
  ];
  for (const [format, text, want] of cases) assert.equal(parseTime(format, text), want, `${format} ${text}`);
});

test('parsing: backtracking and fixed-width quirks', () => {
  // %k, %l, %e retry one character when two fail later; %Y retries exactly four digits.
  assert.equal(parseTime('%k:%M', '5:30'), 19800000000n);
  assert.equal(parseTime('%k:%M', ' 5:30'), 19800000000n);
  assert.equal(parseTime('%e %b', '1 Mar'), 5097600000000n);
  assert.equal(parseTime('%Y%m%d', '20101221'), 1292889600000000n);
  // %H reads a two-byte window, so "7:" is 7 and the colon is gone.
  assert.equal(parseTime('%H:%M', '7:30'), undefined);
  assert.equal(parseTime('%H%M', '7:30'), 27000000000n);
});

test('parsing failures', () => {
  for (const [format, text] of [
    ['%^a', 'Tue'], // ^ and # are formatting-only modifiers
    ['%#b', 'Dec'],
    ['%t', 'x'],
    ['%S%Q', '05.'],
    ['%H:%M %Z', '12:00 pst'],
    ['%H:%M %N', '12:00 UTC'],
    ['ü%d', 'u21'],
    ['%d%m', '02 03'],
    ['%Y-%m-%d', '2016-07-22x'],
  ]) {
    assert.equal(parseTime(format!, text!), undefined, `${format} ${text}`);
  }
});
