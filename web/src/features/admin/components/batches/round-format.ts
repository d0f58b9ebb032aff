import { formatTime12h } from '@campus/shared/domain/time-of-day';

// How the Batches tab reads a round's instants (ISO text in the answers) in its campus's zone.

const clocks = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a zone, as the rounds are written: '12:30 PM'. */
export function clockTime(instant: string | Date, timeZone: string): string {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return formatTime12h(part('hour') * 60 + part('minute'));
}

/** 'order' or 'orders' after a count: '1 order', '3 orders'. */
export function orderCount(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}`;
}

/** What the pick lists say of orders not in them yet: '3 orders still wait for their payment check'. */
export function waitingText(count: number): string {
  return count === 1
    ? '1 order still waits for its payment check'
    : `${count} orders still wait for their payment check`;
}
