import { z } from 'zod';
import { emailMatchesAnyDomain, formatDomainList, normaliseDomain } from './allowed-domains';
import { ZRound } from './batch-api';
import {
  CART_MESSAGES,
  cartItemTotalPaisa,
  isValidPersons,
  isWithinOrderLimit,
  MAX_LINE_QUANTITY,
  orderTotals,
} from './cart';
import { placeProblem, ZDeliveryPlace } from './delivery-places';
import { ZCartLine } from './entities';
import { ERROR_CATEGORIES } from './error-catalogue';
import {
  type FieldError,
  fieldError,
  isBlank,
  withValidator,
  zIdText,
  zRawText,
  zText,
} from './form-validation';
import { isValidPakistaniPhone } from './phone';
import { isIdText, isTokenText, TEXT_LIMITS, TEXT_MESSAGES } from './text';

/** Messages of the checkout rules (docs/product.md §4, §5), in the spec's order. */
/** Orders one person may place in a window: a few a day is normal; this only stops a script. */
export const CHECKOUT_LIMIT = { max: 20, minutes: 10 } as const;

export const CHECKOUT_MESSAGES = {
  emptyCart: 'Your cart is empty.',
  requiredFields: 'Please fill in all required fields.',
  phoneFormat: 'Phone number must be in Pakistani format: 0300-0000000',
  emailDomain: (domains: readonly string[]) => `Email must end with ${formatDomainList(domains)}`,
  selectUniversityAndCampus: 'Please select your university and campus from the navigation bar.',
  paymentFields: 'Please complete all online payment fields.',
  captchaRequired: 'Please complete the CAPTCHA.',
  invalidPersons: CART_MESSAGES.invalidPersons,
  lineQuantity: CART_MESSAGES.lineQuantity,
  orderTooLarge: CART_MESSAGES.orderTooLarge,
  itemUnavailable: CART_MESSAGES.itemUnavailable,
  outOfStock: CART_MESSAGES.outOfStock,
  pricesChanged: CART_MESSAGES.pricesChanged,
  thankYou: 'Thank you for shopping!',
  orderPlaced: 'Your order has been placed successfully.',
  tooManyOrders: `You can place at most ${CHECKOUT_LIMIT.max} orders in ${CHECKOUT_LIMIT.minutes} minutes. Please wait a few minutes and try again.`,
} as const;

/** The payment method of every order. */
export const PAYMENT_METHOD = 'Online Payment';

const checkoutShape = z.object({
  cartItems: z
    .array(ZCartLine)
    .nullish()
    .transform((lines) => lines ?? []),
  firstName: zText(),
  lastName: zText(),
  // One of the campus's delivery places (docs/decisions/026-delivery-places.md); none where the
  // campus keeps no list.
  placeId: zIdText().optional(),
  room: zText({ max: TEXT_LIMITS.room }),
  phone: zText({ max: TEXT_LIMITS.short }),
  email: zText({ max: TEXT_LIMITS.email }).transform((email) => email.toLowerCase()),
  persons: z.number(),
  specialInstruction: zText({ max: TEXT_LIMITS.instructions, multiline: true }),
  universityId: zIdText(),
  campusId: zIdText(),
  accountTitle: zText(),
  bankName: zText(),
  screenshot: z.unknown(),
  captcha: zRawText(),
  // The quote checkout showed (docs/decisions/025-held-quote.md): the order is its lines and prices.
  // Absent: the order is priced as it is placed, and refused if its total is not `grandTotal`.
  quoteId: zIdText().optional(),
  // The grand total in rupees the student saw and paid: the order is placed only at it.
  grandTotal: z
    .number({ error: ERROR_CATEGORIES.VALIDATION.message })
    .nonnegative(ERROR_CATEGORIES.VALIDATION.message),
});

/** Checkout values: the form, the cart and the navigation's university and campus. */
export type TCheckoutValues = Omit<z.input<typeof checkoutShape>, 'screenshot'> & {
  screenshot?: unknown;
};

/**
 * What checkout checks against: the allowed domains of the signed-in user's campus and, where the
 * form knows them, the delivery places of the campus ordered from (the api checks the place inside
 * the placement transaction instead, against the list as it is then).
 */
