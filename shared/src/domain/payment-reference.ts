// The payment reference: a short code per order that the student puts in the bank transfer's note,
// so the money can be found in the receiving account's statement (decision 021). It is also the
// order's short code wherever a person reads an order number; the full id stays in URLs and the
// api.

/** The characters of a reference: digits and capitals without 0/O and 1/I/L, read one way only. */
export const PAYMENT_REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PAYMENT_REFERENCE_PREFIX = 'CB-';
/** 31^5 is about 28.6 million codes per campus: a year of orders fills a fraction of a percent. */
export const PAYMENT_REFERENCE_LENGTH = 5;

const REFERENCE_PATTERN = new RegExp(
  `^(?:CB)?-?([${PAYMENT_REFERENCE_ALPHABET}]{${PAYMENT_REFERENCE_LENGTH}})$`,
);

/** A reference from a random index per character (`pick(n)` gives 0 <= i < n). */
export function newPaymentReference(pick: (size: number) => number): string {
  let code = '';
  for (let i = 0; i < PAYMENT_REFERENCE_LENGTH; i++) {
    code += PAYMENT_REFERENCE_ALPHABET[pick(PAYMENT_REFERENCE_ALPHABET.length)];
  }
  return `${PAYMENT_REFERENCE_PREFIX}${code}`;
}

/**
 * The reference a person typed, as stored ('cb-7k3qm', 'CB 7K3QM' and '7K3QM' are 'CB-7K3QM'), or
 * null when the text is no reference.
 */
export function normalisePaymentReference(text: string): string | null {
  const match = REFERENCE_PATTERN.exec(text.toUpperCase().replace(/\s+/g, ''));
  return match ? `${PAYMENT_REFERENCE_PREFIX}${match[1]}` : null;
}

export const PAYMENT_REFERENCE_MESSAGES = {
  putInNote: (reference: string) => `Put ${reference} in the transfer's note`,
  why: 'It lets the campus find your payment in its bank statement.',
  label: 'Payment reference',
} as const;

const REFERENCE_IN_TEXT = new RegExp(
  `\\bCB[\\s-]?([${PAYMENT_REFERENCE_ALPHABET}]{${PAYMENT_REFERENCE_LENGTH}})\\b`,
  'gi',
);

/** The references a text names: 'CB-7K3QM', 'CB 7K3QM', 'cb7k3qm', as a note field prints them. */
export function referencesIn(text: string): string[] {
  return [...text.matchAll(REFERENCE_IN_TEXT)].flatMap((match) => {
    const reference = normalisePaymentReference(`CB-${match[1]}`);
    return reference ? [reference] : [];
  });
}

/**
 * The characters of a reference that OCR reads as one another (measured on the receipt corpus,
 * docs/decisions/022-receipt-reading.md: 8 as S, Z as 2, S as 5), each group as its first.
 */
const LOOK_ALIKES: Record<string, string> = { '5': 'S', '8': 'S', B: 'S', '2': 'Z', '6': 'G' };
const lookingAlike = (reference: string) =>
  reference.replace(/[58B26]/g, (char) => LOOK_ALIKES[char] ?? char);

/**
 * Whether a reference read from a picture is this one: the same, or the same but for characters
 * OCR takes for one another. The receipt's word is evidence for a person, never proof: the bank
 * statement's reference is matched exactly.
 */
export function readAsReference(read: string, reference: string): boolean {
  return read === reference || lookingAlike(read) === lookingAlike(reference);
}
