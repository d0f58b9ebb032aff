import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newPaymentReference,
  normalisePaymentReference,
  PAYMENT_REFERENCE_ALPHABET,
} from './payment-reference';

describe('payment references', () => {
  it('are CB- and five characters that cannot be read two ways', () => {
    expect(PAYMENT_REFERENCE_ALPHABET).toHaveLength(31);
    expect(PAYMENT_REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(newPaymentReference(() => 0)).toBe('CB-22222');
    expect(newPaymentReference((size) => size - 1)).toBe('CB-ZZZZZ');
  });

  it('are found again however a person types them', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(30), { minLength: 5, maxLength: 5 }), (picks) => {
        let at = 0;
        const reference = newPaymentReference(() => picks[at++] ?? 0);
        const code = reference.slice(3);
        for (const typed of [
          reference,
          reference.toLowerCase(),
          code,
          code.toLowerCase(),
          `CB ${code}`,
          ` cb-${code} `,
        ]) {
          expect(normalisePaymentReference(typed), typed).toBe(reference);
        }
      }),
    );
  });

  it('refuse what is no reference', () => {
    for (const text of [
      '',
      'CB-',
      'CB-7K3Q',
      'CB-7K3QMM',
      'CB-7K3Q0',
      'CB-7K3QI',
      'XX-7K3QM',
      'Ayesha',
    ]) {
      expect(normalisePaymentReference(text), text).toBeNull();
    }
  });
});
