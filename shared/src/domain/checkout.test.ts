import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CHECKOUT_MESSAGES,
  type CheckoutContext,
  checkoutFieldProblems,
  createCheckoutSchema,
  type TCheckoutValues,
  validateCheckout,
} from './checkout';
import type { TCartLine } from './entities';
import { buildCartLine } from './test-builders';

function buildCheckout(overrides: Partial<TCheckoutValues> = {}): TCheckoutValues {
  return {
    cartItems: [buildCartLine()],
    firstName: 'Ali',
    lastName: 'Khan',
    room: 'Hall 3, Room 12',
    phone: '0300-1234567',
    email: 'ali@uni.edu.pk',
    persons: 1,
    specialInstruction: '',
    universityId: 'u1',
    campusId: 'c1',
    accountTitle: 'Ali Khan',
    bankName: 'HBL',
    screenshot: { name: 'receipt.png' },
    captcha: 'token',
    grandTotal: 0,
    ...overrides,
  };
}

const context: CheckoutContext = { allowedDomains: ['@uni.edu.pk'] };

describe('checkoutFieldProblems', () => {
  it('names every broken rule of the form’s fields at once, at its field, in the spec’s order', () => {
    const values = buildCheckout({
      lastName: ' ',
      phone: '0300',
      email: 'ali@gmail.com',
      screenshot: null,
      bankName: '',
      captcha: '',
    });
    expect(checkoutFieldProblems(values, context)).toEqual([
      { field: 'lastName', message: CHECKOUT_MESSAGES.requiredFields },
      { field: 'phone', message: CHECKOUT_MESSAGES.phoneFormat },
      { field: 'email', message: CHECKOUT_MESSAGES.emailDomain(['@uni.edu.pk']) },
      { field: 'screenshot', message: CHECKOUT_MESSAGES.paymentFields },
      { field: 'bankName', message: CHECKOUT_MESSAGES.paymentFields },
      { field: 'captcha', message: CHECKOUT_MESSAGES.captchaRequired },
    ]);
    expect(checkoutFieldProblems(buildCheckout(), context)).toEqual([]);
  });
});

