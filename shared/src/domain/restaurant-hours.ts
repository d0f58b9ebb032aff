import { AppError } from './app-error';
import { formatTime12h, parseTime12h } from './time-of-day';
import { DEFAULT_TIME_ZONE, minutesOfDay } from './time-zone';

/** The hours a restaurant (or a cart line's restaurantData) carries. */
export type RestaurantHours = {
  openTime?: string | null;
  closeTime?: string | null;
  /** Missing counts as the spec's default, true. */
  is24x7?: boolean | null;
};

/** Default hours for a new restaurant. */
export const DEFAULT_OPEN_TIME = '10:00 AM';
/** Default hours for a new restaurant. */
export const DEFAULT_CLOSE_TIME = '10:00 PM';
/** A new restaurant is open around the clock unless an admin says otherwise. */
export const DEFAULT_IS_24X7 = true;

/** Labels, tooltips and messages of the open/closed rule. */
export const HOURS_MESSAGES = {
  open24x7: 'Open 24/7',
  openNoHours: 'Open now',
  openUntil: (time: string) => `Open now (closes at ${time})`,
  closedUntil: (time: string) => `Closed (opens at ${time})`,
  tooltipOpensAt: (time: string) => `Restaurant opens at ${time}`,
  tooltipClosed: 'Restaurant is currently closed',
  closedAtCheckout: (restaurant: string, time?: string | null) =>
    time
      ? `Sorry, ${restaurant} is currently closed. Please order after ${time}.`
      : `Sorry, ${restaurant} is currently closed.`,
  hoursUnknown: 'Hours unknown',
  invalidStoredTime: (text: string) =>
    `Invalid restaurant time "${text}". Use a time like 10:00 AM.`,
} as const;

type Window = { open: number; close: number };

function minutesOrThrow(text: string): number {
  const minutes = parseTime12h(text.trim());
  if (minutes === null) {
    throw new AppError({
      code: 'invalid-time',
      status: 400,
      userMessage: HOURS_MESSAGES.invalidStoredTime(text),
    });
  }
  return minutes;
}

/** The daily window, or null when the restaurant is always open (24x7 or a time missing). */
function windowOf(hours: RestaurantHours): Window | null {
  if (hours.is24x7 ?? DEFAULT_IS_24X7) return null;
  const openTime = hours.openTime?.trim();
  const closeTime = hours.closeTime?.trim();
  if (!openTime || !closeTime) return null;
  return { open: minutesOrThrow(openTime), close: minutesOrThrow(closeTime) };
}

function inWindow({ open, close }: Window, now: number): boolean {
  // close < open wraps past midnight; close === open is an empty window, as the spec's rule reads.
  if (close < open) return now >= open || now < close;
  return now >= open && now < close;
}

/**
 * Whether a restaurant is open at an instant in a time zone: always when 24x7 or when a time is
 * missing; otherwise from the open time (inclusive) to the close time (exclusive). Throws an
 * AppError for a malformed stored time.
 */
export function isRestaurantOpen(
  hours: RestaurantHours,
  instant: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  const window = windowOf(hours);
  return window === null || inWindow(window, minutesOfDay(instant, timeZone));
}

/** The card badge: 'Open now (closes at 10:00 PM)', 'Closed (opens at 10:00 AM)', etc. */
export function restaurantStatusLabel(
  hours: RestaurantHours,
  instant: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (hours.is24x7 ?? DEFAULT_IS_24X7) return HOURS_MESSAGES.open24x7;
  const window = windowOf(hours);
  if (window === null) return HOURS_MESSAGES.openNoHours;
  return inWindow(window, minutesOfDay(instant, timeZone))
    ? HOURS_MESSAGES.openUntil(formatTime12h(window.close))
    : HOURS_MESSAGES.closedUntil(formatTime12h(window.open));
}

/** What a screen shows of a restaurant now: open, closed, or unknown hours; and its badge. */
export type RestaurantStatus = { state: 'open' | 'closed' | 'unknown'; label: string };

/**
 * The screens' open/closed rule: like isRestaurantOpen and restaurantStatusLabel, but a malformed
 * stored time gives 'Hours unknown' (ordering waits, as for a closed restaurant) instead of
 * throwing, so one bad restaurant never takes a page down.
 */
export function restaurantStatus(
  hours: RestaurantHours,
  instant: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): RestaurantStatus {
  try {
    const open = isRestaurantOpen(hours, instant, timeZone);
    return {
      state: open ? 'open' : 'closed',
      label: restaurantStatusLabel(hours, instant, timeZone),
    };
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid-time') {
      return { state: 'unknown', label: HOURS_MESSAGES.hoursUnknown };
    }
    throw error;
  }
}

/** The opening time in canonical form, or null when none is known or it is malformed. */
export function openingTimeText(hours: RestaurantHours): string | null {
  const minutes = hours.openTime ? parseTime12h(hours.openTime.trim()) : null;
  return minutes === null ? null : formatTime12h(minutes);
}

/** Tooltip of the disabled 'Closed' button on a menu item card. */
export function closedButtonTooltip(hours: RestaurantHours): string {
  const time = openingTimeText(hours);
  return time ? HOURS_MESSAGES.tooltipOpensAt(time) : HOURS_MESSAGES.tooltipClosed;
}

/**
 * The checkout's closed-restaurant check: the message for the first line whose restaurant is
 * closed, or null. Lines without restaurantData (mart items) are skipped.
 */
export function findClosedRestaurantMessage(
  lines: readonly { restaurantName: string; restaurantData?: RestaurantHours | null }[],
  instant: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  for (const line of lines) {
    if (!line.restaurantData) continue;
    if (!isRestaurantOpen(line.restaurantData, instant, timeZone)) {
      return HOURS_MESSAGES.closedAtCheckout(
        line.restaurantName,
        openingTimeText(line.restaurantData),
      );
    }
  }
  return null;
}
