import { describe, expect, it } from 'vitest';
import { compareEventIds, parseAnnouncement, revokeAnnouncement } from './order-events';

describe('compareEventIds', () => {
  it('orders log ids by time, then sequence, as numbers rather than text', () => {
    expect(compareEventIds('9-0', '10-0')).toBeLessThan(0);
    expect(compareEventIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareEventIds('1795560100133-1', '1795560100133-0')).toBeGreaterThan(0);
    expect(compareEventIds('5-5', '5-5')).toBe(0);
  });
});

describe('parseAnnouncement', () => {
  const event = { orderId: 'o1', state: 'verified', userId: 'u', universityId: 'n', campusId: 'c' };

  it('reads the id and the event of an announcement', () => {
    expect(parseAnnouncement(`12-3 ${JSON.stringify(event)}`)).toEqual({ ...event, id: '12-3' });
  });

  it('reads the announcement that events were lost', () => {
    expect(parseAnnouncement('resync')).toBe('resync');
  });

  it('reads whose streams a revoke ends', () => {
    expect(parseAnnouncement(revokeAnnouncement('user-1'))).toEqual({ revoked: 'user-1' });
    expect(parseAnnouncement('revoke ')).toBeNull();
  });

  it('ignores what is not one of ours', () => {
    expect(parseAnnouncement('hello')).toBeNull();
    expect(parseAnnouncement(`x-1 ${JSON.stringify(event)}`)).toBeNull();
    expect(parseAnnouncement('12-3 {not json')).toBeNull();
    expect(parseAnnouncement(`12-3 ${JSON.stringify({ ...event, orderId: '' })}`)).toBeNull();
  });
});
