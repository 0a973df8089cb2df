import { describe, expect, it } from 'vitest';
import {
  DATE_PATTERN_CATALOGUE,
  excelFormatToPattern,
  formatDateText,
  isDurationFormat,
  ISO_8601,
  parseDateText,
  parseDateTextLoosely,
  patternHasDate,
  patternHasTime,
  patternHasZone,
  patternIsMonth,
  swapDayAndMonth,
  unixTimeUnitMs,
} from '../../../src/engine/formats/dates';

const SPEC_NAMES = [
  'M/D/YYYY h:mm:ss A',
  'M/D/YYYY h:mm A',
  ISO_8601,
  'YYYY-MM-DD HH:mm:ss',
  'MM/DD/YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm',
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'M/D/YYYY',
  'DD-MM-YYYY',
];

/** Dates that stress padding, 12-hour clocks, month ends and two-digit years. */
const DATES = [
  new Date(Date.UTC(2023, 3, 17, 10, 0, 0, 0)),
  new Date(Date.UTC(2024, 1, 29, 0, 0, 0, 0)),
  new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)),
  new Date(Date.UTC(2000, 0, 1, 12, 0, 0, 7)),
  new Date(Date.UTC(2068, 8, 9, 9, 5, 3, 120)),
  new Date(Date.UTC(1970, 0, 1, 0, 0, 0, 0)),
];

const ZONES = ['Z', '+02:00', '-05:00', '+0530', '-08', '+00:00'];

/** The date a pattern can carry: the fields it does not write are zero. */
function truncateTo(date: Date, pattern: string): Date {
  const fraction = /S+/.exec(pattern === ISO_8601 ? 'ss.SSS' : pattern)?.[0].length ?? 0;
  const keep = new Date(date.getTime());
  const resolved = pattern === ISO_8601 ? 'YYYY-MM-DDTHH:mm:ss.SSSZ' : pattern;
  if (!patternHasTime(resolved)) keep.setUTCHours(0, 0, 0, 0);
  if (!patternHasDate(resolved)) keep.setUTCFullYear(1970, 0, 1);
  if (patternIsMonth(resolved)) keep.setUTCDate(1);
  if (!resolved.includes('ss')) keep.setUTCSeconds(0, 0);
  if (fraction === 0) keep.setUTCMilliseconds(0);
  else if (fraction < 3) {
    const step = 10 ** (3 - fraction);
    keep.setUTCMilliseconds(Math.floor(keep.getUTCMilliseconds() / step) * step);
  }
  return keep;
}

const ALL_PATTERNS = [
  ...SPEC_NAMES,
  ...DATE_PATTERN_CATALOGUE.map((entry) => entry.pattern),
  'YYYY-MM-DDTHH:mm:ss.SZ',
  'YYYY-MM-DDTHH:mm:ss.SSSSSSZ',
  'YYYY-MM-DDTHH:mm:ss.SSSSSSSSS',
  'DD/MM/YYYY hh:mm:ss a',
  'YYYY年M月D日',
  '[Day] D [of] MMMM YYYY',
];

