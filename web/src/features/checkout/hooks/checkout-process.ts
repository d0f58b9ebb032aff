// The checkout's processing (docs/product.md §4): validate, check prices and stock, compress and
// upload the screenshot, check the restaurants are open on the device clock, then place the order.
// Plain functions with their effects passed in, so the order of the steps and the request shapes
// are tested without a browser.

import { AppError } from '@campus/shared/domain/app-error';
import type { NewCartLine } from '@campus/shared/domain/cart';
import { cartCheckMessage } from '@campus/shared/domain/cart-check';
import {
  type CheckoutContext,
  checkoutFieldProblems,
  createCheckoutSchema,
  type TCheckoutForm,
  type TCheckoutValues,
} from '@campus/shared/domain/checkout';
import type { TCartLine } from '@campus/shared/domain/entities';
import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { findClosedRestaurantMessage } from '@campus/shared/domain/restaurant-hours';
import { sniffImageFormat, UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import type { TUpload } from '@/lib/upload-screenshot';
import type { TOrderRequest, TPlacedOrderAnswer } from '../api/checkout-api';

/** What processing is doing now, for the visible processing state. */
export type CheckoutStep =
  | 'checking-prices'
  | 'compressing'
  | 'uploading'
  | 'checking-hours'
  | 'placing-order';

/** The processing state's text for each step. */
export const CHECKOUT_STEP_LABELS: Record<CheckoutStep, string> = {
  'checking-prices': 'Checking prices and stock...',
  compressing: 'Compressing your screenshot...',
  uploading: 'Uploading your screenshot...',
  'checking-hours': 'Checking that the restaurants are open...',
  'placing-order': 'Placing your order...',
};

/** The effects processing needs; the screen passes the real ones, tests pass fakes. */
export interface CheckoutEffects {
  /** What each cart item is now (the api's price check); gone items are left out. */
  cartItemsNow(cart: readonly TCartLine[]): Promise<NewCartLine[]>;
  /** Shows the cart at the prices the check found. */
  reprice(items: readonly NewCartLine[]): void;
  compress(file: File): Promise<File>;
  upload(file: File): Promise<TUpload>;
  submitOrder(body: TOrderRequest): Promise<TPlacedOrderAnswer>;
  /** The device clock. */
  now(): Date;
  /** A fresh idempotency key. */
  newKey(): string;
}

export type CheckoutCheck =
  | { ok: true; form: TCheckoutForm }
  | { ok: false; message: string; field: string | null };

/**
 * The checkout rules of docs/product.md §5 in their order, through the shared schema: the first
 * broken rule's message, or the checked (trimmed) values.
 */
export function checkCheckout(values: TCheckoutValues, context: CheckoutContext): CheckoutCheck {
  const parsed = createCheckoutSchema(context).safeParse(values);
  if (parsed.success) return { ok: true, form: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: issue?.message ?? ERROR_CATEGORIES.VALIDATION.message,
    field: issue?.path.length ? String(issue.path[0]) : null,
  };
}

/** The checkout form's fields that a rule of docs/product.md §5 Checkout is about. */
export type CheckoutFieldValues = Required<
  Pick<
    TCheckoutValues,
    | 'firstName'
    | 'lastName'
    | 'placeId'
    | 'phone'
    | 'email'
    | 'accountTitle'
    | 'bankName'
    | 'captcha'
  >
> & { screenshot: File | null };

/** A message for each field of the form that breaks its rule. */
export type CheckoutFieldErrors = Partial<Record<keyof CheckoutFieldValues, string>>;

/**
 * The rules of docs/product.md §5 Checkout about one field of the form, with their spec texts,
 * every broken one at its field, so that the form shows them all at once. The rules about the
 * cart and the campus are checkCheckout's, which checks everything again in the spec's order on
 * submit.
 */
export async function checkoutFieldErrors(
  values: CheckoutFieldValues,
  context: CheckoutContext,
): Promise<CheckoutFieldErrors> {
  const errors: CheckoutFieldErrors = {};
  for (const problem of checkoutFieldProblems(values, context)) {
    const field = problem.field as keyof CheckoutFieldValues;
    errors[field] ??= problem.message;
  }
  if (values.screenshot && !(await isImageFile(values.screenshot))) {
    errors.screenshot = UPLOAD_MESSAGES.notAnImage;
  }
  return errors;
}

/** The POST /api/orders body: exactly the checkout fields, the upload id and the key. */
function buildOrderRequest(
  form: TCheckoutForm,
  uploadId: string,
  idempotencyKey: string,
): TOrderRequest {
  return {
    idempotencyKey,
    cartItems: form.cartItems,
    firstName: form.firstName,
    lastName: form.lastName,
    placeId: form.placeId,
    room: form.room,
    phone: form.phone,
    email: form.email,
    persons: form.persons,
    specialInstruction: form.specialInstruction,
    universityId: form.universityId,
    campusId: form.campusId,
    accountTitle: form.accountTitle,
    bankName: form.bankName,
    screenshot: uploadId,
    captcha: form.captcha,
    grandTotal: form.grandTotal,
    quoteId: form.quoteId,
  };
}

const notAnImage = () =>
  new AppError({
    code: 'not-an-image',
    status: 400,
    userMessage: UPLOAD_MESSAGES.notAnImage,
    fields: { screenshot: UPLOAD_MESSAGES.notAnImage },
  });

/**
 * The image helper's rule (docs/product.md §5 Admin): of image type; and, as the server will check,
 * an image the server takes by its first bytes (a renamed text file is not).
 */
async function isImageFile(file: Blob): Promise<boolean> {
  if (!/^image\//.test(file.type)) return false;
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffImageFormat(head) !== null;
}

/** The screenshot as a File, once it is a Blob that is an image (isImageFile). */
async function screenshotFile(screenshot: unknown): Promise<File> {
  if (!(screenshot instanceof Blob)) {
    throw new AppError({ code: 'not-a-file', status: 400, userMessage: UPLOAD_MESSAGES.notABlob });
  }
  if (!(await isImageFile(screenshot))) throw notAnImage();
  return screenshot instanceof File
    ? screenshot
    : new File([screenshot], 'screenshot', { type: screenshot.type });
}

async function compressed(effects: CheckoutEffects, file: File): Promise<File> {
  try {
    return await effects.compress(file);
  } catch (cause) {
    // The library's own texts (canvas, worker) are not for people; the spec's upload message is.
    throw new AppError({
      code: 'image-compression-failed',
      status: 400,
      userMessage: UPLOAD_MESSAGES.uploadFailed,
      logMessage: `screenshot compression failed: ${String(cause)}`,
      cause,
    });
  }
}

export interface CheckoutProcess {
  /**
   * Processes checked values; resolves with the order id or throws what to show. `onStep` hears
   * each step as it starts.
   */
  run(form: TCheckoutForm, onStep?: (step: CheckoutStep) => void): Promise<TPlacedOrderAnswer>;
  /** The key the next attempt sends: kept from the first submit until an order is placed. */
  readonly idempotencyKey: string | null;
}

/**
 * One checkout's processing. The idempotency key is made at the first submit and reused by every
 * retry (a lost answer must not make a second order), and dropped once an order is placed.
 */
export function createCheckoutProcess(effects: CheckoutEffects): CheckoutProcess {
  let key: string | null = null;
  return {
    get idempotencyKey() {
      return key;
    },
    async run(form, onStep = () => undefined) {
      key ??= effects.newKey();
      const file = await screenshotFile(form.screenshot);
      // A quote holds the prices and stock it checked (docs/decisions/025-held-quote.md); without
      // one, they are checked before any payment step: what changed is said now.
      if (!form.quoteId) {
        onStep('checking-prices');
        const items = await effects.cartItemsNow(form.cartItems);
        effects.reprice(items);
        const changed = cartCheckMessage(form.cartItems, items, form);
        if (changed)
          throw new AppError({ code: 'bucket-changed', status: 409, userMessage: changed });
      }
      onStep('compressing');
      const small = await compressed(effects, file);
      onStep('uploading');
      const upload = await effects.upload(small);
      onStep('checking-hours');
      const closed = findClosedRestaurantMessage(form.cartItems, effects.now());
      if (closed) {
        throw new AppError({ code: 'restaurant-closed', status: 409, userMessage: closed });
      }
      onStep('placing-order');
      const answer = await effects.submitOrder(buildOrderRequest(form, upload.id, key));
      key = null;
      return answer;
    },
  };
}
