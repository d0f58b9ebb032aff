import { describe, expect, it } from 'vitest';
import { linkOf, orderCount, wrapsText } from './sheet-cells';

describe('wrapsText', () => {
  it('wraps the long text columns only', () => {
    expect(wrapsText('Cart Items')).toBe(true);
    expect(wrapsText('Special Instruction')).toBe(true);
    expect(wrapsText('Phone')).toBe(false);
    expect(wrapsText(undefined)).toBe(false);
  });
});

describe('linkOf', () => {
  it('links web addresses and paths of this site', () => {
    expect(linkOf('https://res.cloudinary.com/x/image/upload/a.jpg')).toBe(
      'https://res.cloudinary.com/x/image/upload/a.jpg',
    );
    expect(linkOf('/uploads/screenshots/a.webp')).toBe('/uploads/screenshots/a.webp');
  });

  it('never links other schemes, other sites without a scheme, text or numbers', () => {
    expect(linkOf('javascript:alert(1)')).toBeNull();
    expect(linkOf('JAVASCRIPT:alert(1)')).toBeNull();
    expect(linkOf('//evil.test/x')).toBeNull();
    expect(linkOf('/\\evil.test/x')).toBeNull();
    expect(linkOf('data:text/html,hi')).toBeNull();
    expect(linkOf('Ali Khan')).toBeNull();
    expect(linkOf('https://a.test/ b')).toBeNull();
    expect(linkOf(130)).toBeNull();
    expect(linkOf(undefined)).toBeNull();
  });
});

describe('orderCount', () => {
  it('counts orders in words', () => {
    expect(orderCount(1)).toBe('1 order');
    expect(orderCount(0)).toBe('0 orders');
    expect(orderCount(1234)).toBe('1,234 orders');
  });
});
