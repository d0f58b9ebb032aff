import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  DELIVERY_CHARGE_PER_PERSON_PAISA,
  formatRs,
  formatRupeeSign,
  paisaToRupees,
  parseRupees,
  rupeesToPaisa,
} from './money';

describe('parseRupees', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['130', 13000],
    ['0', 0],
    ['0.29', 29],
    ['0.05', 5],
    [' 7 ', 700],
    ['007', 700],
    [12.5, 1250],
    [0.29, 29],
    [99.99, 9999],
  ])('reads %j as %i paisa', (input, paisa) => {
    expect(parseRupees(input)).toBe(paisa);
  });

  it.each([
    '-1',
    '1.234',
    'abc',
    '',
    '.5',
    '12.',
    '1e3',
    '1,000',
    'Rs 12',
    '12 .5',
    '99999999999999999999',
  ])('rejects %j', (input) => {
    expect(parseRupees(input)).toBeNull();
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, -1, 1.005, 1e21])('rejects the number %d', (n) => {
    expect(parseRupees(n)).toBeNull();
  });

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), (paisa) => {
        const text = formatRs(paisa).slice('Rs '.length).replaceAll(',', '');
        expect(parseRupees(text)).toBe(paisa);
      }),
    );
  });
});

describe('rupeesToPaisa and paisaToRupees', () => {
  it('converts without floating point drift', () => {
    expect(rupeesToPaisa(0.29)).toBe(29);
    expect(rupeesToPaisa(12.5)).toBe(1250);
    expect(rupeesToPaisa(130)).toBe(13000);
    expect(paisaToRupees(13000)).toBe(130);
    expect(paisaToRupees(1250)).toBe(12.5);
  });

  it.each([Number.NaN, -0.01, Number.POSITIVE_INFINITY])('refuses %d', (n) => {
    expect(() => rupeesToPaisa(n)).toThrow(AppError);
  });
});

describe('formatting', () => {
  it.each([
    [123400, 'Rs 1,234.00'],
    [0, 'Rs 0.00'],
    [5, 'Rs 0.05'],
    [1250, 'Rs 12.50'],
    [99999, 'Rs 999.99'],
    [100000000, 'Rs 1,000,000.00'],
    [-1250, 'Rs -12.50'],
  ])('formatRs(%i) is %s', (paisa, text) => {
    expect(formatRs(paisa)).toBe(text);
  });

  it('uses the Pakistani rupee sign in admin lists', () => {
    expect(formatRupeeSign(123400)).toBe('\u20A8 1,234.00');
    expect(formatRupeeSign(13000)).toBe('₨ 130.00');
  });

  it('charges Rs 130 per person for delivery', () => {
    expect(formatRs(DELIVERY_CHARGE_PER_PERSON_PAISA)).toBe('Rs 130.00');
  });
});
