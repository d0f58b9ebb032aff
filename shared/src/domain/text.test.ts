import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, createCheckoutSchema } from './checkout';
import { isBlank } from './form-validation';
import { buildCartLine } from './test-builders';
import {
  isBlankText,
  isIdText,
  isTokenText,
  TEXT_LIMITS,
  TEXT_MESSAGES,
  textProblem,
  trimText,
} from './text';

const NAME = { max: TEXT_LIMITS.name };
const INSTRUCTIONS = { max: TEXT_LIMITS.instructions, multiline: true };
const ZERO_WIDTH = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u180E'];

describe('the shared text rule', () => {
  it('refuses U+0000 and every other control character anywhere in a name', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.integer({ min: 0, max: 0x9f }).filter((code) => code < 0x20 || code >= 0x7f),
        fc.string({ maxLength: 40 }),
        (before, code, after) => {
          expect(textProblem(`${before}${String.fromCharCode(code)}${after}`, NAME)).toBe(
            'forbiddenCharacters',
          );
        },
      ),
    );
  });

  it('lets instructions keep line breaks and tabs, never U+0000', () => {
    expect(textProblem('Ring twice\r\n\tthen wait', INSTRUCTIONS)).toBeNull();
    expect(textProblem('Ring twice\nthen wait', NAME)).toBe('forbiddenCharacters');
    expect(textProblem('Ring\u0000twice', INSTRUCTIONS)).toBe('forbiddenCharacters');
  });

  it('refuses a lone surrogate and keeps a pair (an emoji)', () => {
    expect(textProblem('Ali \uD83D\uDE00', NAME)).toBeNull();
    expect(textProblem('Ali \uD83D', NAME)).toBe('forbiddenCharacters');
    expect(textProblem('\uDE00 Ali', NAME)).toBe('forbiddenCharacters');
    expect(textProblem('\uDE00\uD83D', NAME)).toBe('forbiddenCharacters');
  });

  it('counts the maximum in characters as people see them: 100 emoji fit in a name, 101 do not', () => {
    expect(textProblem('😀'.repeat(100), NAME)).toBeNull();
    expect(textProblem('😀'.repeat(101), NAME)).toBe('tooLong');
    expect(textProblem('a'.repeat(60_000), NAME)).toBe('tooLong');
    expect(textProblem('a'.repeat(500), INSTRUCTIONS)).toBeNull();
    expect(textProblem('a'.repeat(501), INSTRUCTIONS)).toBe('tooLong');
  });

  it('counts white space and zero-width characters as blank, and trims them from both ends', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(' ', '\t', '\u00A0', '\u3000', ...ZERO_WIDTH), { maxLength: 20 }),
        (run) => {
          expect(isBlankText(run.join(''))).toBe(true);
          expect(isBlank(run.join(''))).toBe(true);
          expect(trimText(`${run.join('')}Ali${run.join('')}`)).toBe('Ali');
        },
      ),
    );
    expect(isBlankText('A\u200BB')).toBe(false);
  });

  it('knows ids and tokens by their exact formats', () => {
    expect(isIdText('0b7c8e9a-3f4d-4e2a-9c1b-5d6e7f8a9b0c')).toBe(true);
    for (const bad of ['', 'a b', 'a\u0000', 'x'.repeat(65), '../etc', 'a:b']) {
      expect(isIdText(bad), bad).toBe(false);
    }
    expect(isTokenText('0b7c8e9a-3f4d-4e2a-9c1b-5d6e7f8a9b0c', 8, 100)).toBe(true);
    expect(isTokenText('short', 8, 100)).toBe(false);
    expect(isTokenText('key\u0000-with-nul', 8, 100)).toBe(false);
  });
});

describe('the rule in a form schema', () => {
  const schema = createCheckoutSchema({ allowedDomains: [] });

  it('answers with the field and its message, before the form rules', () => {
    const result = schema.safeParse({ firstName: 'Ay\u0000esha', cartItems: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['firstName'],
      message: TEXT_MESSAGES.forbiddenCharacters,
    });
    const long = schema.safeParse({ room: 'r'.repeat(101), cartItems: [] });
    expect(long.error?.issues[0]).toMatchObject({
      path: ['room'],
      message: TEXT_MESSAGES.tooLong(100),
    });
  });

  it('asks for a name made only of zero-width characters as for a missing one', () => {
    const result = schema.safeParse({
      cartItems: [buildCartLine()],
      firstName: '\u200B \u2060\uFEFF',
      lastName: 'Khan',
      phone: '0300-1234567',
      email: 'ali@uni.edu.pk',
      persons: 1,
      screenshot: 'upload-1',
      grandTotal: 580,
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['firstName'],
      message: CHECKOUT_MESSAGES.requiredFields,
    });
  });
});
