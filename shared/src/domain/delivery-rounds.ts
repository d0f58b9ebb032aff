import { z } from 'zod';
import { formatTime12h, parseTime12h, TIME_MESSAGES } from './time-of-day';
import { DEFAULT_TIME_ZONE } from './time-zone';

// Delivery rounds (docs/architecture.md §8): a campus's weekly slots, each a cut-off and a delivery
// time on a weekday in the campus time zone. An order joins the batch of the first round whose
// cut-off is after the moment it is placed; a cut-off at exactly that moment has passed.

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export const ZWeekday = z.enum(WEEKDAYS);
export type TWeekday = z.infer<typeof ZWeekday>;

export const WEEKDAY_LABELS: Record<TWeekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/** How many rounds one day may have. */
export const MAX_ROUNDS_PER_DAY = 12;

export const DELIVERY_SLOT_MESSAGES = {
  timeRequired: 'Please choose a time.',
  deliveryBeforeCutoff: 'The delivery time must be after the cut-off time.',
  unordered: 'List the rounds of a day in order of their cut-off times.',
  overlapping: (previousDelivery: string) =>
    `This round's cut-off comes before the previous round is delivered (${previousDelivery}).`,
  tooMany: `A day can have at most ${MAX_ROUNDS_PER_DAY} rounds.`,
} as const;

const zTime = z
  .string({ error: TIME_MESSAGES.invalidTime })
  .trim()
  .refine((text) => text !== '', { message: DELIVERY_SLOT_MESSAGES.timeRequired, abort: true })
  .refine((text) => parseTime12h(text) !== null, TIME_MESSAGES.invalidTime)
  .transform((text) => formatTime12h(parseTime12h(text) as number));

/** One weekly slot: orders until `cutoff`, delivered at `delivery`, both '12:30 PM'. */
export const ZDeliverySlot = z.object({ weekday: ZWeekday, cutoff: zTime, delivery: zTime });
export type TDeliverySlot = z.infer<typeof ZDeliverySlot>;

/** Minutes since midnight of a canonical time ('12:30 PM' → 750). */
const minutesOf = (time: string) => parseTime12h(time) as number;

/** What is wrong with a slot, given the day's slot before it and how many the day has so far. */
function slotProblem(
  slot: TDeliverySlot,
  previous: TDeliverySlot | undefined,
  countOfDay: number,
): { field: keyof TDeliverySlot; message: string } | null {
  if (countOfDay > MAX_ROUNDS_PER_DAY) {
    return { field: 'weekday', message: DELIVERY_SLOT_MESSAGES.tooMany };
  }
  if (minutesOf(slot.delivery) <= minutesOf(slot.cutoff)) {
    return { field: 'delivery', message: DELIVERY_SLOT_MESSAGES.deliveryBeforeCutoff };
  }
  if (!previous) return null;
  if (minutesOf(slot.cutoff) <= minutesOf(previous.cutoff)) {
    return { field: 'cutoff', message: DELIVERY_SLOT_MESSAGES.unordered };
  }
  if (minutesOf(slot.cutoff) < minutesOf(previous.delivery)) {
    return { field: 'cutoff', message: DELIVERY_SLOT_MESSAGES.overlapping(previous.delivery) };
  }
  return null;
}

/**
 * A campus's week of slots (PUT /api/admin/delivery-slots). Within a day, rounds come in order of
 * their cut-offs and do not overlap: a round runs from its cut-off to its delivery, and the next
 * one's cut-off may not come before that delivery. An empty list: the campus runs no batches.
 */
export const ZDeliverySlotsRequest = z
  .object({ slots: z.array(ZDeliverySlot).max(WEEKDAYS.length * MAX_ROUNDS_PER_DAY) })
  .superRefine(({ slots }, ctx) => {
    const last = new Map<TWeekday, TDeliverySlot>();
    const counts = new Map<TWeekday, number>();
    for (const [index, slot] of slots.entries()) {
      const count = (counts.get(slot.weekday) ?? 0) + 1;
      counts.set(slot.weekday, count);
      const problem = slotProblem(slot, last.get(slot.weekday), count);
      last.set(slot.weekday, slot);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          path: ['slots', index, problem.field],
          message: problem.message,
        });
      }
    }
  });
export type TDeliverySlotsRequest = z.infer<typeof ZDeliverySlotsRequest>;

/** The slots in week order (Monday first), each day's by cut-off: how they are stored and shown. */
export function sortSlots(slots: readonly TDeliverySlot[]): TDeliverySlot[] {
  return [...slots].sort(
    (a, b) =>
      WEEKDAYS.indexOf(a.weekday) - WEEKDAYS.indexOf(b.weekday) ||
      minutesOf(a.cutoff) - minutesOf(b.cutoff),
  );
}

/** One occurrence of a slot: the instants of its cut-off and delivery. */
export type Round = { cutoffAt: Date; deliveryAt: Date };

// ---- Calendar arithmetic in a time zone ---------------------------------------------------

