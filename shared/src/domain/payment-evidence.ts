// What an admin confirms before verifying a payment (decision 023): every difference the app
// found between the payment's evidence and the order. Verifying such an order asks first, names
// the differences, and keeps them in the order's timeline and the audit log.

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
  /** The timeline's line of a verification made despite differences. */
  confirmedInTimeline: 'Verified despite:',
};
