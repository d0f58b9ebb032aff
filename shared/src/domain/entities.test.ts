import { describe, expect, it } from 'vitest';
import {
  ZAllowedDomain,
  ZCampus,
  ZCartLine,
  ZMartItem,
  ZMenuItem,
  ZRestaurant,
  ZSheetTab,
  ZUserProfile,
} from './entities';

const restaurant = {
  id: 'r1',
  universityId: 'u1',
  campusId: 'c1',
  name: 'Burger Lab',
  location: 'Block A',
  cuisine: 'Fast Food',
  openTime: '10:00 AM',
  closeTime: '10:00 PM',
};

describe('entity schemas', () => {
  it('defaults a restaurant to 24x7 and keeps missing times as null', () => {
    expect(ZRestaurant.parse(restaurant).is24x7).toBe(true);
    expect(ZRestaurant.parse({ ...restaurant, openTime: null, closeTime: '' })).toMatchObject({
      openTime: null,
      closeTime: null,
    });
  });

  it('rejects a malformed restaurant time', () => {
    expect(ZRestaurant.safeParse({ ...restaurant, closeTime: '22:00' }).success).toBe(false);
  });

  it('keeps amounts in integer paisa and stock as an integer', () => {
    const item = { id: 'm1', restaurantId: 'r1', name: 'Tea', price: 5000, description: '' };
    expect(ZMenuItem.safeParse(item).success).toBe(true);
    expect(ZMenuItem.safeParse({ ...item, price: 50.5 }).success).toBe(false);
    expect(ZMenuItem.safeParse({ ...item, price: -1 }).success).toBe(false);
    const mart = {
      id: 'k1',
      universityId: 'u1',
      campusId: 'c1',
      name: 'Water',
      price: 6000,
      description: '',
      category: 'Drinks',
      stock: 0,
    };
    expect(ZMartItem.safeParse(mart).success).toBe(true);
    expect(ZMartItem.safeParse({ ...mart, stock: 1.5 }).success).toBe(false);
  });

  it('keeps optional fields optional', () => {
    expect(ZCampus.safeParse({ id: 'c1', universityId: 'u1', name: 'Main' }).success).toBe(true);
    expect(ZSheetTab.safeParse({ name: 'LUMS_Main', sheetId: 12 }).success).toBe(true);
  });

  it('stores allowed domains with a leading @', () => {
    const domain = { id: 'd1', name: 'Students', universityId: 'u1', campusId: 'c1' };
    expect(ZAllowedDomain.safeParse({ ...domain, domain: '@lums.edu.pk' }).success).toBe(true);
    expect(ZAllowedDomain.safeParse({ ...domain, domain: 'lums.edu.pk' }).success).toBe(false);
  });

  it('accepts only the three roles and an ISO creation time on a profile', () => {
    const profile = {
      uid: 'a1',
      email: 'ali@lums.edu.pk',
      firstName: 'Ali',
      lastName: 'Khan',
      universityId: 'u1',
      campusId: 'c1',
      universityName: 'LUMS',
      campusName: 'Main',
      role: 'user',
      createdAt: '2024-01-15T10:04:05.000Z',
      emailVerified: false,
    };
    expect(ZUserProfile.safeParse(profile).success).toBe(true);
    expect(
      ZUserProfile.safeParse({ ...profile, createdAt: '2024-01-15T15:04:05+05:00' }).success,
    ).toBe(true);
    expect(ZUserProfile.safeParse({ ...profile, role: 'admin' }).success).toBe(false);
    expect(ZUserProfile.safeParse({ ...profile, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('rejects a bucket line below quantity 1', () => {
    const line = {
      name: 'Water',
      price: 60,
      quantity: 1,
      restaurantName: 'Mart',
      campusId: 'c1',
      itemId: 'k1',
      restaurantId: null,
      stock: 3,
    };
    expect(ZCartLine.safeParse(line).success).toBe(true);
    expect(ZCartLine.safeParse({ ...line, quantity: 0 }).success).toBe(false);
    expect(ZCartLine.safeParse({ ...line, price: Number.NaN }).success).toBe(false);
  });
});