export type CheckoutContext = {
  allowedDomains: readonly string[];
  places?: readonly { id: string }[];
};

function hasScreenshot(screenshot: unknown): boolean {
  if (screenshot === null || screenshot === undefined) return false;
  return typeof screenshot !== 'string' || screenshot.trim() !== '';
}

/**
 * The checkout form's own fields, which a rule of docs/product.md §5 steps 2–4 and 6–7 is about.
 */
type CheckoutFields = Pick<
  TCheckoutValues,
  | 'firstName'
  | 'lastName'
  | 'placeId'
  | 'phone'
  | 'email'
  | 'screenshot'
  | 'accountTitle'
  | 'bankName'
  | 'captcha'
>;

/**
 * docs/product.md §5 steps 2–4, about the person: every broken rule, at its field, in the spec's
 * order.
 */
function personProblems(values: CheckoutFields, context: CheckoutContext): FieldError[] {
  const problems: FieldError[] = [];
  for (const field of ['firstName', 'lastName', 'phone', 'email'] as const) {
    if (isBlank(values[field])) problems.push(fieldError(field, CHECKOUT_MESSAGES.requiredFields));
  }
  const place = context.places && placeProblem(values.placeId || undefined, context.places);
  if (place) problems.push(fieldError('placeId', place));
  if (!isBlank(values.phone) && !isValidPakistaniPhone(values.phone ?? '')) {
    problems.push(fieldError('phone', CHECKOUT_MESSAGES.phoneFormat));
  }
  const domains = context.allowedDomains.map(normaliseDomain).filter((d) => d !== '');
  const email = values.email ?? '';
  if (!isBlank(email) && domains.length > 0 && !emailMatchesAnyDomain(email, domains)) {
    problems.push(fieldError('email', CHECKOUT_MESSAGES.emailDomain(domains)));
  }
  return problems;
}

/**
 * docs/product.md §5 steps 6–7, the payment and the captcha: every broken rule, at its field, in
 * order.
 */
function paymentProblems(values: CheckoutFields): FieldError[] {
  const problems: FieldError[] = [];
  if (!hasScreenshot(values.screenshot)) {
    problems.push(fieldError('screenshot', CHECKOUT_MESSAGES.paymentFields));
  }
  for (const field of ['accountTitle', 'bankName'] as const) {
    if (isBlank(values[field])) problems.push(fieldError(field, CHECKOUT_MESSAGES.paymentFields));
  }
  if (isBlank(values.captcha))
    problems.push(fieldError('captcha', CHECKOUT_MESSAGES.captchaRequired));
  return problems;
}

/**
 * Every broken rule of the checkout form's own fields (docs/product.md §5 steps 2–4, 6–7), each at
 * its field, in the spec's order: a form shows them all at once. validateCheckout names the first.
 */
export function checkoutFieldProblems(
  values: CheckoutFields,
  context: CheckoutContext,
): FieldError[] {
  return [...personProblems(values, context), ...paymentProblems(values)];
}

/**
 * Checkout rules in the order of docs/product.md §5 steps 1–7, then persons (a whole number from 1
 * to 50), then the size of the order: at most MAX_LINE_QUANTITY of one item, at most
 * MAX_ORDER_TOTAL_PAISA. The e-mail domain rule (step 4) is skipped when the campus has no allowed
 * domain. The screenshot may be a File (web form) or an upload reference (api); it only has to be
 * present. The first broken rule, or null.
 */
export function validateCheckout(
  values: TCheckoutValues,
  context: CheckoutContext,
): FieldError | null {
  if (!values.cartItems || values.cartItems.length === 0) {
    return fieldError('cartItems', CHECKOUT_MESSAGES.emptyCart);
  }
  const [person] = personProblems(values, context);
  if (person) return person;
  if (isBlank(values.universityId) || isBlank(values.campusId)) {
    return fieldError(
      isBlank(values.universityId) ? 'universityId' : 'campusId',
      CHECKOUT_MESSAGES.selectUniversityAndCampus,
    );
  }
  const [payment] = paymentProblems(values);
  if (payment) return payment;
  if (!isValidPersons(values.persons)) {
    return fieldError('persons', CHECKOUT_MESSAGES.invalidPersons);
  }
  const tooMany = values.cartItems.find((line) => line.quantity > MAX_LINE_QUANTITY);
  if (tooMany) return fieldError('cartItems', CHECKOUT_MESSAGES.lineQuantity(tooMany.name));
  const { grandTotal } = orderTotals(cartItemTotalPaisa(values.cartItems), values.persons);
  if (!isWithinOrderLimit(grandTotal)) {
    return fieldError('cartItems', CHECKOUT_MESSAGES.orderTooLarge);
  }
  return null;
}

