import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPakistaniPhone, normalisePhoneInput } from './phone';

describe('normalisePhoneInput', () => {
  it.each([
    ['03001234567', '0300-1234567'],
    ['0300', '0300'],
    ['030', '030'],
    ['03001', '0300-1'],
    ['0300-123-4567', '0300-1234567'],
    ['0300 1234567', '0300-1234567'],
    ['030012345678999', '0300-1234567'],
    ['+92 300 1234567', '0300-1234567'],
    ['0092 300 1234567', '0300-1234567'],
    ['923', '03'],
    ['92', '92'],
    ['9200', '9200'],
    ['abc', ''],
    ['', ''],
  ])('turns %j into %j', (raw, shown) => {
    expect(normalisePhoneInput(raw)).toBe(shown);
  });

  it('never exceeds 12 characters and keeps the shape 4 digits, hyphen, digits', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '3', '9', '-', ' ', 'a', '+') }),
        (raw) => {
          const shown = normalisePhoneInput(raw);
          expect(shown.length).toBeLessThanOrEqual(12);
          expect(shown).toMatch(/^(\d{0,4}|\d{4}-\d{1,7})$/);
        },
      ),
    );
  });

  it('is stable: normalising twice changes nothing, and no typed digit is reordered', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const shown = normalisePhoneInput(raw);
        expect(normalisePhoneInput(shown)).toBe(shown);
        expect(raw.replace(/\D/g, '').startsWith(shown.replace('-', ''))).toBe(true);
      }),
    );
  });
});

describe('isValidPakistaniPhone', () => {
  it.each([
    ['0300-1234567', true],
    [' 0321-7654321 ', true],
    ['0300-123456', false],
    ['0300-12345678', false],
    ['03001234567', false],
    ['0400-1234567', false],
    ['030-01234567', false],
    ['0300–1234567', false],
    ['', false],
  ])('%j is valid: %s', (phone, valid) => {
    expect(isValidPakistaniPhone(phone)).toBe(valid);
  });
});