describe('validateCheckout', () => {
  it.each([
    [{ cartItems: [] }, 'cartItems', 'Your cart is empty.'],
    [{ firstName: '' }, 'firstName', 'Please fill in all required fields.'],
    [{ lastName: '  ' }, 'lastName', 'Please fill in all required fields.'],
    [{ phone: '' }, 'phone', 'Please fill in all required fields.'],
    [{ email: '' }, 'email', 'Please fill in all required fields.'],
    [{ phone: '03001234567' }, 'phone', 'Phone number must be in Pakistani format: 0300-0000000'],
    [{ phone: '0300-123456' }, 'phone', 'Phone number must be in Pakistani format: 0300-0000000'],
    [{ email: 'ali@gmail.com' }, 'email', 'Email must end with @uni.edu.pk'],
    [
      { universityId: '' },
      'universityId',
      'Please select your university and campus from the navigation bar.',
    ],
    [
      { campusId: '' },
      'campusId',
      'Please select your university and campus from the navigation bar.',
    ],
    [{ screenshot: null }, 'screenshot', 'Please complete all online payment fields.'],
    [{ screenshot: '' }, 'screenshot', 'Please complete all online payment fields.'],
    [{ accountTitle: '' }, 'accountTitle', 'Please complete all online payment fields.'],
    [{ bankName: '' }, 'bankName', 'Please complete all online payment fields.'],
    [{ captcha: '' }, 'captcha', 'Please complete the CAPTCHA.'],
    [{ persons: 0 }, 'persons', 'Number of persons must be from 1 to 50.'],
    [{ persons: 1.5 }, 'persons', 'Number of persons must be from 1 to 50.'],
    [{ persons: 51 }, 'persons', 'Number of persons must be from 1 to 50.'],
    [
      { cartItems: [buildCartLine({ name: 'Zinger', quantity: 51 })] },
      'cartItems',
      'You can order at most 50 of Zinger at once. Please lower the quantity in your bucket.',
    ],
    [
      // 50 × Rs 20,000 + Rs 130 is over Rs 1,000,000.
      { cartItems: [buildCartLine({ price: 20_000, quantity: 50 })] },
      'cartItems',
      'One order may total at most Rs 1,000,000.00. Please remove some items from your bucket.',
    ],
  ])('with %j reports %s: %s', (change, field, message) => {
    const values = buildCheckout(change);
    expect(validateCheckout(values, context)).toEqual({ field, message });
    const result = createCheckoutSchema(context).safeParse(values);
    expect(result.error?.issues.map((i) => [i.path, i.message])).toEqual([[[field], message]]);
  });

  it('takes an order of exactly the most one order may total', () => {
    // 50 × Rs 19,997.40 + Rs 130 = Rs 1,000,000.00.
    const values = buildCheckout({ cartItems: [buildCartLine({ price: 19_997.4, quantity: 50 })] });
    expect(validateCheckout(values, context)).toBeNull();
  });

  it('follows the spec order when several steps fail', () => {
    const everythingWrong = buildCheckout({
      firstName: '',
      phone: '123',
      email: 'x@gmail.com',
      universityId: '',
      bankName: '',
      captcha: '',
    });
    const messages: string[] = [];
    let values = { ...everythingWrong, cartItems: [] as TCartLine[] };
    const fixes: Partial<TCheckoutValues>[] = [
      { cartItems: [buildCartLine()] },
      { firstName: 'Ali' },
      { phone: '0300-1234567' },
      { email: 'ali@uni.edu.pk' },
      { universityId: 'u1' },
      { bankName: 'HBL' },
      { captcha: 'token' },
    ];
    for (const fix of fixes) {
      messages.push(validateCheckout(values, context)?.message ?? 'none');
      values = { ...values, ...fix } as typeof values;
    }
    messages.push(validateCheckout(values, context)?.message ?? 'none');
    expect(messages).toEqual([
      'Your cart is empty.',
      'Please fill in all required fields.',
      'Phone number must be in Pakistani format: 0300-0000000',
      'Email must end with @uni.edu.pk',
      'Please select your university and campus from the navigation bar.',
      'Please complete all online payment fields.',
      'Please complete the CAPTCHA.',
      'none',
    ]);
  });

  it('names every allowed domain and skips the rule when the campus has none', () => {
    const two = { allowedDomains: ['uni.edu.pk', '@Student.uni.edu.pk'] };
    expect(validateCheckout(buildCheckout({ email: 'a@gmail.com' }), two)?.message).toBe(
      'Email must end with @uni.edu.pk, @student.uni.edu.pk',
    );
    expect(validateCheckout(buildCheckout({ email: 'a@STUDENT.uni.edu.pk' }), two)).toBeNull();
    expect(
      validateCheckout(buildCheckout({ email: 'a@gmail.com' }), { allowedDomains: [] }),
    ).toBeNull();
  });

  it('lets the api demand its own screenshot shape', () => {
    const api = createCheckoutSchema(context, z.string());
    expect(api.parse(buildCheckout({ screenshot: 'upload-123' })).screenshot).toBe('upload-123');
    expect(api.safeParse(buildCheckout({ screenshot: '' })).error?.issues[0]?.message).toBe(
      CHECKOUT_MESSAGES.paymentFields,
    );
  });

  it('trims text and lower-cases the e-mail on the way out', () => {
    const parsed = createCheckoutSchema(context).parse(
      buildCheckout({ firstName: ' Ali ', email: 'ALI@uni.edu.pk', room: undefined }),
    );
    expect([parsed.firstName, parsed.email, parsed.room]).toEqual(['Ali', 'ali@uni.edu.pk', '']);
  });
});