describe('date patterns', () => {
  it('catalogue holds every pattern the spec names and the common others', () => {
    const patterns = new Set(DATE_PATTERN_CATALOGUE.map((entry) => entry.pattern));
    for (const name of SPEC_NAMES.filter((name) => name !== ISO_8601)) {
      expect(patterns).toContain(name);
    }
    for (const other of [
      'DD/MM/YYYY',
      'D/M/YYYY',
      'DD.MM.YYYY',
      'YYYY/MM/DD',
      'D MMM YYYY',
      'DD-MMM-YYYY',
      'YYYY-MM-DDTHH:mm:ssZ',
      'YYYY-MM-DD HH:mm:ss.SSS',
      'DD/MM/YYYY HH:mm',
      'M/D/YYYY h:mm:ss A',
    ]) {
      expect(patterns).toContain(other);
    }
  });

  describe.each(ALL_PATTERNS)('%s', (pattern) => {
    const zones = patternHasZone(pattern) ? ZONES : [undefined];

    it('parse(format(date)) gives the date back', () => {
      for (const zone of zones) {
        for (const date of DATES) {
          const expected = truncateTo(date, pattern);
          const text = formatDateText(expected, pattern, zone);
          const parsed = parseDateText(text, pattern);
          expect(parsed?.date.toISOString(), `${text}`).toBe(expected.toISOString());
          expect(parsed?.timeZone).toBe(patternHasZone(pattern) ? (zone ?? 'Z') : undefined);
        }
      }
    });

    it('format(parse(text)) gives the text back', () => {
      for (const zone of zones) {
        for (const date of DATES) {
          const text = formatDateText(date, pattern, zone);
          const parsed = parseDateText(text, pattern);
          expect(parsed, text).not.toBeNull();
          if (parsed) expect(formatDateText(parsed.date, pattern, parsed.timeZone)).toBe(text);
        }
      }
    });
  });

  it.each([
    ['4/17/2023 3:05:09 PM', 'M/D/YYYY h:mm:ss A', '2023-04-17T15:05:09.000Z'],
    ['4/17/2023 12:05 AM', 'M/D/YYYY h:mm A', '2023-04-17T00:05:00.000Z'],
    ['4/17/2023 12:05 PM', 'M/D/YYYY h:mm A', '2023-04-17T12:05:00.000Z'],
    ['2023-04-17T10:00:00.123Z', ISO_8601, '2023-04-17T10:00:00.123Z'],
    ['2023-04-17 10:00:00', 'YYYY-MM-DD HH:mm:ss', '2023-04-17T10:00:00.000Z'],
    ['04/17/2023 23:59:58', 'MM/DD/YYYY HH:mm:ss', '2023-04-17T23:59:58.000Z'],
    ['04/17/2023 23:59', 'MM/DD/YYYY HH:mm', '2023-04-17T23:59:00.000Z'],
    ['17-04-2023', 'DD-MM-YYYY', '2023-04-17T00:00:00.000Z'],
    ['17.04.2023', 'DD.MM.YYYY', '2023-04-17T00:00:00.000Z'],
    ['7 Apr 2023', 'D MMM YYYY', '2023-04-07T00:00:00.000Z'],
    ['07-Apr-2023', 'DD-MMM-YYYY', '2023-04-07T00:00:00.000Z'],
    ['1/2/68', 'M/D/YY', '2068-01-02T00:00:00.000Z'],
    ['1/2/69', 'M/D/YY', '1969-01-02T00:00:00.000Z'],
    ['0099-01-02', 'YYYY-MM-DD', '0099-01-02T00:00:00.000Z'],
    ['Mon, 17 Apr 2023 10:00:00 +0200', 'ddd, D MMM YYYY HH:mm:ss Z', '2023-04-17T10:00:00.000Z'],
    ['Monday, April 17, 2023', 'dddd, MMMM D, YYYY', '2023-04-17T00:00:00.000Z'],
    ['2023-04-17T10:00:00.123456Z', 'YYYY-MM-DDTHH:mm:ss.SSSSSSZ', '2023-04-17T10:00:00.123Z'],
  ])('reads %s in %s as wall clock %s', (text, pattern, iso) => {
    expect(parseDateText(text, pattern)?.date.toISOString()).toBe(iso);
  });

  it.each([
    ['2023-02-29', 'YYYY-MM-DD', 'not a leap year'],
    ['2023-04-31', 'YYYY-MM-DD', 'April has 30 days'],
    ['2023-13-01', 'YYYY-MM-DD', 'month 13'],
    ['2023-4-17', 'YYYY-MM-DD', 'unpadded month in a padded pattern'],
    ['01/2/2023', 'M/D/YYYY', 'padded month in an unpadded pattern'],
    ['4/17/2023 13:05 PM', 'M/D/YYYY h:mm A', '13 o’clock PM'],
    ['4/17/2023 0:05 AM', 'M/D/YYYY h:mm A', 'hour 0 on a 12-hour clock'],
    ['2023-04-17 24:00:00', 'YYYY-MM-DD HH:mm:ss', 'hour 24'],
    ['2023-04-17 10:60:00', 'YYYY-MM-DD HH:mm:ss', 'minute 60'],
    ['2023-04-17T10:00:00.12Z', ISO_8601, 'two fraction digits where three are written'],
    ['2023-04-17T10:00:00+2:00', 'YYYY-MM-DDTHH:mm:ssZ', 'one-digit offset hour'],
    ['2023-04-17 ', 'YYYY-MM-DD', 'trailing space'],
    ['7 APR 2023', 'D MMM YYYY', 'upper-case month name'],
    ['Tue, 17 Apr 2023', 'ddd, D MMM YYYY', 'a weekday that does not match the date'],
    ['', 'YYYY-MM-DD', 'empty text'],
  ])('refuses %s in %s (%s)', (text, pattern) => {
    expect(parseDateText(text, pattern)).toBeNull();
  });

  it.each([
    ['2023-04-17 10:00:00.5+00', '2023-04-17T10:00:00.500Z', 1],
    ['2023-04-17 10:00:00.123456+00', '2023-04-17T10:00:00.123Z', 6],
    ['2023-04-17 10:00:00+00', '2023-04-17T10:00:00.000Z', 0],
  ])('reads %s loosely in a three-digit fraction pattern', (text, iso, digits) => {
    const details = { fractionDigits: 0 };
    const parsed = parseDateTextLoosely(text, 'YYYY-MM-DD HH:mm:ss.SSSZ', details);
    expect(parsed?.date.toISOString()).toBe(iso);
    expect(parsed?.timeZone).toBe('+00');
    expect(details.fractionDigits).toBe(digits);
  });

  it('reads loosely only what the pattern allows besides the fraction', () => {
    const details = { fractionDigits: 0 };
    expect(parseDateTextLoosely('2023-04-17 10:00', 'YYYY-MM-DD HH:mm:ss.SSS', details)).toBeNull();
    expect(
      parseDateTextLoosely('2023-04-17 10:00:00.', 'YYYY-MM-DD HH:mm:ss.SSS', details),
    ).toBeNull();
    expect(
      parseDateTextLoosely('2023-04-17 10:00:00x5', 'YYYY-MM-DD HH:mm:ss.SSS', details),
    ).toBeNull();
  });

  it('keeps the offset text exactly as written', () => {
    for (const zone of ['+02:00', '+0200', '+02', 'Z', '-09:30']) {
      const text = `2023-04-17T10:00:00${zone}`;
      const parsed = parseDateText(text, 'YYYY-MM-DDTHH:mm:ssZ');
      expect(parsed?.timeZone).toBe(zone);
      // The zone is recorded, never applied: the wall clock stays 10:00.
      expect(parsed?.date.getUTCHours()).toBe(10);
    }
  });

  it('writes Z when a zone pattern gets no zone', () => {
    expect(formatDateText(new Date(Date.UTC(2023, 3, 17)), 'YYYY-MM-DDTHH:mm:ssZ')).toBe(
      '2023-04-17T00:00:00Z',
    );
  });
});

