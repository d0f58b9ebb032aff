import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZOptionalTime12h, ZTime12h } from './entities';
import {
  formatTime12h,
  normaliseTime12h,
  parseTime12h,
  time12hToTime24h,
  time24hToTime12h,
} from './time-of-day';

describe('parseTime12h', () => {
  it.each([
    ['10:00 AM', 600],
    ['12:00 AM', 0],
    ['12:59 AM', 59],
    ['12:00 PM', 720],
    ['1:00 PM', 780],
    ['11:59 PM', 1439],
    ['09:05 pm', 21 * 60 + 5],
    ['9:05 Am', 9 * 60 + 5],
  ])('reads %s as minute %i', (text, minutes) => {
    expect(parseTime12h(text)).toBe(minutes);
  });

  it.each([
    '25:00 PM',
    '13:00 PM',
    '00:30 AM',
    '0:30 AM',
    '10:00',
    '10:60 AM',
    '10:0 AM',
    '10:00AM',
    '10:00  AM',
    ' 10:00 AM',
    '10:00 AM ',
    '10:00 XM',
    '10.00 AM',
    '010:00 AM',
    '22:00',
    '',
  ])('rejects %j', (text) => {
    expect(parseTime12h(text)).toBeNull();
  });
});

describe('formatTime12h', () => {
  it.each([
    [0, '12:00 AM'],
    [59, '12:59 AM'],
    [545, '9:05 AM'],
    [720, '12:00 PM'],
    [1439, '11:59 PM'],
  ])('formats minute %i as %s', (minutes, text) => {
    expect(formatTime12h(minutes)).toBe(text);
  });

  it('round-trips every minute of the day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (minutes) => {
        expect(parseTime12h(formatTime12h(minutes))).toBe(minutes);
      }),
    );
  });
});

describe('conversions', () => {
  it('normalises to the canonical form', () => {
    expect(normaliseTime12h('09:00 pm')).toBe('9:00 PM');
    expect(normaliseTime12h('nine')).toBeNull();
  });

  it('converts to and from <input type="time"> values', () => {
    expect(time24hToTime12h('22:00')).toBe('10:00 PM');
    expect(time24hToTime12h('00:00')).toBe('12:00 AM');
    expect(time24hToTime12h('12:30')).toBe('12:30 PM');
    expect(time24hToTime12h('24:00')).toBeNull();
    expect(time24hToTime12h('9:00')).toBeNull();
    expect(time12hToTime24h('12:30 AM')).toBe('00:30');
    expect(time12hToTime24h('10:00 PM')).toBe('22:00');
    expect(time12hToTime24h('25:00 PM')).toBeNull();
  });
});

describe('time schemas', () => {
  it('accepts and canonicalises a required time', () => {
    expect(ZTime12h.parse(' 09:00 pm ')).toBe('9:00 PM');
    const result = ZTime12h.safeParse('10:60 AM');
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Time must look like 10:00 AM.']);
  });

  it('turns a missing optional time into null and still rejects a bad one', () => {
    expect(ZOptionalTime12h.parse(null)).toBeNull();
    expect(ZOptionalTime12h.parse(undefined)).toBeNull();
    expect(ZOptionalTime12h.parse('  ')).toBeNull();
    expect(ZOptionalTime12h.parse('10:00 AM')).toBe('10:00 AM');
    expect(ZOptionalTime12h.safeParse('10:00').success).toBe(false);
  });
});
