import { describe, expect, it } from 'vitest';
import {
  differencesToConfirm,
  SCREENSHOT_USED_BEFORE,
  unconfirmedDifferences,
} from './payment-evidence';
import type { TReceiptCheck } from './receipt-check';

const read = (...kinds: Array<'amount_short' | 'unread' | 'reference_missing'>): TReceiptCheck => ({
  state: 'read',
  says: { amountPaisa: null, transactionId: null, paidAt: null },
  differences: kinds.map((kind) => ({ kind, text: `text of ${kind}` })),
});

describe('what an admin confirms before verifying', () => {
  it("lists a reused screenshot first, then the receipt's differences but its being unread", () => {
    expect(
      differencesToConfirm({
        screenshotCheck: 'duplicate',
        receipt: read('amount_short', 'unread', 'reference_missing'),
      }),
    ).toEqual([SCREENSHOT_USED_BEFORE, 'text of amount_short', 'text of reference_missing']);
  });

  it('asks nothing of a clear screenshot whose receipt agrees, is unread or still being read', () => {
    for (const receipt of [read(), read('unread'), { state: 'reading' } as const]) {
      expect(differencesToConfirm({ screenshotCheck: 'clear', receipt })).toEqual([]);
    }
    expect(differencesToConfirm({ screenshotCheck: 'checking', receipt: read() })).toEqual([]);
  });

  it('counts only the exact texts confirmed', () => {
    expect(unconfirmedDifferences(['a', 'b'], ['b', 'c'])).toEqual(['a']);
    expect(unconfirmedDifferences(['a'], ['A'])).toEqual(['a']);
    expect(unconfirmedDifferences([], [])).toEqual([]);
  });
});
