import { describe, expect, it } from 'vitest';
import {
  buildSheetRow,
  formatCartItemsText,
  formatOrderTimestamp,
  ORDER_SHEET_COLUMNS,
  ORDER_SHEET_HEADER,
  type SheetRowOrder,
  ZOrderPayload,
} from './order';

describe('formatCartItemsText', () => {
  it('groups lines by restaurant in order of first appearance', () => {
    const text = formatCartItemsText([
      { name: 'Margherita', quantity: 2, restaurantName: 'Pizza Place', unitPricePaisa: 50000 },
      { name: 'Water', quantity: 3, restaurantName: 'Mart', unitPricePaisa: 3000 },
      { name: 'Garlic Bread', quantity: 1, restaurantName: 'Pizza Place', unitPricePaisa: 25050 },
    ]);
    expect(text).toBe(
      [
        'Pizza Place:',
        '- Margherita x 2 = Rs 1,000.00',
        '- Garlic Bread x 1 = Rs 250.50',
        '',
        'Mart:',
        '- Water x 3 = Rs 90.00',
      ].join('\n'),
    );
    expect(formatCartItemsText([])).toBe('');
  });
});

describe('formatOrderTimestamp', () => {
  it('uses Karachi time in long format', () => {
    expect(formatOrderTimestamp(new Date('2024-06-30T19:30:00Z'))).toBe(
      'Monday, July 1, 2024 at 12:30:00 AM GMT+5',
    );
  });
});

describe('sheet row', () => {
  const order: SheetRowOrder = {
    universityName: 'LUMS',
    campusName: 'Main',
    firstName: 'Ali',
    lastName: 'Khan',
    room: 'Hall 3, Room 12',
    phone: '0300-1234567',
    email: 'ali@lums.edu.pk',
    persons: 2,
    deliveryCharge: 26000,
    itemTotal: 125050,
    grandTotal: 151050,
    cartItems: 'Pizza Place:\n- Margherita x 2 = Rs 1,000.00',
    timestamp: 'Monday, July 1, 2024 at 12:30:00 AM GMT+5',
    accountTitle: 'Ali Khan',
    bankName: 'HBL',
    screenshotURL: 'https://example.test/s.png',
    specialInstruction: 'No onions',
  };

  it('lists the values in the spec column order, amounts in rupees', () => {
    expect(buildSheetRow(order)).toEqual([
      'LUMS',
      'Main',
      'Ali',
      'Khan',
      'Hall 3, Room 12',
      '0300-1234567',
      'ali@lums.edu.pk',
      2,
      260,
      1250.5,
      1510.5,
      'Pizza Place:\n- Margherita x 2 = Rs 1,000.00',
      'Monday, July 1, 2024 at 12:30:00 AM GMT+5',
      'Ali Khan',
      'HBL',
      'https://example.test/s.png',
      'No onions',
    ]);
  });

  it('has one header per value plus the order id last', () => {
    expect(ORDER_SHEET_COLUMNS).toHaveLength(buildSheetRow(order).length);
    expect(ORDER_SHEET_HEADER).toHaveLength(18);
    expect(ORDER_SHEET_HEADER.at(-1)).toBe('Order ID');
    expect(ORDER_SHEET_HEADER.slice(0, 3)).toEqual(['University', 'Campus', 'First Name']);
  });
});

describe('ZOrderPayload', () => {
  const payload = {
    firstName: 'Ali',
    lastName: 'Khan',
    room: '',
    phone: '0300-1234567',
    email: 'ali@lums.edu.pk',
    persons: 1,
    paymentMethod: 'Online Payment',
    accountTitle: 'Ali Khan',
    bankName: 'HBL',
    specialInstruction: '',
    itemTotal: 45000,
    deliveryCharge: 13000,
    grandTotal: 58000,
    screenshotURL: 'https://example.test/s.png',
    cartItems: 'Burger Lab:\n- Zinger x 1 = Rs 450.00',
    timestamp: 'Monday, July 1, 2024 at 12:30:00 AM GMT+5',
    recaptchaToken: 'token',
  };

  it('accepts an online payment order and nothing else', () => {
    expect(ZOrderPayload.safeParse(payload).success).toBe(true);
    expect(ZOrderPayload.safeParse({ ...payload, paymentMethod: 'Cash' }).success).toBe(false);
    expect(ZOrderPayload.safeParse({ ...payload, persons: 0 }).success).toBe(false);
    expect(ZOrderPayload.safeParse({ ...payload, itemTotal: 450.5 }).success).toBe(false);
  });
});
