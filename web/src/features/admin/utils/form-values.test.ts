import type { TAdminMenuItem } from '@campus/shared/domain/admin-api';
import {
  ADMIN_FORM_MESSAGES,
  createMenuItemSchema,
  formMode,
  type TAdminRestaurant,
  ZMartItemForm,
  ZRestaurantForm,
} from '@campus/shared/domain/admin-forms';
import type { TMartItem } from '@campus/shared/domain/entities';
import { parseRupees } from '@campus/shared/domain/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyMartItemForm,
  emptyMenuItemForm,
  emptyRestaurantForm,
  martItemForm,
  menuItemForm,
  priceInput,
  restaurantForm,
} from './form-values';

const CAMPUS = { universityId: 'uni-1', campusId: 'campus-1' };

function buildRestaurant(overrides: Partial<TAdminRestaurant> = {}): TAdminRestaurant {
  return {
    id: 'rest-1',
    ...CAMPUS,
    name: 'Burger Lab',
    location: 'Food Court',
    cuisine: 'Fast Food',
    openTime: '11:00 AM',
    closeTime: '11:00 PM',
    is24x7: false,
    contactEmail: 'kitchen@burgerlab.pk',
    roundCapacity: 25,
    ...overrides,
  };
}

function buildMenuItem(overrides: Partial<TAdminMenuItem> = {}): TAdminMenuItem {
  return {
    id: 'item-1',
    ...CAMPUS,
    restaurantId: 'rest-1',
    name: 'Zinger',
    price: 45_050,
    description: 'Crispy',
    photoURL: '/uploads/zinger.webp',
    ...overrides,
  };
}

function buildMartItem(overrides: Partial<TMartItem> = {}): TMartItem {
  return {
    id: 'mart-1',
    ...CAMPUS,
    name: 'Water',
    price: 8_000,
    description: '500 ml',
    category: 'Drinks',
    stock: 12,
    photoURL: null,
    ...overrides,
  };
}

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('restaurant form', () => {
  it('adds with the spec defaults: 10:00 AM to 10:00 PM, open 24x7, on the chosen campus', () => {
    const values = emptyRestaurantForm(CAMPUS);
    expect(formMode(values)).toBe('add');
    expect(values).toMatchObject({
      ...CAMPUS,
      openTime: '10:00 AM',
      closeTime: '10:00 PM',
      is24x7: true,
    });
    // Nothing typed yet: the first rule the admin meets is the name.
    expect(firstIssue(ZRestaurantForm.safeParse(values))).toBe(
      ADMIN_FORM_MESSAGES.restaurantNameRequired,
    );
    const typed = { ...values, name: 'Cafe', location: 'Block A', cuisine: 'Tea' };
    expect(ZRestaurantForm.safeParse(typed).success).toBe(true);
  });

  it('edits with every field of the restaurant, and saving unchanged gives the restaurant back', () => {
    const restaurant = buildRestaurant();
    const values = restaurantForm(restaurant);
    expect(formMode(values)).toBe('edit');
    expect(ZRestaurantForm.parse(values)).toEqual(restaurant);
  });

  it('edits a restaurant without a contact e-mail as an empty field, and saves it as none', () => {
    const values = restaurantForm(buildRestaurant({ contactEmail: null }));
    expect(values.contactEmail).toBe('');
    expect(ZRestaurantForm.parse(values).contactEmail).toBeNull();
  });

  it('cancel (a fresh add form) keeps the campus but nothing of the edited restaurant', () => {
    const cancelled = emptyRestaurantForm(CAMPUS);
    expect(formMode(cancelled)).toBe('add');
    expect(cancelled.name).toBe('');
    expect(cancelled.id).toBe('');
  });

  it('a super admin without a campus is asked for university and campus', () => {
    const values = { ...emptyRestaurantForm(), name: 'Cafe', location: 'A', cuisine: 'Tea' };
    expect(firstIssue(ZRestaurantForm.safeParse(values))).toBe(
      ADMIN_FORM_MESSAGES.selectUniversityAndCampus,
    );
  });
});

describe('menu item form', () => {
  it('a campus admin adding before selecting a restaurant reads "Select a restaurant first!"', () => {
    const values = { ...emptyMenuItemForm(CAMPUS), name: 'Tea', price: '50' };
    expect(firstIssue(createMenuItemSchema('campusAdmin').safeParse(values))).toBe(
      'Select a restaurant first!',
    );
    const withRestaurant = { ...values, restaurantId: 'rest-1' };
    expect(createMenuItemSchema('campusAdmin').parse(withRestaurant).price).toBe(5_000);
  });

  it('edits with the price in rupees as typed, and saving unchanged keeps price and photo', () => {
    const item = buildMenuItem();
    const values = menuItemForm(item);
    expect(values.price).toBe('450.5');
    const saved = createMenuItemSchema('campusAdmin').parse(values);
    expect(saved).toMatchObject({ price: item.price, photoURL: item.photoURL, name: item.name });
  });
});

describe('mart item form', () => {
  it('edits with price and stock as text, and saving unchanged gives them back', () => {
    const item = buildMartItem();
    const values = martItemForm(item);
    expect(values).toMatchObject({ price: '80', stock: '12', photoURL: '' });
    expect(ZMartItemForm.parse(values)).toMatchObject({ price: 8_000, stock: 12 });
  });

  it('adds empty, so the first rule met is the item name', () => {
    expect(firstIssue(ZMartItemForm.safeParse(emptyMartItemForm(CAMPUS)))).toBe(
      ADMIN_FORM_MESSAGES.itemNameRequired,
    );
  });
});

describe('priceInput', () => {
  it('shows any stored price as rupees that parse back to the same paisa', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (paisa) => {
        expect(parseRupees(priceInput(paisa))).toBe(paisa);
      }),
    );
  });
});
