// What an admin confirms before verifying a payment (decision 023): every difference the app
// found between the payment's evidence and the order. Verifying such an order asks first, names
// the differences, and keeps them in the order's timeline and the audit log.

import type { TStatementCheck } from './bank-statement';
import type { TScreenshotCheck } from './order-status';
import type { TReceiptCheck } from './receipt-check';

/** The difference of a screenshot seen before on another order. */
export const SCREENSHOT_USED_BEFORE = 'This screenshot was already used on another order.';

/**
 * The differences to confirm, in the card's order: the screenshot's reuse, then the receipt's. A
 * receipt the app could not read is no difference: the admin reads the picture, as before.
 */
export function differencesToConfirm(order: {
  screenshotCheck: TScreenshotCheck;
  receipt: TReceiptCheck;
}): string[] {
  const receipt = order.receipt.state === 'read' ? order.receipt.differences : [];
  return [
    ...(order.screenshotCheck === 'duplicate' ? [SCREENSHOT_USED_BEFORE] : []),
    ...receipt.filter((difference) => difference.kind !== 'unread').map((d) => d.text),
  ];
}

/** The Payments queue's filters by evidence. */
export const EVIDENCE_FILTERS = ['needs_look', 'all_clear'] as const;
export type TEvidenceFilter = (typeof EVIDENCE_FILTERS)[number];
export const EVIDENCE_FILTER_LABELS: Record<TEvidenceFilter, string> = {
  needs_look: 'Needs a look',
  all_clear: 'All clear',
};

/**
 * What the evidence of an order's payment adds up to. 'needs_look': a difference, an unread
 * receipt, or a statement that reaches the order's day without its credit. 'all_clear': the
 * credit is in the statement and nothing differs (OCR alone never clears an order: an edited
 * screenshot reads perfectly). 'waiting': the reading or the statement is still to come.
 */
export function evidenceOf(order: {
  screenshotCheck: TScreenshotCheck;
  receipt: TReceiptCheck;
  statement: TStatementCheck;
}): TEvidenceFilter | 'waiting' {
  const unread =
    order.receipt.state === 'read' && order.receipt.differences.some((d) => d.kind === 'unread');
  if (differencesToConfirm(order).length > 0 || unread || order.statement.state === 'not_found') {
    return 'needs_look';
  }
  const read = order.receipt.state === 'read' && order.screenshotCheck === 'clear';
  return read && order.statement.state === 'found' ? 'all_clear' : 'waiting';
}

/**
 * What a short payment left unpaid ('pay the difference'): the total less the amount the
 * statement's credit shows, else the amount read on the receipt; null when the one of them there
 * is shows no less than the total, or neither is there. The card offers it; the api decides by it.
 */
export function unpaidPaisa(
  grandTotalPaisa: number,
  paid: { creditedPaisa: number | null; readPaisa: number | null },
): number | null {
  const amount = paid.creditedPaisa ?? paid.readPaisa;
  return amount !== null && amount < grandTotalPaisa ? grandTotalPaisa - amount : null;
}

/** What the order's Payments card shows left unpaid, from its statement and receipt checks. */
export function unpaidOnCard(order: {
  grandTotalPaisa: number;
  receipt: TReceiptCheck;
  statement: TStatementCheck;
}): number | null {
  return unpaidPaisa(order.grandTotalPaisa, {
    creditedPaisa: order.statement.state === 'found' ? order.statement.amountPaisa : null,
    readPaisa: order.receipt.state === 'read' ? order.receipt.says.amountPaisa : null,
  });
}

/** The differences of `current` that the admin did not confirm. */
export function unconfirmedDifferences(
  current: readonly string[],
  confirmed: readonly string[],
): string[] {
  return current.filter((difference) => !confirmed.includes(difference));
}

export const PAYMENT_EVIDENCE_MESSAGES = {
  /** The 409 of a verify that did not confirm every difference (one found since the card loaded). */
  unconfirmed: (differences: readonly string[]) =>
    `Not verified: confirm what the app found first. ${differences.join(' ')}`,
  confirmTitle: 'Verify despite these differences?',
  confirmLead: 'The app found these differences between the payment and the order:',
  confirmHint: 'Verify only if you checked the money arrived (in the bank or wallet app).',
  confirmButton: 'Verify anyway',
  allClearTitle: (count: number) =>
    `Verify ${count === 1 ? 'the 1 order' : `all ${count} orders`} whose credit was found and nothing differs?`,
  allClearLead:
    'Each has its credit in the bank statement, and its receipt agrees with the order. The students are told their order is verified.',
  allClearButton: (count: number) => `Verify ${count === 1 ? '1 order' : `${count} orders`}`,
  allClearChanged: (count: number) =>
    `The all-clear orders changed since you looked: ${count} now. Nothing was verified; look again.`,
  allClearDone: (count: number) =>
    `${count === 1 ? '1 order' : `${count} orders`} verified: credit found, nothing differs.`,
};
