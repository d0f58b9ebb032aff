// Refunds (decision 024): money the campus owes a student for an order, due until an admin sends
// it back and says with which transfer. Amounts are integer paisa, as everywhere.

import { z } from 'zod';
import { zIdText, zText } from './form-validation';
import { formatRs } from './money';
import { TEXT_LIMITS } from './text';
import { DEFAULT_TIME_ZONE, formatShortTimestamp } from './time-zone';

export const REFUND_STATES = ['due', 'sent'] as const;
export type TRefundState = (typeof REFUND_STATES)[number];

export const REFUND_PATHS = {
  /** GET: the campus's refunds (?universityId&campusId); a super admin naming none: every one. */
  list: '/api/admin/refunds',
  /** POST: a refund due recorded by an admin for the campus's order of a payment reference. */
  recordByReference: '/api/admin/refunds',
  /** POST: a refund due recorded by an admin for an order. */
  record: (orderId: string) => `/api/admin/orders/${encodeURIComponent(orderId)}/refund`,
  /** POST: the refund was sent back, with the transfer's reference. */
  sent: (refundId: string) => `/api/admin/refunds/${encodeURIComponent(refundId)}/sent`,
} as const;

export const ZRefund = z.object({
  id: z.string(),
  orderId: z.string(),
  paymentReference: z.string(),
  studentName: z.string(),
  amountPaisa: z.number().int().positive(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  recordedAt: z.string(),
  sentAt: z.string().nullable(),
  sentReference: z.string().nullable(),
  /** The campus owing it, and the zone its times are told in. */
  campusName: z.string(),
  timeZone: z.string(),
});
export type TRefund = z.infer<typeof ZRefund>;

export const ZRefundsResponse = z.object({ ok: z.literal(true), refunds: z.array(ZRefund) });
export type TRefundsResponse = z.infer<typeof ZRefundsResponse>;
export const ZRefundResponse = z.object({ ok: z.literal(true), refund: ZRefund });
export type TRefundResponse = z.infer<typeof ZRefundResponse>;

/** An admin's refund due for an order: its amount in paisa (an over-payment's excess) and why. */
const AMOUNT_MESSAGE = 'Please give the amount in rupees, like 250 or 250.50.';

export const ZRecordRefundRequest = z.object({
  amountPaisa: z
    .number(AMOUNT_MESSAGE)
    .int(AMOUNT_MESSAGE)
    .positive(AMOUNT_MESSAGE)
    .max(100_000_000, 'A refund is at most Rs 1,000,000.00.'),
  reason: zText({ max: TEXT_LIMITS.instructions, multiline: true }).refine(
    (reason) => reason !== '',
    'Please say why the refund is due.',
  ),
});

/** The Refunds tab's form: a refund due for the campus's order of a payment reference. */
export const ZRecordRefundByReferenceRequest = z.object({
  universityId: zIdText(),
  campusId: zIdText(),
  paymentReference: zText({ max: TEXT_LIMITS.name }).refine(
    (reference) => reference !== '',
    'Please give the payment reference of the order (CB-…).',
  ),
  ...ZRecordRefundRequest.shape,
});
export type TRecordRefundByReferenceRequest = z.infer<typeof ZRecordRefundByReferenceRequest>;

/** The transfer that sent a refund back: its reference as the bank app shows it. */
export const ZRefundSentRequest = z.object({
  reference: zText({ max: TEXT_LIMITS.name }).refine(
    (reference) => reference !== '',
    'Please give the reference of the transfer that sent it back.',
  ),
});

export const REFUND_MESSAGES = {
  alreadyRecorded: 'This order already has a refund.',
  noOrderOf: (reference: string) =>
    `No order of this campus has the payment reference ${reference}.`,
  alreadySent: (at: Date, reference: string, timeZone: string = DEFAULT_TIME_ZONE) =>
    `This refund was already sent on ${formatShortTimestamp(at, timeZone)}, ref ${reference}.`,
  refundedAlready: (at: Date, reference: string, timeZone: string = DEFAULT_TIME_ZONE) =>
    `This order's payment was sent back on ${formatShortTimestamp(at, timeZone)} (ref ${reference}): it cannot wait for a payment check again. The student can order anew.`,
  /** Why the app recorded one itself. */
  paidThen: (state: 'cancelled' | 'rejected') =>
    `The order was ${state} after its payment arrived.`,
} as const;

/** What the student's order page says of its refund. */
export function refundText(
  refund: {
    amountPaisa: number;
    state: TRefundState;
    sentAt: string | null;
    sentReference: string | null;
  },
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const amount = `Refund of ${formatRs(refund.amountPaisa)}`;
  if (refund.state === 'due' || !refund.sentAt) return `${amount}: due`;
  return `${amount}: sent on ${formatShortTimestamp(new Date(refund.sentAt), timeZone)}, ref ${refund.sentReference ?? ''}`;
}