/**
 * The checkout form and request body. `screenshot` defaults to any present value; the api passes
 * its own schema for it (e.g. an upload id: z.string()).
 */
export function createCheckoutSchema<S extends z.ZodType = z.ZodUnknown>(
  context: CheckoutContext,
  screenshot?: S,
) {
  const shape = checkoutShape.extend({ screenshot: (screenshot ?? z.unknown()) as S });
  return withValidator(shape, (values) => validateCheckout(values, context));
}
export type TCheckoutForm = z.output<ReturnType<typeof createCheckoutSchema>>;

/**
 * The bank account students pay into (docs/architecture.md §7): per campus, or the configured
 * default.
 */
export const ZPayTo = z.object({
  accountTitle: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
});
export type TPayTo = z.infer<typeof ZPayTo>;

/** The account a campus is paid to: its own when complete (half an account pays no one), else the default. */
export function payToOf(
  campus: { accountTitle: string | null; bankName: string | null; accountNumber: string | null },
  fallback: TPayTo,
): TPayTo {
  const { accountTitle, bankName, accountNumber } = campus;
  return accountTitle && bankName && accountNumber
    ? { accountTitle, bankName, accountNumber }
    : fallback;
}

/**
 * What /checkout loads: the campus's pay-to account, the payment reference and the e-mail domains
 * checkout allows.
 */
export const ZCheckoutContextResponse = z.object({
  ok: z.literal(true),
  payTo: ZPayTo,
  /**
   * The reference to put in the transfer's note, the one the order placed next takes; null when
   * no campus of that id exists.
   */
  paymentReference: z.string().nullable(),
  allowedDomains: z.array(z.string()),
  /** The campus's delivery places, in the order offered; empty: the room alone says where. */
  places: z.array(ZDeliveryPlace),
  /** What the person gave on their last order, offered on this one (editable); null before any. */
  lastDetails: z
    .object({
      /** The place of the last order, when it is still one of this campus's places. */
      placeId: z.string().nullable(),
      phone: z.string(),
      room: z.string(),
      accountTitle: z.string(),
      bankName: z.string(),
    })
    .nullable(),
});
export type TCheckoutContextResponse = z.infer<typeof ZCheckoutContextResponse>;

/**
 * An idempotency key: the same key from the same person always means the same order. The web
 * sends a UUID; any 8 to 100 URL-safe characters are accepted.
 */
export const ZIdempotencyKey = z
  .string({ error: ERROR_CATEGORIES.VALIDATION.message })
  .trim()
  .refine((key) => isTokenText(key, 8, 100), ERROR_CATEGORIES.VALIDATION.message);

/** What POST /api/orders answers: the order placed (201), or the one the same submission placed. */
export const ZPlaceOrderResponse = z.object({
  ok: z.literal(true),
  orderId: z.string(),
  /** The short code of the order, for the transfer's note (shared/domain/payment-reference.ts). */
  paymentReference: z.string(),
  /** The delivery round the order joined (null: its campus runs no rounds), in `timeZone`. */
  round: ZRound.nullable(),
  timeZone: z.string(),
});
export type TPlaceOrderResponse = z.infer<typeof ZPlaceOrderResponse>;

/** POST /submit-order (docs/product.md §7): the order whose notify job to queue. */
export const ZSubmitOrderRequest = z.object({
  orderId: z.string(TEXT_MESSAGES.invalidId).trim().refine(isIdText, TEXT_MESSAGES.invalidId),
});
export type TSubmitOrderRequest = z.infer<typeof ZSubmitOrderRequest>;

/** What POST /submit-order answers (202): the order and its notify job. */
export const ZSubmitOrderResponse = z.object({
  ok: z.literal(true),
  orderId: z.string(),
  jobId: z.string(),
});
export type TSubmitOrderResponse = z.infer<typeof ZSubmitOrderResponse>;
