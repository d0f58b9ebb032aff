// The price check's wire schemas (POST /api/bucket/prices); the re-pricing rules that read its
// answer are in cart-prices.ts, which the web's first paint loads without zod.
import * as z from 'zod/mini';
import { ZCartLine } from './entities';
import { isIdText, TEXT_MESSAGES } from './text';

/** The most lines one price check (and so one cart) may hold. */
const MAX_BUCKET_LINES = 100;

/** The items of a price check: which item each cart line is. */
const zItemRef = () => z.string().check(z.refine(isIdText, TEXT_MESSAGES.invalidId));
export const ZCartPricesRequest = z.object({
  lines: z
    .array(z.object({ itemId: zItemRef(), restaurantId: z.nullable(zItemRef()) }))
    .check(z.maxLength(MAX_BUCKET_LINES)),
});
export type TCartPricesRequest = z.infer<typeof ZCartPricesRequest>;

/** An item as it is now, in the shape of a cart line without its quantity. */
const ZCartItem = z.omit(ZCartLine, { quantity: true });

/** What the api answers: every item that still exists at its campus; a missing one is gone. */
const ZCartPricesResponse = z.object({
  ok: z.literal(true),
  items: z.array(ZCartItem),
});
export type TCartPricesResponse = z.infer<typeof ZCartPricesResponse>;
