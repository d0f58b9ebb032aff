import { CART_OWNER_KEY, CART_STORAGE_KEY } from '@campus/shared/domain/cart';
import { CHECKOUT_MESSAGES } from '@campus/shared/domain/checkout';
import { PLACE_MESSAGES, type TDeliveryPlace } from '@campus/shared/domain/delivery-places';
import {
  DELIVERY_CHARGE_PER_PERSON_PAISA,
  formatRs,
  paisaToRupees,
  rupeesToPaisa,
} from '@campus/shared/domain/money';
import { PAYMENT_REFERENCE_MESSAGES } from '@campus/shared/domain/payment-reference';
import { QUOTE_MESSAGES, type TQuoteChange } from '@campus/shared/domain/quote';
import { buildCartLine } from '@campus/shared/domain/test-builders';
import { UPLOAD_MESSAGES } from '@campus/shared/domain/uploads';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/test/builders';
import { solveCaptcha } from '@/test/captcha';
import { json, stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

// /checkout of the student Ayesha Khan with one line in her cart, over the fake api; the
// captcha widget's code is left out, and the test solves it by the widget's own event.

vi.mock('altcha', () => ({}));

const line = buildCartLine({
  campusId: 'campus-1',
  restaurantData: { openTime: null, closeTime: null, is24x7: true },
});

/** The api's quote of the cart's line, held for 20 minutes from now. */
function heldQuoteOf(changes: TQuoteChange[] = [], pricePaisa = rupeesToPaisa(line.price)) {
  return {
    ok: true,
    quote: {
      id: 'quote-1',
      campusId: 'campus-1',
      expiresAt: new Date(Date.now() + 20 * 60_000).toISOString(),
      heldForSeconds: 20 * 60,
      lines: [
        {
          itemId: line.itemId,
          restaurantId: line.restaurantId,
          restaurantName: line.restaurantName,
          name: line.name,
          unitPricePaisa: pricePaisa,
          quantity: line.quantity,
        },
      ],
      itemTotalPaisa: pricePaisa * line.quantity,
      deliveryChargePaisa: DELIVERY_CHARGE_PER_PERSON_PAISA,
    },
    changes,
  };
}

async function openCheckout(
  context: { lastDetails?: object | null; places?: TDeliveryPlace[] } = {},
  quote: () => object = () => heldQuoteOf(),
) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([line]));
  window.localStorage.setItem(CART_OWNER_KEY, 'u-student');
  const { quantity, ...item } = line;
  const api = stubAdminApi(
    { session: buildUser() },
    {
      'GET /api/checkout/context': () =>
        json(200, {
          ok: true,
          payTo: { accountTitle: 'CampusBucket', bankName: 'Meezan Bank', accountNumber: '0101' },
          paymentReference: 'CB-7K3QM',
          allowedDomains: ['@uni.edu.pk'],
          places: [],
          lastDetails: null,
          ...context,
        }),
      'GET /api/checkout-round': () =>
        json(200, { ok: true, round: null, timeZone: 'Asia/Karachi' }),
      'POST /api/bucket/prices': () => json(200, { ok: true, items: [item] }),
      'POST /api/checkout/quote': () => json(200, quote()),
    },
  );
  // A text file is offered to the picker as a person could (its accept filter is only a hint).
  const page = openPage('/checkout', { storefront: true, user: { applyAccept: false } });
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await page.settled();
  return { ...page, ...api };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Checkout' });

/** What a field's description says (its hint and its message). */
const described = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function expectMessage(name: string, message: string) {
  expect(field(name).getAttribute('aria-invalid')).toBe('true');
  expect(described(field(name))).toContain(message);
}

function expectValid(name: string) {
  expect(field(name).getAttribute('aria-invalid')).toBeNull();
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
  });