describe('Unix time patterns', () => {
  it.each([
    ['1700000000', 'X', '2023-11-14T22:13:20.000Z'],
    ['1700000000123', 'x', '2023-11-14T22:13:20.123Z'],
    ['1700000000.250', 'X.SSS', '2023-11-14T22:13:20.250Z'],
    ['-86400', 'X', '1969-12-31T00:00:00.000Z'],
    ['0', 'x', '1970-01-01T00:00:00.000Z'],
    ['/Date(1700000000000)/', '[/Date(]x[)/]', '2023-11-14T22:13:20.000Z'],
  ])('reads %s in %s and writes it back', (text, pattern, iso) => {
    const parsed = parseDateText(text, pattern);
    expect(parsed?.date.toISOString()).toBe(iso);
    expect(formatDateText(parsed!.date, pattern)).toBe(text);
  });

  it.each([
    ['-0', 'x'],
    ['017', 'x'],
    ['+17', 'x'],
    ['17.5', 'x'],
    ['', 'X'],
    ['-2.500', 'X.SSS'],
    ['99999999999999999', 'x'],
  ])('refuses %s in %s', (text, pattern) => {
    expect(parseDateText(text, pattern)).toBeNull();
  });

  it('is a date and a time of its own, with no other field beside it', () => {
    expect(patternHasDate('X') && patternHasTime('x')).toBe(true);
    expect(patternHasZone('x')).toBe(false);
    expect([unixTimeUnitMs('X'), unixTimeUnitMs('x'), unixTimeUnitMs('YYYY-MM-DD')]).toEqual([
      1000,
      1,
      null,
    ]);
    for (const mixed of ['YYYY x', 'X Z', 'x.SSS', 'X HH:mm']) {
      expect(parseDateText('1700000000', mixed)).toBeNull();
    }
  });

  it('writes the second a millisecond instant falls in', () => {
    expect(formatDateText(new Date(1_700_000_000_999), 'X')).toBe('1700000000');
    expect(formatDateText(new Date(-1), 'X')).toBe('-1');
  });
});

