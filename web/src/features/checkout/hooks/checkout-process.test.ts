import { CART_MESSAGES, type NewCartLine } from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES, type TCheckoutValues } from '@campus/shared/domain/checkout';
import type { TCartLine } from '@campus/shared/domain/entities';
import {
  appErrorFromResponse,
  formatError,
  networkError,
} from '@campus/shared/domain/error-catalogue';
import { buildCartLine } from '@campus/shared/domain/test-builders';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import { describe, expect, it } from 'vitest';
import type { TOrderRequest } from '../api/checkout-api';
import {
  type CheckoutEffects,
  type CheckoutFieldValues,
  type CheckoutStep,
  checkCheckout,
  checkoutFieldErrors,
  createCheckoutProcess,
} from './checkout-process';

// Burger Lab (the builder's restaurant) is open 10 AM–10 PM, Karachi time (UTC+5).
const NOON_IN_KARACHI = new Date('2026-01-10T07:00:00Z');
const ONE_AM_IN_KARACHI = new Date('2026-01-10T20:00:00Z');

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (name = 'receipt.png') =>
  new File([new Uint8Array([...PNG_SIGNATURE, 1, 2, 3])], name, { type: 'image/png' });

function buildValues(overrides: Partial<TCheckoutValues> = {}): TCheckoutValues {
  return {
    cartItems: [
      buildCartLine({ quantity: 2 }),
      buildCartLine({
        name: 'Water',
        price: 60,
        restaurantName: 'Mart',
        restaurantData: undefined,
        restaurantId: null,
        itemId: 'w1',
        stock: 10,
      }),
    ],
    firstName: ' Ayesha ',
    lastName: 'Student',
    room: 'Iqbal Hall 214',
    phone: '0300-1234567',
    email: 'Ayesha@LHR.example.edu',
    persons: 2,
    specialInstruction: 'Ring twice',
    universityId: 'u1',
    campusId: 'c1',
    accountTitle: 'Ayesha Student',
    bankName: 'HBL',
    screenshot: png(),
    captcha: 'altcha-payload',
    // 2 × Rs 450 + Rs 60, and Rs 130 for each of 2 persons.
    grandTotal: 1220,
    ...overrides,
  };
}

/** The cart's items as the api says they are now: as in the cart, with changes. */
const itemsNow = (cart: readonly TCartLine[], change: Partial<NewCartLine> = {}, of = 'm1') =>
  cart.map(({ quantity: _quantity, ...item }) =>
    item.itemId === of ? { ...item, ...change } : item,
  );

const context = { allowedDomains: ['@lhr.example.edu'] };

function checked(overrides: Partial<TCheckoutValues> = {}) {
  const result = checkCheckout(buildValues(overrides), context);
  if (!result.ok) throw new Error(`expected valid values, got: ${result.message}`);
  return result.form;
}

/** Fake effects that record what processing did, in order. */
function fakeEffects(overrides: Partial<CheckoutEffects> = {}) {
  const calls: string[] = [];
  const orders: TOrderRequest[] = [];
  const uploads: File[] = [];
  let keys = 0;
  const repriced: NewCartLine[][] = [];
  const effects: CheckoutEffects = {
    cartItemsNow: async (cart) => {
      calls.push('prices');
      return itemsNow(cart);
    },
    reprice: (items) => repriced.push([...items]),
    compress: async (file) => {
      calls.push('compress');
      return new File([file], file.name, { type: 'image/jpeg' });
    },
    upload: async (file) => {
      calls.push('upload');
      uploads.push(file);
      return { id: `upload-${uploads.length}`, url: `/uploads/${uploads.length}.jpg` };
    },
    submitOrder: async (body) => {
      calls.push('order');
      orders.push(body);
      return {
        orderId: `order-${orders.length}`,
        paymentReference: 'CB-7K3QM',
        round: null,
        timeZone: 'Asia/Karachi',
      };
    },
    now: () => NOON_IN_KARACHI,
    newKey: () => `key-${++keys}`,
    ...overrides,
  };
  return { effects, calls, orders, uploads, repriced };
}

describe('checkCheckout', () => {
  it.each([
    [{ cartItems: [] }, CHECKOUT_MESSAGES.emptyCart],
    [{ phone: '' }, CHECKOUT_MESSAGES.requiredFields],
    [{ phone: '0300-123' }, CHECKOUT_MESSAGES.phoneFormat],
    [{ email: 'ayesha@gmail.com' }, 'Email must end with @lhr.example.edu'],
    [{ campusId: '' }, CHECKOUT_MESSAGES.selectUniversityAndCampus],
    [{ screenshot: null }, CHECKOUT_MESSAGES.paymentFields],
    [{ bankName: ' ' }, CHECKOUT_MESSAGES.paymentFields],
    [{ captcha: '' }, CHECKOUT_MESSAGES.captchaRequired],
  ])('%o gives the spec message %s', (change, message) => {
    expect(checkCheckout(buildValues(change), context)).toMatchObject({ ok: false, message });
  });

  it('reports only the first broken rule, in the spec order', () => {
    const result = checkCheckout(
      buildValues({ phone: '12', screenshot: null, captcha: '', universityId: '' }),
      context,
    );
    expect(result).toEqual({ ok: false, message: CHECKOUT_MESSAGES.phoneFormat, field: 'phone' });
  });

  it('gives the values as the api reads them: trimmed, e-mail in lower case', () => {
    const form = checked();
    expect(form.firstName).toBe('Ayesha');
    expect(form.email).toBe('ayesha@lhr.example.edu');
  });
});

