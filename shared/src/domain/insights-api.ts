import { z } from 'zod';
import { calendarDay } from './time-zone';

// The admins' Insights tab (decision 014): how a campus's business goes over a range of days. Days,
// weekdays and hours are those of the campus time zone (each order's own campus when a super
// admin looks at every campus at once).

/** The range a tab opens with: the last 30 days, today included. */
export const INSIGHTS_DEFAULT_DAYS = 30;
/** The longest range one request may ask for (a year, leap day included). */
export const INSIGHTS_MAX_DAYS = 366;
/** How many items the top list shows. */
export const INSIGHTS_TOP_ITEMS = 10;
/** The states whose orders bring no revenue (their money is given back or never taken). */
export const UNPAID_STATES = ['rejected', 'cancelled'] as const;

export const INSIGHTS_MESSAGES = {
  notADate: 'Enter a date as YYYY-MM-DD.',
  fromAfterTo: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${INSIGHTS_MAX_DAYS} days.`,
} as const;

const DAY_MS = 86_400_000;

/** The UTC midnight of a calendar day 'YYYY-MM-DD', or null when it is no real day. */
function utcMidnight(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, date);
  // 2026-02-30 rolls over to March: not a day of the calendar.
  return new Date(time).toISOString().slice(0, 10) === day ? time : null;
}

/** Whether a text is a real calendar day written YYYY-MM-DD. */
export const isCalendarDay = (day: string): boolean => utcMidnight(day) !== null;

/** The calendar day `days` after (or before, when negative) a day 'YYYY-MM-DD'. */
export function addDays(day: string, days: number): string {
  const time = utcMidnight(day);
  if (time === null) throw new Error(`not a calendar day: ${day}`);
  return new Date(time + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a range holds, both ends included (0 when `from` is after `to`). */
export function daysInRange(from: string, to: string): number {
  const [start, end] = [utcMidnight(from), utcMidnight(to)];
  if (start === null || end === null || start > end) return 0;
  return Math.round((end - start) / DAY_MS) + 1;
}

/** Every day of a range, in order, both ends included. */
export function daysOf(from: string, to: string): string[] {
  return Array.from({ length: daysInRange(from, to) }, (_, i) => addDays(from, i));
}

/** Today's date 'YYYY-MM-DD' in a time zone. */
export function todayIn(timeZone: string, now: Date): string {
  return calendarDay(now, timeZone);
}

/** The range a tab opens with in a time zone: the last 30 days, today included. */
export function defaultInsightsRange(timeZone: string, now: Date) {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, 1 - INSIGHTS_DEFAULT_DAYS), to };
}

/**
 * What is wrong with a range of days, field and message, or null when nothing is: a date that is
 * not one, a start after the end, more days than INSIGHTS_MAX_DAYS. The web form and the api ask
 * the same question.
 */
export function insightsRangeProblem(range: {
  from: string;
  to: string;
}): { field: 'from' | 'to'; message: string } | null {
  if (!isCalendarDay(range.from)) return { field: 'from', message: INSIGHTS_MESSAGES.notADate };
  if (!isCalendarDay(range.to)) return { field: 'to', message: INSIGHTS_MESSAGES.notADate };
  if (range.from > range.to) return { field: 'from', message: INSIGHTS_MESSAGES.fromAfterTo };
  if (daysInRange(range.from, range.to) > INSIGHTS_MAX_DAYS) {
    return { field: 'to', message: INSIGHTS_MESSAGES.tooLong };
  }
  return null;
}

/** GET /api/admin/insights: the campus (a super admin may leave it out) and the days. */
export const ZInsightsQuery = z.object({
  universityId: z.string().optional(),
  campusId: z.string().optional(),
  /** Calendar days in the campus time zone, YYYY-MM-DD, both included; default the last 30. */
  from: z.string().optional(),
  to: z.string().optional(),
});
export type TInsightsQuery = z.infer<typeof ZInsightsQuery>;

const zCount = z.number().int().min(0);
const zPaisa = z.number().int();

/** One day: the orders placed on it, and the revenue of those not rejected or cancelled. */
export const ZInsightsDay = z.object({ day: z.string(), orders: zCount, revenuePaisa: zPaisa });
export type TInsightsDay = z.infer<typeof ZInsightsDay>;

/** A restaurant's (or the mart's) share: its lines of orders not rejected or cancelled. */
export const ZInsightsRestaurant = z.object({
  /** The restaurant's id; null for the mart and for a restaurant deleted since. */
  restaurantId: z.string().nullable(),
  name: z.string(),
  kind: z.enum(['menu', 'mart']),
  quantity: zCount,
  revenuePaisa: zPaisa,
});
export type TInsightsRestaurant = z.infer<typeof ZInsightsRestaurant>;

/** An item among the most ordered (by quantity), from orders not rejected or cancelled. */
export const ZInsightsItem = z.object({
  name: z.string(),
  restaurantName: z.string(),
  kind: z.enum(['menu', 'mart']),
  quantity: zCount,
  revenuePaisa: zPaisa,
});
export type TInsightsItem = z.infer<typeof ZInsightsItem>;

export const ZInsightsResponse = z.object({
  ok: z.literal(true),
  from: z.string(),
  to: z.string(),
  /** The campus's time zone; null when the figures are of several campuses, each in its own. */
  timeZone: z.string().nullable(),
  /** Every day of the range, in order, days without orders included. */
  days: z.array(ZInsightsDay),
  /** Restaurants and the mart, most revenue first. */
  restaurants: z.array(ZInsightsRestaurant),
  /** The ten items ordered most, most first. */
  topItems: z.array(ZInsightsItem),
  /** Orders placed by weekday (0 Monday … 6 Sunday) and hour of the day (0–23). */
  heatmap: z.array(z.array(zCount).length(24)).length(7),
  /** From placement to the payment check (the first verify or reject), of orders checked. */
  paymentCheck: z.object({
    checked: zCount,
    medianSeconds: z.number().nullable(),
    p90Seconds: z.number().nullable(),
  }),
  /** Orders placed in the range, and how many of them were rejected and cancelled. */
  outcomes: z.object({ orders: zCount, rejected: zCount, cancelled: zCount }),
});
export type TInsightsResponse = z.infer<typeof ZInsightsResponse>;