const DAY_MS = 24 * 3600_000;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar fields of an instant in a time zone. */
function localParts(instant: Date, timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = Number(part.value);
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const p = localParts(new Date(instant), timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the zone's wall clock shows `minutes` after midnight of a calendar day (UTC fields).
 * A time the clock shows twice (clocks going back) is its first; a time it skips (clocks going
 * forward) is the moment after the jump, so a round's delivery never comes before its cut-off.
 */
function wallClockInstant(day: Date, minutes: number, timeZone: string): Date {
  const wall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 0, minutes);
  // The offsets in force half a day before and after: a day has one change of clocks at most.
  const offsets = [
    zoneOffsetMs(wall - DAY_MS / 2, timeZone),
    zoneOffsetMs(wall + DAY_MS / 2, timeZone),
  ];
  const candidates = offsets.map((offset) => wall - offset).sort((a, b) => a - b);
  const shown = candidates.filter((instant) => instant + zoneOffsetMs(instant, timeZone) === wall);
  return new Date(shown[0] ?? (candidates.at(-1) as number));
}

/** The calendar day (as a UTC midnight) an instant falls on in a time zone. */
function localDay(instant: Date, timeZone: string): Date {
  const p = localParts(instant, timeZone);
  return new Date(Date.UTC(p.year, p.month - 1, p.day));
}

const weekdayOf = (day: Date): TWeekday => WEEKDAYS[(day.getUTCDay() + 6) % 7] as TWeekday;

/** The rounds of one calendar day (a UTC midnight), in cut-off order. */
function roundsOfDay(slots: readonly TDeliverySlot[], day: Date, timeZone: string): Round[] {
  const weekday = weekdayOf(day);
  return sortSlots(slots.filter((slot) => slot.weekday === weekday)).map((slot) => ({
    cutoffAt: wallClockInstant(day, minutesOf(slot.cutoff), timeZone),
    deliveryAt: wallClockInstant(day, minutesOf(slot.delivery), timeZone),
  }));
}

/**
 * The rounds whose cut-off is after `from` and not after `to`, in order (a week holds every slot
 * once, so a search of eight days from any moment finds the next round of a non-empty week).
 */
export function roundsBetween(
  slots: readonly TDeliverySlot[],
  from: Date,
  to: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Round[] {
  const rounds: Round[] = [];
  for (let day = localDay(from, timeZone); ; day = new Date(day.getTime() + DAY_MS)) {
    // A day's rounds start at its midnight at the earliest, which is after `to` from here on.
    if (wallClockInstant(day, 0, timeZone) > to) return rounds;
    for (const round of roundsOfDay(slots, day, timeZone)) {
      if (round.cutoffAt > from && round.cutoffAt <= to) rounds.push(round);
    }
  }
}

/**
 * The round an order placed at `after` joins: the first whose cut-off is strictly after it (a
 * cut-off at that very moment has passed); null when the campus has no slots.
 */
export function nextRound(
  slots: readonly TDeliverySlot[],
  after: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Round | null {
  if (slots.length === 0) return null;
  return roundsBetween(slots, after, new Date(after.getTime() + 8 * DAY_MS), timeZone)[0] ?? null;
}

/** The round of the slots whose cut-off is exactly `cutoffAt`, or null (its slot was removed). */
export function roundAt(
  slots: readonly TDeliverySlot[],
  cutoffAt: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): Round | null {
  const round = nextRound(slots, new Date(cutoffAt.getTime() - 1), timeZone);
  return round && round.cutoffAt.getTime() === cutoffAt.getTime() ? round : null;
}

// ---- How rounds read ----------------------------------------------------------------------

/** The wall-clock time of an instant in a time zone, as slots are written: '12:30 PM'. */
export function clockTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const p = localParts(instant, timeZone);
  return formatTime12h(p.hour * 60 + p.minute);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayText = (instant: Date, timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      month: 'short',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(instant);
};

const sameDay = (a: Date, b: Date, timeZone: string) =>
  localDay(a, timeZone).getTime() === localDay(b, timeZone).getTime();

/**
 * What a student reads about their round, seen from `now`: 'Arrives with the 1:30 PM round; order
 * by 12:30 PM', or for a round of another day '… the 1:30 PM round on Thursday, Nov 26; order by
 * 12:30 PM that day'.
 */
export function roundPromise(
  round: Round,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const delivery = clockTime(round.deliveryAt, timeZone);
  const cutoff = clockTime(round.cutoffAt, timeZone);
  if (sameDay(round.cutoffAt, now, timeZone)) {
    return `Arrives with the ${delivery} round; order by ${cutoff}`;
  }
  return `Arrives with the ${delivery} round on ${dayText(round.cutoffAt, timeZone)}; order by ${cutoff} that day`;
}

/**
 * A round's name wherever it is listed (the sheet's Batch cell, the Batches tab): 'Thursday, Nov
 * 26, 1:30 PM round'.
 */
export function roundName(round: Round, timeZone: string = DEFAULT_TIME_ZONE): string {
  return `${dayText(round.deliveryAt, timeZone)}, ${clockTime(round.deliveryAt, timeZone)} round`;
}

/** The note an order's timeline gets when it moves to another round. */
export function roundMoveNote(
  from: Round,
  to: Round | null,
  why: 'closed-early' | 'slot-removed',
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const cause =
    why === 'closed-early'
      ? `The ${roundName(from, timeZone)} closed early`
      : `The ${roundName(from, timeZone)} was removed`;
  return to
    ? `${cause}; this order goes with the ${roundName(to, timeZone)}.`
    : `${cause}; the campus runs no rounds now, so this order is delivered outside a batch.`;
}

/** What checkout says of a round a restaurant of the bucket has no room in (decision 026). */
export function roundFullText(
  restaurantName: string,
  full: Round,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return `${restaurantName} takes no more orders in the ${roundName(full, timeZone)}`;
}

/** An order's timeline note when a restaurant's round was full: where the order goes instead. */
export function roundFullNote(
  restaurantName: string,
  full: Round,
  to: Round,
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  return `${roundFullText(restaurantName, full, timeZone)}; this order goes with the ${roundName(to, timeZone)}.`;
}