describe('checkoutFieldErrors', () => {
  const fieldValues = (overrides: Partial<CheckoutFieldValues> = {}): CheckoutFieldValues => ({
    firstName: 'Ayesha',
    lastName: 'Student',
    placeId: '',
    phone: '0300-1234567',
    email: 'ayesha@lhr.example.edu',
    accountTitle: 'Ayesha Student',
    bankName: 'HBL',
    screenshot: png(),
    captcha: 'altcha-payload',
    ...overrides,
  });

  it('finds nothing wrong with values that hold', async () => {
    expect(await checkoutFieldErrors(fieldValues(), context)).toEqual({});
  });

  it('gives every broken field its spec message at once', async () => {
    const errors = await checkoutFieldErrors(
      fieldValues({
        firstName: ' ',
        phone: '0300-123',
        email: 'ayesha@gmail.com',
        screenshot: null,
        bankName: '',
        captcha: '',
      }),
      context,
    );
    expect(errors).toEqual({
      firstName: CHECKOUT_MESSAGES.requiredFields,
      phone: CHECKOUT_MESSAGES.phoneFormat,
      email: 'Email must end with @lhr.example.edu',
      screenshot: CHECKOUT_MESSAGES.paymentFields,
      bankName: CHECKOUT_MESSAGES.paymentFields,
      captcha: CHECKOUT_MESSAGES.captchaRequired,
    });
  });

  it('refuses a file named like a picture whose bytes are not one', async () => {
    const renamed = new File(['not a picture'], 'receipt.png', { type: 'image/png' });
    expect(await checkoutFieldErrors(fieldValues({ screenshot: renamed }), context)).toEqual({
      screenshot: UPLOAD_MESSAGES.notAnImage,
    });
  });
});