describe('the checkout form', () => {
  it('keeps what was typed across a reload, and fills empty fields from the last order', async () => {
    const lastDetails = {
      phone: '0321-7654321',
      room: 'Hall 9, room 12',
      accountTitle: 'Ayesha Khan',
      bankName: 'HBL',
    };
    const first = await openCheckout({ lastDetails });
    await waitFor(() => expect(field('Phone').value).toBe('0321-7654321'));
    expect(field('Your bank').value).toBe('HBL');
    await first.user.clear(field('Your account title'));
    await first.user.type(field('Your account title'), 'Ayesha K.');
    await first.user.clear(field('Last Name'));
    await first.user.type(field('Last Name'), 'Siddiqui');
    first.unmount();

    // The page again, as a phone reloads it on the way back from the bank app.
    await openCheckout({ lastDetails });
    await waitFor(() => expect(field('Phone').value).toBe('0321-7654321'));
    expect(field('Your account title').value).toBe('Ayesha K.');
    expect(field('Last Name').value).toBe('Siddiqui');
  });

  it('shows every invalid field its own message at once, and no order is sent', async () => {
    const { user, callsOf } = await openCheckout();
    await user.clear(field('First Name'));
    await user.click(submit());
    await waitFor(() => expectMessage('First Name', CHECKOUT_MESSAGES.requiredFields));
    expectMessage('Phone', CHECKOUT_MESSAGES.requiredFields);
    expectMessage('Your account title', CHECKOUT_MESSAGES.paymentFields);
    expectMessage('Your bank', CHECKOUT_MESSAGES.paymentFields);
    expectMessage('Payment Screenshot', CHECKOUT_MESSAGES.paymentFields);
    expect(screen.getByText(CHECKOUT_MESSAGES.captchaRequired)).toBeTruthy();
    expectValid('Last Name');
    expectValid('Email');
    expect(document.activeElement).toBe(field('First Name'));
    expect(callsOf('POST', '/api/uploads')).toEqual([]);
    expect(callsOf('POST', '/api/orders')).toEqual([]);
  });

  it('takes a field’s message away as soon as its value holds', async () => {
    const { user } = await openCheckout();
    await user.clear(field('First Name'));
    await user.click(submit());
    await waitFor(() => expectMessage('Phone', CHECKOUT_MESSAGES.requiredFields));
    await user.type(field('First Name'), 'Ayesha');
    await waitFor(() => expectValid('First Name'));
    expect(described(field('First Name'))).not.toContain(CHECKOUT_MESSAGES.requiredFields);
    await user.type(field('Phone'), '03001234');
    await waitFor(() => expectMessage('Phone', CHECKOUT_MESSAGES.phoneFormat));
    await user.type(field('Phone'), '567');
    await waitFor(() => expectValid('Phone'));
    await user.type(field('Your account title'), 'Ayesha Khan');
    await waitFor(() => expectValid('Your account title'));
    expectMessage('Your bank', CHECKOUT_MESSAGES.paymentFields);
    solveCaptcha();
    await waitFor(() => expect(screen.queryByText(CHECKOUT_MESSAGES.captchaRequired)).toBeNull());
  });
});

describe('the delivery place', () => {
  const places: TDeliveryPlace[] = [
    { id: 'p-iqbal', name: 'Iqbal Hall', code: 'IQH', note: '' },
    { id: 'p-gate', name: 'Main Gate', code: 'GATE', note: 'Hand over at the guard post' },
  ];

  it("offers the campus's places and a room, and asks for a place before anything is sent", async () => {
    const { user, callsOf } = await openCheckout({ places });
    expect(screen.queryByLabelText(/Hostel Room/)).toBeNull();
    const select = screen.getByLabelText('Delivery place') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Choose a place',
      'Iqbal Hall',
      'Main Gate',
    ]);
    await user.click(submit());
    await waitFor(() => expectMessage('Delivery place', PLACE_MESSAGES.choose));
    await user.selectOptions(select, 'p-gate');
    await waitFor(() => expectValid('Delivery place'));
    // The place's note is its hint.
    expect(described(select)).toContain('Hand over at the guard post');
    expect(field('Room (optional)')).toBeTruthy();
    expect(callsOf('POST', '/api/orders')).toEqual([]);
  });

  it('takes the place of the last order', async () => {
    const lastDetails = {
      placeId: 'p-iqbal',
      phone: '0321-7654321',
      room: 'Room 12',
      accountTitle: 'Ayesha Khan',
      bankName: 'HBL',
    };
    await openCheckout({ places, lastDetails });
    const select = screen.getByLabelText('Delivery place') as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('p-iqbal'));
    expect(field('Room (optional)').value).toBe('Room 12');
  });
});

describe('the payment details', () => {
  it('ask for the payment reference in the transfer note, and copy it', async () => {
    const { user } = await openCheckout();
    const reference = await screen.findByTestId('payment-reference');
    expect(reference.textContent).toBe(PAYMENT_REFERENCE_MESSAGES.putInNote('CB-7K3QM'));
    await user.click(screen.getByRole('button', { name: 'Copy payment reference' }));
    expect(await navigator.clipboard.readText()).toBe('CB-7K3QM');
    expect(screen.getByRole('button', { name: 'Copied payment reference' })).toBeTruthy();
  });
});