describe('excelFormatToPattern', () => {
  it.each([
    ['m/d/yyyy', 'M/D/YYYY'],
    ['mm/dd/yyyy', 'MM/DD/YYYY'],
    ['m/d/yy', 'M/D/YY'],
    ['yyyy-mm-dd', 'YYYY-MM-DD'],
    ['yyyy\\-mm\\-dd', 'YYYY-MM-DD'],
    ['yyyy"-"mm"-"dd', 'YYYY-MM-DD'],
    ['dd.mm.yyyy', 'DD.MM.YYYY'],
    ['dd\\.mm\\.yyyy', 'DD.MM.YYYY'],
    ['DD.MM.YYYY', 'DD.MM.YYYY'],
    ['d-mmm-yy', 'D-MMM-YY'],
    ['dd-mmm-yyyy', 'DD-MMM-YYYY'],
    ['mmmm d, yyyy', 'MMMM D, YYYY'],
    ['m/d/yy h:mm', 'M/D/YY H:mm'],
    ['yyyy-mm-dd hh:mm:ss', 'YYYY-MM-DD HH:mm:ss'],
    ['yyyy-mm-dd hh:mm:ss.000', 'YYYY-MM-DD HH:mm:ss.SSS'],
    ['m/d/yyyy h:mm AM/PM', 'M/D/YYYY h:mm A'],
    ['[$-409]m/d/yyyy h:mm:ss AM/PM;@', 'M/D/YYYY h:mm:ss A'],
    ['[$-F800]dddd, mmmm dd, yyyy', 'dddd, MMMM DD, YYYY'],
    ['ddd d mmm yyyy', 'ddd D MMM YYYY'],
    ['h:mm', 'H:mm'],
    ['[h]:mm:ss', null],
    ['0.00', null],
    ['#,##0', null],
    ['General', null],
    ['@', null],
    ['yyyy"年"m"月"d"日"', 'YYYY年M月D日'],
  ])('%s → %s', (format, pattern) => {
    expect(excelFormatToPattern(format)).toBe(pattern);
  });

  it('refuses formats longer than Excel allows', () => {
    expect(excelFormatToPattern('yyyy-mm-dd '.repeat(50_000))).toBeNull();
    expect(parseDateText('2023-04-17', 'YYYY-MM-DD '.repeat(50_000))).toBeNull();
  });

  it('gives patterns that parse back what they write', () => {
    const date = new Date(Date.UTC(2023, 2, 5, 14, 7, 9));
    const formats = [
      'm/d/yyyy h:mm AM/PM',
      'dd.mm.yyyy',
      'd-mmm-yy',
      'yyyy-mm-dd hh:mm:ss',
      // Literal letters that are tokens of our patterns (Unix time's x) stay literal.
      'dd/mm/yyyy "x" hh:mm',
    ];
    for (const format of formats) {
      const pattern = excelFormatToPattern(format);
      expect(pattern).not.toBeNull();
      if (!pattern) continue;
      const text = formatDateText(date, pattern);
      expect(formatDateText(parseDateText(text, pattern)?.date ?? new Date(NaN), pattern)).toBe(
        text,
      );
    }
  });
});

