// What the check of a payment screenshot concludes: one rule per difference between what the
// receipt says (receipt-reading.ts) and what the order says, each in words for the Payments card
// (decision 022). OCR alone never clears an order: an edited screenshot reads perfectly.

import { z } from 'zod';
import { formatRs } from './money';
import { readAsReference } from './payment-reference';
import {
  RECEIPT_MIN_CHARACTERS,
  type ReceiptReading,
  type TReceiptOutcome,
} from './receipt-reading';

/** What the receipt is compared with. */
export interface ReceiptExpectation {
  grandTotalPaisa: number;
  paymentReference: string;
  /** When the order was placed, as a wall time of the campus: 'YYYY-MM-DDTHH:MM'. */
  placedAt: string;
  /** The campus's pay-to account number (its last four digits are compared). */
  payToAccountNumber: string;
  /** The payment references of other orders whose receipt shows the same transaction id. */
  transactionIdAlsoOn: readonly string[];
}

export const RECEIPT_DIFFERENCES = [
  'unread',
  'amount_missing',
  'amount_short',
  'amount_over',
  'reference_missing',
  'transaction_id_used',
  'paid_after_placing',
  'paid_long_before',
  'recipient_differs',
] as const;
export type TReceiptDifferenceKind = (typeof RECEIPT_DIFFERENCES)[number];

/** A receipt dated this much before the order was placed is someone's old transfer. */
export const RECEIPT_MAX_AGE_HOURS = 24;
/** Phone clocks and bank servers differ: a receipt this much after placing is still on time. */
const CLOCK_SLACK_MINUTES = 10;

const minutesOf = (wallTime: string) => Date.parse(`${wallTime}:00Z`) / 60_000;

type Rule = {
  kind: TReceiptDifferenceKind;
  /** The difference in words, or null when the receipt agrees (or says nothing of it). */
  says(reading: ReceiptReading, order: ReceiptExpectation): string | null;
};

/** The rules, in the order the card lists their differences. */
const RULES: readonly Rule[] = [
  {
    kind: 'amount_missing',
    says: (reading) => (reading.amount ? null : 'No amount found on the receipt.'),
  },
  {
    kind: 'amount_short',
    says: ({ amount }, order) =>
      amount && amount.value < order.grandTotalPaisa
        ? `Receipt says ${formatRs(amount.value)}; order is ${formatRs(order.grandTotalPaisa)} (${formatRs(order.grandTotalPaisa - amount.value)} short).`
        : null,
  },
  {
    kind: 'amount_over',
    says: ({ amount }, order) =>
      amount && amount.value > order.grandTotalPaisa
        ? `Receipt says ${formatRs(amount.value)}; order is ${formatRs(order.grandTotalPaisa)} (${formatRs(amount.value - order.grandTotalPaisa)} more).`
        : null,
  },
  {
    kind: 'reference_missing',
    says: ({ references }, order) => {
      if (references.some((read) => readAsReference(read, order.paymentReference))) return null;
      const other = references[0];
      return other
        ? `The receipt names ${other}, not this order's ${order.paymentReference}.`
        : `The payment reference ${order.paymentReference} is not on the receipt.`;
    },
  },
  {
    kind: 'transaction_id_used',
    says: ({ transactionId }, order) =>
      transactionId && order.transactionIdAlsoOn.length > 0
        ? `Transaction id ${transactionId.value} is also on the receipt of ${order.transactionIdAlsoOn.join(', ')}.`
        : null,
  },
  {
    kind: 'paid_after_placing',
    says: ({ paidAt }, order) =>
      paidAt && minutesOf(paidAt.value) > minutesOf(order.placedAt) + CLOCK_SLACK_MINUTES
        ? 'The receipt is dated after the order was placed.'
        : null,
  },
  {
    kind: 'paid_long_before',
    says: ({ paidAt }, order) =>
      paidAt && minutesOf(order.placedAt) - minutesOf(paidAt.value) > RECEIPT_MAX_AGE_HOURS * 60
        ? `The receipt is dated more than ${RECEIPT_MAX_AGE_HOURS} hours before the order.`
        : null,
  },
  {
    kind: 'recipient_differs',
    says: ({ recipientAccountEnding }, order) => {
      const ours = order.payToAccountNumber.replace(/\D/g, '').slice(-4);
      return recipientAccountEnding && ours.length === 4 && recipientAccountEnding.value !== ours
        ? `The receipt's recipient account ends in ${recipientAccountEnding.value}; the campus's ends in ${ours}.`
        : null;
    },
  },
];

export const ZReceiptDifference = z.object({ kind: z.enum(RECEIPT_DIFFERENCES), text: z.string() });
export type TReceiptDifference = z.infer<typeof ZReceiptDifference>;

/** What the Payments card shows of the receipt: being read, or what it says and every difference. */
export const ZReceiptCheck = z.discriminatedUnion('state', [
  z.object({ state: z.literal('reading') }),
  z.object({
    state: z.literal('read'),
    says: z.object({
      amountPaisa: z.number().int().nullable(),
      transactionId: z.string().nullable(),
      paidAt: z.string().nullable(),
    }),
    differences: z.array(ZReceiptDifference),
  }),
]);
export type TReceiptCheck = z.infer<typeof ZReceiptCheck>;

const NOT_READ: Record<Exclude<TReceiptOutcome, 'read'>, string> = {
  timeout: 'The screenshot could not be read in time.',
  'not-an-image': 'The screenshot could not be read: it is no picture.',
  'no-picture': 'The screenshot could not be read: it is gone from the store.',
};

const NOTHING_READ: ReceiptReading = {
  amount: null,
  transactionId: null,
  paidAt: null,
  recipientAccountEnding: null,
  references: [],
  characters: 0,
};

/** The card's receipt check, from the worker's reading (none yet: being read). */
export function receiptCheckOf(
  read: { outcome: TReceiptOutcome; reading: ReceiptReading | null } | null,
  order: ReceiptExpectation,
): TReceiptCheck {
  if (!read) return { state: 'reading' };
  const { reading } = read;
  return {
    state: 'read',
    says: {
      amountPaisa: reading?.amount?.value ?? null,
      transactionId: reading?.transactionId?.value ?? null,
      paidAt: reading?.paidAt?.value ?? null,
    },
    // A reading is kept with every 'read' outcome; the others have none.
    differences:
      read.outcome === 'read'
        ? receiptDifferences(reading ?? NOTHING_READ, order)
        : [{ kind: 'unread', text: NOT_READ[read.outcome] }],
  };
}

/**
 * Every difference between the receipt and the order, in the card's order; a picture with too
 * little text is 'unread' and nothing else. No difference is no proof of payment.
 */
export function receiptDifferences(
  reading: ReceiptReading,
  order: ReceiptExpectation,
): TReceiptDifference[] {
  if (reading.characters < RECEIPT_MIN_CHARACTERS) {
    return [
      { kind: 'unread', text: 'The screenshot could not be read: it holds too little text.' },
    ];
  }
  return RULES.flatMap((rule) => {
    const text = rule.says(reading, order);
    return text ? [{ kind: rule.kind, text }] : [];
  });
}