describe('the quote held before payment', () => {
  it('shows what changed, line by line with the new total, before the account to pay', async () => {
    const newPrice = rupeesToPaisa(line.price) + 5_000;
    const change: TQuoteChange = {
      kind: 'price',
      name: line.name,
      message: QUOTE_MESSAGES.price(line.name, rupeesToPaisa(line.price), newPrice),
    };
    const { user, callsOf } = await openCheckout({}, () => heldQuoteOf([change], newPrice));
    const changes = await screen.findByTestId('quote-changes');
    expect(changes.textContent).toContain(change.message);
    const newTotal = QUOTE_MESSAGES.newTotal(newPrice + DELIVERY_CHARGE_PER_PERSON_PAISA);
    expect(changes.textContent).toContain(newTotal);
    expect(screen.queryByTestId('pay-to-details')).toBeNull();
    // A complete form before the changes are taken: nothing is sent, and it says what comes first.
    await user.type(field('Phone'), '03001234567');
    await user.type(field('Your account title'), 'Ayesha Khan');
    await user.type(field('Your bank'), 'HBL');
    await user.upload(field('Payment Screenshot'), png('receipt.png'));
    solveCaptcha();
    await user.click(submit());
    expect((await screen.findByTestId('checkout-failure')).textContent).toBe(
      QUOTE_MESSAGES.quoteFirst,
    );
    expect(callsOf('POST', '/api/uploads')).toEqual([]);
    await user.click(within(changes).getByRole('button', { name: QUOTE_MESSAGES.acceptChanges }));
    const amount = await screen.findByTestId('amount-to-transfer');
    expect(amount.textContent).toBe(formatRs(newPrice + DELIVERY_CHARGE_PER_PERSON_PAISA));
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(
      /^Prices and stock held for you for (20:00|19:5\d)\.$/,
    );
    // The bucket is the quote's now.
    const stored = JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    expect(stored[0].price).toBe(paisaToRupees(newPrice));
  });

  it('asks for a fresh quote once the time ran out, and says nothing changed', async () => {
    let answers = 0;
    const { user } = await openCheckout({}, () => {
      answers += 1;
      const answer = heldQuoteOf();
      // The first one runs out at once.
      if (answers === 1) answer.quote.heldForSeconds = 0;
      return answer;
    });
    const expired = await screen.findByTestId('quote-expired');
    expect(screen.queryByTestId('pay-to-details')).toBeNull();
    await user.click(within(expired).getByRole('button', { name: QUOTE_MESSAGES.freshQuote }));
    expect(await screen.findByText(QUOTE_MESSAGES.nothingChanged)).toBeTruthy();
    expect(await screen.findByTestId('pay-to-details')).toBeTruthy();
    expect(answers).toBe(2);
  });
});

describe('the payment screenshot picker', () => {
  it('refuses a file that is not an image as soon as it is chosen, beside the picker', async () => {
    const { user } = await openCheckout();
    await user.upload(
      field('Payment Screenshot'),
      new File(['not a picture'], 'receipt.txt', { type: 'text/plain' }),
    );
    await waitFor(() => expectMessage('Payment Screenshot', UPLOAD_MESSAGES.notAnImage));
    expect(screen.queryByRole('figure')).toBeNull();
    await user.upload(field('Payment Screenshot'), png('receipt.png'));
    await waitFor(() => expectValid('Payment Screenshot'));
    expect(described(field('Payment Screenshot'))).not.toContain(UPLOAD_MESSAGES.notAnImage);
  });

  it('shows a small preview of the chosen image with its name, and lets go of the old one', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { user, unmount } = await openCheckout();
    const preview = () => screen.getByRole('figure');
    await user.upload(field('Payment Screenshot'), png('receipt.png'));
    await waitFor(() => expect(preview().textContent).toBe('receipt.png'));
    const firstUrl = within(preview())
      .getByRole('img', { name: 'Payment screenshot preview' })
      .getAttribute('src');
    expect(firstUrl).toMatch(/^blob:/);
    await user.upload(field('Payment Screenshot'), png('transfer.png'));
    await waitFor(() => expect(preview().textContent).toBe('transfer.png'));
    const secondUrl = within(preview()).getByRole('img').getAttribute('src');
    expect(secondUrl).not.toBe(firstUrl);
    expect(revoke).toHaveBeenCalledWith(firstUrl);
    unmount();
    expect(revoke).toHaveBeenCalledWith(secondUrl);
    revoke.mockRestore();
  });
});
