import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  closedButtonTooltip,
  findClosedRestaurantMessage,
  HOURS_MESSAGES,
  isRestaurantOpen,
  type RestaurantHours,
  restaurantStatusLabel,
} from './restaurant-hours';
import { formatTime12h } from './time-of-day';

/** An instant at a Karachi wall-clock time (UTC+5) on 15 January 2024. */
function karachi(hour: number, minute = 0, second = 0): Date {
  return new Date(Date.UTC(2024, 0, 15, hour - 5, minute, second));
}

function hours(openTime: string | null, closeTime: string | null): RestaurantHours {
  return { openTime, closeTime, is24x7: false };
}

describe('isRestaurantOpen', () => {
  it('is always open when 24x7, even with a window that would be closed', () => {
    const allDay = { openTime: '10:00 AM', closeTime: '10:00 PM', is24x7: true };
    expect(isRestaurantOpen(allDay, karachi(3))).toBe(true);
  });

  it('counts a missing is24x7 as the default, open', () => {
    expect(isRestaurantOpen({ openTime: '10:00 AM', closeTime: '10:00 PM' }, karachi(3))).toBe(
      true,
    );
  });

  it.each([
    [null, '10:00 PM'],
    ['10:00 AM', null],
    ['', '10:00 PM'],
    ['10:00 AM', '   '],
    [undefined, undefined],
  ])('is open when a time is missing (%j, %j)', (openTime, closeTime) => {
    expect(isRestaurantOpen({ openTime, closeTime, is24x7: false }, karachi(3))).toBe(true);
  });

  it.each([
    [9, 59, 59, false],
    [10, 0, 0, true],
    [10, 0, 30, true],
    [21, 59, 59, true],
    [22, 0, 0, false],
    [0, 0, 0, false],
  ])('10 AM–10 PM at %i:%i:%i is open: %s', (h, m, s, open) => {
    expect(isRestaurantOpen(hours('10:00 AM', '10:00 PM'), karachi(h, m, s))).toBe(open);
  });

  it.each([
    [17, 59, false],
    [18, 0, true],
    [23, 59, true],
    [24, 0, true],
    [1, 59, true],
    [2, 0, false],
    [12, 0, false],
  ])('6 PM–2 AM wraps past midnight: %i:%i open is %s', (h, m, open) => {
    expect(isRestaurantOpen(hours('6:00 PM', '2:00 AM'), karachi(h, m))).toBe(open);
  });

  it.each([9, 10, 15, 0])('treats close == open as an empty window (closed at %i:00)', (h) => {
    expect(isRestaurantOpen(hours('10:00 AM', '10:00 AM'), karachi(h))).toBe(false);
  });

  it('reads 12:00 AM as midnight and 12:00 PM as noon', () => {
    const morning = hours('12:00 AM', '12:00 PM');
    expect(isRestaurantOpen(morning, karachi(0))).toBe(true);
    expect(isRestaurantOpen(morning, karachi(11, 59))).toBe(true);
    expect(isRestaurantOpen(morning, karachi(12))).toBe(false);
    const afternoon = hours('12:00 PM', '12:00 AM');
    expect(isRestaurantOpen(afternoon, karachi(12))).toBe(true);
    expect(isRestaurantOpen(afternoon, karachi(23, 59))).toBe(true);
    expect(isRestaurantOpen(afternoon, karachi(24))).toBe(false);
  });

  it('decides with the clock of the given time zone', () => {
    const instant = new Date('2024-01-15T10:00:00Z'); // 3 PM in Karachi, 5 AM in New York
    const daytime = hours('10:00 AM', '10:00 PM');
    expect(isRestaurantOpen(daytime, instant)).toBe(true);
    expect(isRestaurantOpen(daytime, instant, 'America/New_York')).toBe(false);
  });

  it('refuses a malformed stored time instead of guessing', () => {
    expect(() => isRestaurantOpen(hours('25:00 PM', '10:00 PM'), karachi(12))).toThrow(AppError);
    expect(() => isRestaurantOpen(hours('10:00 AM', '10:00'), karachi(12))).toThrow(
      'Invalid restaurant time "10:00". Use a time like 10:00 AM.',
    );
  });

  it('is open at every instant when 24x7, whatever the times say', () => {
    fc.assert(
      fc.property(
        fc.record({ openTime: fc.option(fc.string()), closeTime: fc.option(fc.string()) }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom('Asia/Karachi', 'UTC', 'America/New_York', 'Asia/Kolkata'),
        (times, instant, zone) => {
          expect(isRestaurantOpen({ ...times, is24x7: true }, instant, zone)).toBe(true);
        },
      ),
    );
  });

  it('opens exactly at the open time and closes exactly at the close time', () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(minute, minute, (open, close) => {
        fc.pre(open !== close);
        const window = hours(formatTime12h(open), formatTime12h(close));
        expect(isRestaurantOpen(window, karachi(0, open))).toBe(true);
        expect(isRestaurantOpen(window, karachi(0, close))).toBe(false);
      }),
    );
  });

  it('swapping open and close times gives the opposite answer at every minute', () => {
    const minute = fc.integer({ min: 0, max: 1439 });
    fc.assert(
      fc.property(minute, minute, minute, (open, close, now) => {
        fc.pre(open !== close);
        const a = hours(formatTime12h(open), formatTime12h(close));
        const b = hours(formatTime12h(close), formatTime12h(open));
        expect(isRestaurantOpen(a, karachi(0, now))).toBe(!isRestaurantOpen(b, karachi(0, now)));
      }),
    );
  });
});

