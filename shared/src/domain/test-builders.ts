// Builders for the domain's tests: one place for a plausible cart line, with overrides.
import type { NewCartLine } from './cart';
import type { TCartLine } from './entities';

/** A restaurant item as the menu card adds it (10 AM–10 PM, not 24x7). */
export function buildMenuCartItem(overrides: Partial<NewCartLine> = {}): NewCartLine {
  return {
    name: 'Zinger Burger',
    price: 450,
    restaurantName: 'Burger Lab',
    campusId: 'c1',
    restaurantData: { openTime: '10:00 AM', closeTime: '10:00 PM', is24x7: false },
    itemId: 'm1',
    restaurantId: 'r1',
    ...overrides,
  };
}

/** A cart line of a restaurant item. */
export function buildCartLine(overrides: Partial<TCartLine> = {}): TCartLine {
  return { ...buildMenuCartItem(), quantity: 1, ...overrides };
}