describe('swapDayAndMonth', () => {
  it.each([
    ['MM/DD/YYYY', 'DD/MM/YYYY'],
    ['DD/MM/YYYY', 'MM/DD/YYYY'],
    ['M/D/YYYY h:mm A', 'D/M/YYYY h:mm A'],
    ['D-M-YYYY', 'M-D-YYYY'],
    ['DD.MM.YY', 'MM.DD.YY'],
    ['YYYY-MM-DD', null],
    ['MMM D, YYYY', null],
    ['D MMM YYYY', null],
    ['HH:mm', null],
  ])('%s → %s', (pattern, swapped) => {
    expect(swapDayAndMonth(pattern)).toBe(swapped);
  });
});

describe('isDurationFormat', () => {
  it.each([
    ['[h]:mm:ss', true],
    ['[hh]:mm', true],
    ['[mm]:ss', true],
    ['[ss]', true],
    ['mm:ss', true],
    ['mm:ss.0', true],
    ['h:mm', false],
    ['hh:mm:ss', false],
    ['h:mm:ss AM/PM', false],
    ['yyyy-mm-dd hh:mm:ss', false],
    ['m/d/yyyy', false],
    ['[$-409]mmmm d, yyyy;@', false],
    ['General', false],
    ['0.00', false],
  ])('%s → %s', (format, expected) => {
    expect(isDurationFormat(format)).toBe(expected);
  });
});

describe('formatDateText', () => {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  /** The pattern's fields joined as texts, one after the other: what the writer must write. */
  function joined(date: Date, pattern: string, zone?: string): string {
    const field: Record<string, string> = {
      YYYY: pad(date.getUTCFullYear(), 4),
      YY: pad(date.getUTCFullYear() % 100, 2),
      MMMM: String(date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' })),
      MM: pad(date.getUTCMonth() + 1, 2),
      M: String(date.getUTCMonth() + 1),
      DD: pad(date.getUTCDate(), 2),
      D: String(date.getUTCDate()),
      HH: pad(date.getUTCHours(), 2),
      hh: pad(date.getUTCHours() % 12 || 12, 2),
      h: String(date.getUTCHours() % 12 || 12),
      mm: pad(date.getUTCMinutes(), 2),
      ss: pad(date.getUTCSeconds(), 2),
      SSS: pad(date.getUTCMilliseconds(), 3),
      A: date.getUTCHours() < 12 ? 'AM' : 'PM',
      Z: zone ?? 'Z',
    };
    return pattern.replace(
      /YYYY|YY|MMMM|MM|M|DD|D|HH|hh|h|mm|ss|SSS|A|Z/g,
      (token) => field[token]!,
    );
  }

  it.each([
    'YYYY-MM-DD',
    'M/D/YYYY h:mm:ss A',
    'DD.MM.YY HH:mm',
    'YYYY-MM-DDTHH:mm:ss.SSSZ',
    'MMMM D, YYYY hh:mm A',
  ])('writes %s as its fields joined, from 1901 to past the year 100,000', (pattern) => {
    for (let step = 0; step < 5000; step++) {
      const time = Date.UTC(1, 0, 1) + step * 640_007_001_337;
      const date = new Date(time);
      const zone = step % 2 === 0 ? '+05:30' : undefined;
      expect(formatDateText(date, pattern, zone)).toBe(joined(date, pattern, zone));
    }
  });

  it('writes a year before 1000 with its zeros and one past 9999 whole', () => {
    expect(formatDateText(new Date(Date.UTC(987, 0, 2)), 'YYYY-MM-DD')).toBe('0987-01-02');
    expect(formatDateText(new Date(Date.UTC(12345, 5, 6)), 'YYYY-MM-DD')).toBe('12345-06-06');
  });
});