describe('labels and tooltips', () => {
  it('labels the card', () => {
    const daytime = hours('10:00 AM', '10:00 PM');
    expect(restaurantStatusLabel(daytime, karachi(12))).toBe('Open now (closes at 10:00 PM)');
    expect(restaurantStatusLabel(daytime, karachi(23))).toBe('Closed (opens at 10:00 AM)');
    expect(restaurantStatusLabel(hours('09:00 am', '11:00 pm'), karachi(8))).toBe(
      'Closed (opens at 9:00 AM)',
    );
    expect(restaurantStatusLabel({ is24x7: true }, karachi(3))).toBe('Open 24/7');
    expect(restaurantStatusLabel(hours(null, '10:00 PM'), karachi(3))).toBe('Open now');
  });

  it('explains the disabled Closed button', () => {
    expect(closedButtonTooltip(hours('10:00 AM', '10:00 PM'))).toBe('Restaurant opens at 10:00 AM');
    expect(closedButtonTooltip(hours(null, null))).toBe('Restaurant is currently closed');
    expect(closedButtonTooltip(hours('10:00', '10:00 PM'))).toBe('Restaurant is currently closed');
  });
});

describe('findClosedRestaurantMessage', () => {
  const open = { restaurantName: 'Open Grill', restaurantData: hours('8:00 AM', '11:00 PM') };
  const closedA = { restaurantName: 'Pizza Hub', restaurantData: hours('10:00 AM', '10:00 PM') };
  const closedB = { restaurantName: 'Chai Dhaba', restaurantData: hours('6:00 PM', '2:00 AM') };
  const mart = { restaurantName: 'Mart' };

  it('reports the first closed restaurant and skips mart lines', () => {
    expect(findClosedRestaurantMessage([mart, open, closedA, closedB], karachi(9))).toBe(
      'Sorry, Pizza Hub is currently closed. Please order after 10:00 AM.',
    );
    expect(findClosedRestaurantMessage([closedB, closedA], karachi(9))).toBe(
      'Sorry, Chai Dhaba is currently closed. Please order after 6:00 PM.',
    );
  });

  it('passes when every restaurant is open', () => {
    expect(findClosedRestaurantMessage([mart, open, closedA], karachi(12))).toBeNull();
    expect(findClosedRestaurantMessage([], karachi(12))).toBeNull();
  });

  it('drops the second sentence when no time is known', () => {
    expect(HOURS_MESSAGES.closedAtCheckout('Pizza Hub', null)).toBe(
      'Sorry, Pizza Hub is currently closed.',
    );
  });
});
