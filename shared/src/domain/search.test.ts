import { describe, expect, it } from 'vitest';
import { filterMartItems, filterMenuItems, filterRestaurants, matchesSearch } from './search';

const restaurants = [
  { name: 'Burger Lab', cuisine: 'Fast Food', location: 'Block A' },
  { name: 'Chai Dhaba', cuisine: 'Desi', location: 'Hostel Gate' },
  { name: 'Pasta Point', cuisine: 'Italian', location: null },
];

describe('matchesSearch', () => {
  it('matches substrings ignoring case; blank shows all', () => {
    expect(matchesSearch('URG', ['Burger'])).toBe(true);
    expect(matchesSearch('pizza', ['Burger'])).toBe(false);
    expect(matchesSearch('', ['x'])).toBe(true);
    expect(matchesSearch('   ', [])).toBe(true);
    expect(matchesSearch(' lab ', ['Burger Lab'])).toBe(true);
    expect(matchesSearch('x', [null, undefined])).toBe(false);
  });
});

describe('filters', () => {
  it('searches restaurants by name, cuisine and location', () => {
    expect(filterRestaurants(restaurants, 'burger').map((r) => r.name)).toEqual(['Burger Lab']);
    expect(filterRestaurants(restaurants, 'DESI').map((r) => r.name)).toEqual(['Chai Dhaba']);
    expect(filterRestaurants(restaurants, 'gate').map((r) => r.name)).toEqual(['Chai Dhaba']);
    expect(filterRestaurants(restaurants, '')).toEqual(restaurants);
    expect(filterRestaurants(restaurants, 'sushi')).toEqual([]);
  });

  it('searches mart items by name, category and description', () => {
    const items = [
      { name: 'Water', category: 'Drinks', description: 'Mineral, 500ml', price: 1 },
      { name: 'Chips', category: 'Snacks', description: 'Salted', price: 2 },
    ];
    expect(filterMartItems(items, 'drink').map((i) => i.name)).toEqual(['Water']);
    expect(filterMartItems(items, 'salted').map((i) => i.name)).toEqual(['Chips']);
    expect(filterMartItems(items, 'CHI').map((i) => i.name)).toEqual(['Chips']);
  });

  it('searches menu items by name and description only', () => {
    const items = [
      { name: 'Zinger', description: 'Crispy chicken', category: 'Burgers' },
      { name: 'Fries', description: 'Crispy potato', category: 'Sides' },
    ];
    expect(filterMenuItems(items, 'crispy').map((i) => i.name)).toEqual(['Zinger', 'Fries']);
    expect(filterMenuItems(items, 'zin').map((i) => i.name)).toEqual(['Zinger']);
    expect(filterMenuItems(items, 'sides')).toEqual([]);
  });
});
