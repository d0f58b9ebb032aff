// No zod here: the web reads times on first paint; ZTime12h and ZOptionalTime12h are in
// entities.ts.

/** Messages of the time-of-day rules. */
export const TIME_MESSAGES = {
  invalidTime: 'Time must look like 10:00 AM.',
} as const;

// Hour 1–12 (one leading zero allowed), two-digit minutes, one space, AM or PM in either case.
const TIME_12H = /^(0?[1-9]|1[0-2]):([0-5]\d) ([AaPp][Mm])$/;
const TIME_24H = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Parses '10:00 AM' into minutes since midnight (0–1439); anything else gives null. */
export function parseTime12h(text: string): number | null {
  const match = TIME_12H.exec(text);
  if (!match) return null;
  const hour = Number(match[1]) % 12;
  const pm = match[3]?.toUpperCase() === 'PM';
  return (pm ? hour + 12 : hour) * 60 + Number(match[2]);
}

/** Formats minutes since midnight as '10:00 AM' (no leading zero on the hour). */
export function formatTime12h(minutes: number): string {
  const hour24 = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, '0');
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}:${minute} ${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** Rewrites a valid time in the canonical form ('09:00 pm' → '9:00 PM'), or null. */
export function normaliseTime12h(text: string): string | null {
  const minutes = parseTime12h(text);
  return minutes === null ? null : formatTime12h(minutes);
}

/**
 * A time that may be missing, as stored: blank (after trimming) is null, a valid time is its
 * canonical form, anything else is undefined.
 */
export function optionalTime12h(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseTime12h(trimmed) === null ? undefined : (normaliseTime12h(trimmed) ?? trimmed);
}

/** Converts an <input type="time"> value ('22:00') to '10:00 PM', or null. */
export function time24hToTime12h(value: string): string | null {
  const match = TIME_24H.exec(value);
  return match ? formatTime12h(Number(match[1]) * 60 + Number(match[2])) : null;
}

/** Converts '10:00 PM' to an <input type="time"> value ('22:00'), or null. */
export function time12hToTime24h(text: string): string | null {
  const minutes = parseTime12h(text);
  if (minutes === null) return null;
  const hours = String(Math.floor(minutes / 60)).padStart(2, '0');
  return `${hours}:${String(minutes % 60).padStart(2, '0')}`;
}