describe('checkout processing', () => {
  it('checks prices, compresses, uploads, checks the hours, then sends the order with the upload id', async () => {
    const { effects, calls, orders, uploads } = fakeEffects();
    const steps: CheckoutStep[] = [];
    const form = checked();
    const answer = await createCheckoutProcess(effects).run(form, (step) => steps.push(step));

    expect(answer).toEqual({
      orderId: 'order-1',
      paymentReference: 'CB-7K3QM',
      round: null,
      timeZone: 'Asia/Karachi',
    });
    expect(calls).toEqual(['prices', 'compress', 'upload', 'order']);
    expect(steps).toEqual([
      'checking-prices',
      'compressing',
      'uploading',
      'checking-hours',
      'placing-order',
    ]);
    expect(uploads[0]?.type).toBe('image/jpeg');
    expect(orders).toEqual([
      {
        idempotencyKey: 'key-1',
        cartItems: form.cartItems,
        firstName: 'Ayesha',
        lastName: 'Student',
        room: 'Iqbal Hall 214',
        phone: '0300-1234567',
        email: 'ayesha@lhr.example.edu',
        persons: 2,
        specialInstruction: 'Ring twice',
        universityId: 'u1',
        campusId: 'c1',
        accountTitle: 'Ayesha Student',
        bankName: 'HBL',
        screenshot: 'upload-1',
        captcha: 'altcha-payload',
        grandTotal: 1220,
      },
    ]);
    expect(orders[0]?.cartItems.map((line) => [line.name, line.quantity])).toEqual([
      ['Zinger Burger', 2],
      ['Water', 1],
    ]);
  });

  it('stops before the order when a restaurant is closed on the device clock', async () => {
    const { effects, calls } = fakeEffects({ now: () => ONE_AM_IN_KARACHI });
    const failure = await createCheckoutProcess(effects)
      .run(checked())
      .catch((error: unknown) => error);
    expect(formatError(failure).message).toBe(
      'Sorry, Burger Lab is currently closed. Please order after 10:00 AM.',
    );
    // docs/product.md §4: the upload comes first, then the open check; the order is never sent.
    expect(calls).toEqual(['prices', 'compress', 'upload']);
  });

  it('leaves prices and stock to the quote held, and sends it with the order', async () => {
    // A changed price since: the quote holds the one it showed.
    const { effects, calls, orders } = fakeEffects({
      now: () => NOON_IN_KARACHI,
      cartItemsNow: async (cart) => itemsNow(cart, { price: 999 }),
    });
    const steps: CheckoutStep[] = [];
    await createCheckoutProcess(effects).run(checked({ quoteId: 'quote-1' }), (step) =>
      steps.push(step),
    );
    expect(calls).toEqual(['compress', 'upload', 'order']);
    expect(steps).toEqual(['compressing', 'uploading', 'checking-hours', 'placing-order']);
    expect(orders[0]?.quoteId).toBe('quote-1');
  });

  it('refuses a file that is not an image with the spec text, before any upload', async () => {
    const { effects, calls } = fakeEffects();
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    const failure = await createCheckoutProcess(effects)
      .run(checked({ screenshot: text }))
      .catch((error: unknown) => error);
    expect(formatError(failure).message).toBe('The file given is not an image');
    expect(formatError(failure).message).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(calls).toEqual([]);
  });

  it('refuses a file named like a picture whose bytes are not one, before any upload', async () => {
    const { effects, calls } = fakeEffects();
    const renamed = new File(['not a picture'], 'receipt.png', { type: 'image/png' });
    const failure = await createCheckoutProcess(effects)
      .run(checked({ screenshot: renamed }))
      .catch((error: unknown) => error);
    expect(formatError(failure).message).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(calls).toEqual([]);
  });

  it('says what changed in the bucket before the screenshot step, and shows the new prices', async () => {
    const cases: Array<[Partial<NewCartLine> | 'gone', string]> = [
      [
        { price: 500 },
        'Prices changed since you filled your bucket: Zinger Burger is now Rs 500.00. Your new total is Rs 1,320.00.',
      ],
      ['gone', CART_MESSAGES.itemUnavailable('Zinger Burger')],
      [{ campusId: 'c2' }, CART_MESSAGES.campusLock],
    ];
    for (const [change, message] of cases) {
      const { effects, calls, repriced } = fakeEffects({
        cartItemsNow: async (cart) => {
          calls.push('prices');
          const now = itemsNow(cart, change === 'gone' ? {} : change);
          return change === 'gone' ? now.filter((item) => item.itemId !== 'm1') : now;
        },
      });
      const failure = await createCheckoutProcess(effects)
        .run(checked())
        .catch((error: unknown) => error);
      expect(formatError(failure).message).toBe(message);
      expect(calls).toEqual(['prices']);
      expect(repriced).toHaveLength(1);
    }
  });

  it('shows the upload message when the image cannot be compressed', async () => {
    const { effects, calls } = fakeEffects({
      compress: async () => {
        throw new Error('Failed to execute drawImage on CanvasRenderingContext2D');
      },
    });
    const failure = await createCheckoutProcess(effects)
      .run(checked())
      .catch((error: unknown) => error);
    expect(formatError(failure).message).toBe(UPLOAD_MESSAGES.uploadFailed);
    expect(calls).toEqual(['prices']);
  });

  it("shows the server's own message for a refused upload", async () => {
    const body = { error: { code: 'too-large', message: UPLOAD_MESSAGES.tooLarge } };
    const { effects, calls } = fakeEffects({
      upload: async () => {
        throw appErrorFromResponse(413, body);
      },
    });
    const failure = await createCheckoutProcess(effects)
      .run(checked())
      .catch((error: unknown) => error);
    expect(formatError(failure).message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(calls).toEqual(['prices', 'compress']);
  });

  it('retries with the same idempotency key until an order is placed, then makes a new one', async () => {
    let answers = 0;
    const { effects, orders } = fakeEffects();
    const flaky: CheckoutEffects = {
      ...effects,
      submitOrder: async (body) => {
        answers += 1;
        if (answers === 1) {
          await effects.submitOrder(body);
          // The order was made but its answer was lost on the way back.
          throw networkError(new TypeError('Failed to fetch'));
        }
        return effects.submitOrder(body);
      },
    };
    const checkout = createCheckoutProcess(flaky);
    expect(checkout.idempotencyKey).toBeNull();

    const lost = await checkout.run(checked()).catch((error: unknown) => error);
    expect(formatError(lost).category).toBe('NETWORK');
    expect(checkout.idempotencyKey).toBe('key-1');
    await expect(checkout.run(checked())).resolves.toEqual({
      orderId: 'order-2',
      paymentReference: 'CB-7K3QM',
      round: null,
      timeZone: 'Asia/Karachi',
    });
    expect(orders.map((order) => order.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(checkout.idempotencyKey).toBeNull();

    await checkout.run(checked());
    expect(orders.map((order) => order.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('keeps the key across a failure before the order too (a closed restaurant, then a retry)', async () => {
    let now = ONE_AM_IN_KARACHI;
    const { effects, orders } = fakeEffects({ now: () => now });
    const checkout = createCheckoutProcess(effects);
    await expect(checkout.run(checked())).rejects.toThrow();
    now = NOON_IN_KARACHI;
    await checkout.run(checked());
    expect(orders.map((order) => order.idempotencyKey)).toEqual(['key-1']);
  });
});
