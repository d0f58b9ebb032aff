import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DELIVERY_SLOT_MESSAGES,
  nextRound,
  roundAt,
  roundName,
  roundPromise,
  roundsBetween,
  type TDeliverySlot,
  WEEKDAYS,
  ZDeliverySlotsRequest,
} from './delivery-rounds';
import { TIME_MESSAGES } from './time-of-day';

const at = (iso: string) => new Date(iso);
const slot = (weekday: TDeliverySlot['weekday'], cutoff: string, delivery: string) => ({
  weekday,
  cutoff,
  delivery,
});

describe('the round an order joins', () => {
  const week = [slot('mon', '12:30 PM', '1:30 PM'), slot('mon', '6:00 PM', '7:00 PM')];

  it('counts a cut-off at the very moment of placing as passed', () => {
    // Monday, November 23, 2026, Karachi (UTC+5).
    expect(nextRound(week, at('2026-11-23T12:29:59.999+05:00'), 'Asia/Karachi')?.cutoffAt).toEqual(
      at('2026-11-23T12:30:00+05:00'),
    );
    expect(nextRound(week, at('2026-11-23T12:30:00+05:00'), 'Asia/Karachi')?.cutoffAt).toEqual(
      at('2026-11-23T18:00:00+05:00'),
    );
  });

  it('reads the slots in the campus time zone, across a change of clocks', () => {
    // New York moves its clocks back on Sunday, November 1, 2026: 12:30 PM is 17:30Z after it.
    const sunday = [slot('sun', '12:30 PM', '1:30 PM')];
    const round = nextRound(sunday, at('2026-10-31T12:00:00Z'), 'America/New_York');
    expect(round?.cutoffAt).toEqual(at('2026-11-01T17:30:00Z'));
    expect(round?.deliveryAt).toEqual(at('2026-11-01T18:30:00Z'));
  });

  it('puts a time the clocks skip after the jump, so delivery stays after its cut-off', () => {
    // New York skips 2:00-3:00 AM on Sunday, March 8, 2026.
    const night = [slot('sun', '1:30 AM', '2:30 AM')];
    const round = nextRound(night, at('2026-03-07T12:00:00Z'), 'America/New_York');
    expect(round?.cutoffAt).toEqual(at('2026-03-08T06:30:00Z'));
    expect(round?.deliveryAt).toEqual(at('2026-03-08T07:30:00Z'));
    // A time shown twice (November 1, 1:30 AM) is its first.
    const back = nextRound(
      [slot('sun', '1:30 AM', '3:00 AM')],
      at('2026-10-31T12:00:00Z'),
      'America/New_York',
    );
    expect(back?.cutoffAt).toEqual(at('2026-11-01T05:30:00Z'));
  });

  it('has none without slots', () => {
    expect(nextRound([], at('2026-11-23T12:00:00Z'))).toBeNull();
  });

  it('is, from any moment of a week, the first slot occurrence strictly after it', () => {
    const zones = ['Asia/Karachi', 'Europe/London', 'America/New_York', 'Asia/Kolkata'];
    const slots = fc
      .array(
        fc.record({
          weekday: fc.constantFrom(...WEEKDAYS),
          minute: fc.integer({ min: 0, max: 1438 }),
        }),
        { minLength: 1, maxLength: 8 },
      )
      .map((list) =>
        list.map(({ weekday, minute }) => {
          const time = (m: number) => {
            const h = Math.floor(m / 60);
            return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
          };
          return slot(weekday, time(minute), time(minute + 1));
        }),
      );
    fc.assert(
      fc.property(
        slots,
        fc.constantFrom(...zones),
        fc.date({
          min: at('2026-01-01T00:00:00Z'),
          max: at('2027-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (week, zone, now) => {
          const round = nextRound(week, now, zone);
          expect(round).not.toBeNull();
          if (!round) return;
          expect(round.cutoffAt.getTime()).toBeGreaterThan(now.getTime());
          expect(round.cutoffAt.getTime() - now.getTime()).toBeLessThanOrEqual(
            7 * 24 * 3600_000 + 3600_000,
          );
          // No occurrence lies between now and it.
          expect(roundsBetween(week, now, new Date(round.cutoffAt.getTime() - 1), zone)).toEqual(
            [],
          );
          expect(roundAt(week, round.cutoffAt, zone)).toEqual(round);
        },
      ),
    );
  });
});

describe('how a round reads', () => {
  const round = {
    cutoffAt: at('2026-11-23T12:30:00+05:00'),
    deliveryAt: at('2026-11-23T13:30:00+05:00'),
  };

  it('promises the round of the same day by its times, another day also by its date', () => {
    expect(roundPromise(round, at('2026-11-23T09:00:00+05:00'), 'Asia/Karachi')).toBe(
      'Arrives with the 1:30 PM round; order by 12:30 PM',
    );
    expect(roundPromise(round, at('2026-11-22T21:00:00+05:00'), 'Asia/Karachi')).toBe(
      'Arrives with the 1:30 PM round on Monday, Nov 23; order by 12:30 PM that day',
    );
    expect(roundName(round, 'Asia/Karachi')).toBe('Monday, Nov 23, 1:30 PM round');
  });
});

describe('the slots an admin saves', () => {
  const problem = (slots: unknown[]) => {
    const result = ZDeliverySlotsRequest.safeParse({ slots });
    return result.success
      ? null
      : { field: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message };
  };

  it('takes a day of ordered rounds, written in any case', () => {
    const parsed = ZDeliverySlotsRequest.parse({
      slots: [slot('mon', '12:30 pm', '01:30 PM'), slot('mon', '1:30 PM', '2:00 PM')],
    });
    expect(parsed.slots[0]).toEqual(slot('mon', '12:30 PM', '1:30 PM'));
  });

  it('refuses a time that is not a time, a delivery before its cut-off, unordered and overlapping rounds', () => {
    expect(problem([slot('mon', '25:00', '1:30 PM')])).toEqual({
      field: 'slots.0.cutoff',
      message: TIME_MESSAGES.invalidTime,
    });
    expect(problem([slot('mon', '12:30 PM', '12:00 PM')])).toEqual({
      field: 'slots.0.delivery',
      message: DELIVERY_SLOT_MESSAGES.deliveryBeforeCutoff,
    });
    expect(
      problem([slot('tue', '6:00 PM', '7:00 PM'), slot('tue', '12:30 PM', '1:30 PM')]),
    ).toEqual({
      field: 'slots.1.cutoff',
      message: DELIVERY_SLOT_MESSAGES.unordered,
    });
    expect(
      problem([slot('tue', '12:30 PM', '1:30 PM'), slot('tue', '1:00 PM', '2:00 PM')]),
    ).toEqual({
      field: 'slots.1.cutoff',
      message: "This round's cut-off comes before the previous round is delivered (1:30 PM).",
    });
    // The same times on different days do not meet.
    expect(
      problem([slot('tue', '12:30 PM', '1:30 PM'), slot('wed', '12:30 PM', '1:30 PM')]),
    ).toBeNull();
  });
});
