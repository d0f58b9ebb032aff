import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, formatLongTimestamp, minutesOfDay } from './time-zone';

describe('minutesOfDay', () => {
  it('reads the clock of the time zone, Karachi by default', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Karachi');
    // 19:00 UTC is midnight in Karachi (UTC+5).
    expect(minutesOfDay(new Date('2024-01-15T19:00:00Z'))).toBe(0);
    expect(minutesOfDay(new Date('2024-01-15T18:59:59Z'))).toBe(23 * 60 + 59);
    expect(minutesOfDay(new Date('2024-01-15T19:00:00Z'), 'UTC')).toBe(19 * 60);
  });

  it('follows daylight saving where the zone has it', () => {
    expect(minutesOfDay(new Date('2024-01-15T12:00:00Z'), 'Europe/London')).toBe(12 * 60);
    expect(minutesOfDay(new Date('2024-07-15T12:00:00Z'), 'Europe/London')).toBe(13 * 60);
  });
});

describe('formatLongTimestamp', () => {
  it('gives the long Karachi format', () => {
    expect(formatLongTimestamp(new Date('2024-01-15T10:04:05Z'))).toBe(
      'Monday, January 15, 2024 at 3:04:05 PM GMT+5',
    );
  });

  it('shows midnight as 12 AM on the new day', () => {
    expect(formatLongTimestamp(new Date('2024-02-29T19:00:00Z'))).toBe(
      'Friday, March 1, 2024 at 12:00:00 AM GMT+5',
    );
  });

  it('uses the given time zone', () => {
    expect(formatLongTimestamp(new Date('2024-01-15T10:04:05Z'), 'UTC')).toBe(
      'Monday, January 15, 2024 at 10:04:05 AM UTC',
    );
  });
});
