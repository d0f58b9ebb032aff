import { z } from 'zod';
import { orderTotals } from './cart';
import { CHECKOUT_MESSAGES } from './checkout';
import { ZCartLine } from './entities';
import { zIdText } from './form-validation';
import { formatRs } from './money';
import { formatTime12h } from './time-of-day';
import { minutesOfDay } from './time-zone';

// The quote held before payment (docs/decisions/025-held-quote.md): checkout shows the amount to
// transfer only from a quote, and the order placed with it charges what the quote said.

/** How long a quote holds its prices and mart stock unless QUOTE_HOLD_MINUTES says otherwise. */
export const QUOTE_HOLD_MINUTES = 20;

/** What checkout asks a quote for: the cart as it is and the campus ordered from. */
export const ZQuoteRequest = z.object({
  universityId: zIdText(),
  campusId: zIdText(),
  cartItems: z.array(ZCartLine).min(1, CHECKOUT_MESSAGES.emptyCart).max(100),
});
export type TQuoteRequest = z.infer<typeof ZQuoteRequest>;

/** Why a cart line is not in the quote as the cart had it. */
export const QUOTE_CHANGE_KINDS = ['price', 'fewer', 'soldOut', 'closed', 'removed'] as const;

/** A line of the cart that the quote changed, with what to tell the student. */
export const ZQuoteChange = z.object({
  name: z.string(),
  kind: z.enum(QUOTE_CHANGE_KINDS),
  message: z.string(),
});
export type TQuoteChange = z.infer<typeof ZQuoteChange>;

/** A held quote: its lines as the order will have them, and until when it holds them. */
export const ZQuote = z.object({
  id: z.string(),
  campusId: z.string(),
  expiresAt: z.iso.datetime(),
  /** How long it holds from the answer: a countdown on the device clock, however far off it is. */
  heldForSeconds: z.int().nonnegative(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      restaurantId: z.string().nullable(),
      restaurantName: z.string(),
      name: z.string(),
      unitPricePaisa: z.int(),
      quantity: z.int(),
    }),
  ),
  itemTotalPaisa: z.int(),
  /** A person's delivery charge: the grand total is quoteTotals(quote, persons). */
  deliveryChargePaisa: z.int(),
});
export type TQuote = z.infer<typeof ZQuote>;

/** What POST /api/checkout/quote answers: the quote (null when nothing can be ordered) and what it changed. */
export const ZQuoteResponse = z.object({
  ok: z.literal(true),
  quote: ZQuote.nullable(),
  changes: z.array(ZQuoteChange),
});
export type TQuoteResponse = z.infer<typeof ZQuoteResponse>;

/** The totals of a quote for a number of persons: the same rule as the cart's and the order's. */
export function quoteTotals(quote: Pick<TQuote, 'itemTotalPaisa'>, persons: number) {
  return orderTotals(quote.itemTotalPaisa, persons);
}

/** The time a quote has left, as 'm:ss'. */
export function timeLeftText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export const QUOTE_MESSAGES = {
  price: (name: string, fromPaisa: number, toPaisa: number) =>
    `${name} is now ${formatRs(toPaisa)} (was ${formatRs(fromPaisa)}).`,
  fewer: (name: string, left: number) => `Only ${left} of ${name} left: your order has ${left}.`,
  soldOut: (name: string) => `${name} sold out and was taken out.`,
  closed: (name: string, restaurant: string) =>
    `${name} was taken out: ${restaurant} is closed now.`,
  removed: (name: string) => `${name} is no longer available and was taken out.`,
  changedTitle: 'Changed since you filled your bucket:',
  newTotal: (paisa: number) => `Your new total is ${formatRs(paisa)}.`,
  acceptChanges: 'Update my bucket',
  nothingLeft: 'Nothing in your bucket can be ordered now.',
  heldFor: (left: string) => `Prices and stock held for you for ${left}.`,
  expiredOnScreen: 'The prices held for you ran out. Get a fresh quote before you transfer.',
  freshQuote: 'Get a fresh quote',
  quoteFirst:
    'Your amount to transfer is not held yet: see the payment section (take the changes, or get a fresh quote).',
  nothingChanged: 'Nothing changed: the same items at the same prices.',
  // Placing an order with a quote that cannot be used.
  expired: (at: Date, timeZone: string) =>
    `The prices held for you ran out at ${formatTime12h(minutesOfDay(at, timeZone))}. Get a fresh quote; it says if anything changed.`,
  replaced: 'A newer quote (another tab?) replaced this one. Get a fresh quote.',
  used: (reference: string) =>
    `This quote has already placed order ${reference}. You can see it in My Orders.`,
  notYours: 'This quote belongs to another account. Get a fresh quote.',
  otherCampus: 'This quote is for another campus. Get a fresh quote.',
  unknown: 'This quote does not exist. Get a fresh quote.',
  totalDiffers: (paisa: number) =>
    `The total on your screen is not your quote's. Your quote's total is ${formatRs(paisa)}.`,
} as const;
