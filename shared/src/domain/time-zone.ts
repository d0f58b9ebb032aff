/** Campus time zone unless a campus says otherwise. */
export const DEFAULT_TIME_ZONE = 'Asia/Karachi';

// Building a DateTimeFormat is costly; open/closed runs for every card and cart line.
const clockFormats = new Map<string, Intl.DateTimeFormat>();
const longFormats = new Map<string, Intl.DateTimeFormat>();
const shortFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    cache.set(timeZone, format);
  }
  return format;
}

function partsOf(format: Intl.DateTimeFormat, instant: Date): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** The calendar day of an instant in a time zone, as '2026-11-26' (days sort as text). */
export function calendarDay(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const format = cached(dayFormats, timeZone, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const p = partsOf(format, instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes since local midnight (0–1439) of an instant in a time zone; seconds are dropped. */
export function minutesOfDay(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): number {
  const format = cached(clockFormats, timeZone, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = partsOf(format, instant);
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** The wall time of an instant in a time zone, to the minute: '2026-11-26T14:05'. */
export function wallTime(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const minutes = minutesOfDay(instant, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${calendarDay(instant, timeZone)}T${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/**
 * The order timestamp in long format, e.g. 'Monday, January 15, 2024 at 3:04:05 PM GMT+5'.
 * Assembled from parts so that every ICU version gives the same text (some put a narrow
 * no-break space before PM, or a comma instead of 'at').
 */
export function formatLongTimestamp(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const format = cached(longFormats, timeZone, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  });
  const p = partsOf(format, instant);
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute}:${p.second} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** A moment as people read it in a timeline, e.g. 'Jan 15, 2024, 3:04 PM' (no seconds, no zone). */
export function formatShortTimestamp(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const format = cached(shortFormats, timeZone, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  });
  const p = partsOf(format, instant);
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod}`;
}
