import {
  CART_OWNER_KEY,
  CART_STORAGE_KEY,
  MAX_LINE_QUANTITY,
  martItemToCartLine,
} from '@campus/shared/domain/cart';
import type { TMartItem } from '@campus/shared/domain/entities';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUniversity, buildUser } from '@/test/builders';
import { json, stubAdminApi } from '@/test/fake-api';
import { openPage } from '@/test/render';

// /mart-items of the student Ayesha Khan's campus, over the fake api, with her cart holding
// some of its items.

function buildMartItem(overrides: Partial<TMartItem> = {}): TMartItem {
  return {
    id: 'mart-water',
    universityId: 'uni-1',
    campusId: 'campus-1',
    name: 'Water',
    price: 13_000,
    description: '',
    category: 'Drinks',
    stock: 3,
    photoURL: null,
    ...overrides,
  };
}

async function openMart(items: TMartItem[], quantities: Record<string, number>) {
  const lines = items
    .filter((item) => quantities[item.name])
    .map((item) => ({ ...martItemToCartLine(item), quantity: quantities[item.name] }));
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  window.localStorage.setItem(CART_OWNER_KEY, 'u-student');
  stubAdminApi(
    { session: buildUser(), universities: [buildUniversity()] },
    {
      'GET /api/catalogue/campuses/:id/mart-items': () => json(200, { ok: true, martItems: items }),
    },
  );
  const page = openPage('/mart-items', { storefront: true });
  await screen.findByRole('heading', { level: 1, name: 'Mart Items at Main Campus' });
  return page;
}

const plus = (name: string) =>
  screen.getByRole('button', { name: `Increase quantity of ${name}` }) as HTMLButtonElement;
const card = (name: string) =>
  screen.getByRole('heading', { name }).closest('article') as HTMLElement;

/** The texts the plus button's description points at. */
const describedBy = (button: HTMLElement) =>
  (button.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe("a mart item's plus at its limit", () => {
  it('says the stock is all there is, to everyone', async () => {
    await openMart([buildMartItem()], { Water: 3 });
    expect(
      (await screen.findByRole('button', { name: /Increase quantity of Water/ })).getAttribute(
        'aria-disabled',
      ),
    ).toBe('true');
    expect(describedBy(plus('Water'))).toBe('Only 3 left in stock');
    expect(plus('Water').title).toBe('Only 3 left in stock');
    expect(within(card('Water')).getByText('Only 3 left in stock')).toBeTruthy();
  });

  it('says how many of one item a bucket may hold when the stock is not what stops it', async () => {
    await openMart([buildMartItem({ name: 'Juice', id: 'mart-juice', stock: 80 })], {
      Juice: MAX_LINE_QUANTITY,
    });
    await screen.findByRole('button', { name: /Increase quantity of Juice/ });
    expect(plus('Juice').getAttribute('aria-disabled')).toBe('true');
    expect(describedBy(plus('Juice'))).toBe(`At most ${MAX_LINE_QUANTITY} of one item`);
    expect(
      within(card('Juice')).getByText(`At most ${MAX_LINE_QUANTITY} of one item`),
    ).toBeTruthy();
  });

  it('says nothing while more can be added', async () => {
    await openMart([buildMartItem()], { Water: 2 });
    await screen.findByRole('button', { name: /Increase quantity of Water/ });
    expect(plus('Water').getAttribute('aria-disabled')).toBeNull();
    expect(plus('Water').getAttribute('aria-describedby')).toBeNull();
    expect(within(card('Water')).queryByText(/in stock/)).toBeNull();
  });
});
