import { describe, expect, it } from 'vitest';
import { canFollowOrder, ZLiveEvent } from './live-events';

const order = { userId: 'student-1', universityId: 'u1', campusId: 'c1' };
const person = (
  role: string,
  uid: string,
  universityId: string | null,
  campusId: string | null,
) => ({
  role,
  uid,
  universityId,
  campusId,
});

describe('canFollowOrder', () => {
  it('lets the student who placed the order follow it, and no other student', () => {
    expect(canFollowOrder(person('user', 'student-1', 'u1', 'c1'), order)).toBe(true);
    expect(canFollowOrder(person('user', 'student-2', 'u1', 'c1'), order)).toBe(false);
  });

  it("lets campus admins follow their own campus's orders only", () => {
    expect(canFollowOrder(person('campusAdmin', 'a1', 'u1', 'c1'), order)).toBe(true);
    expect(canFollowOrder(person('campusAdmin', 'a2', 'u1', 'c2'), order)).toBe(false);
    expect(canFollowOrder(person('campusAdmin', 'a3', 'u2', 'c1'), order)).toBe(false);
    expect(canFollowOrder(person('campusAdmin', 'a4', null, null), order)).toBe(false);
  });

  it('lets every super admin follow every order, even one without a campus or a student', () => {
    const unknown = { userId: null, universityId: null, campusId: null };
    expect(canFollowOrder(person('superAdmin', 's1', null, null), order)).toBe(true);
    expect(canFollowOrder(person('superAdmin', 's1', null, null), unknown)).toBe(true);
    expect(canFollowOrder(person('campusAdmin', 'a1', 'u1', 'c1'), unknown)).toBe(false);
    expect(canFollowOrder(person('user', 'student-1', 'u1', 'c1'), unknown)).toBe(false);
  });
});

describe('ZLiveEvent', () => {
  it('reads the two kinds of event and refuses ids that are no log position', () => {
    expect(
      ZLiveEvent.parse({ type: 'order', id: '1700000000000-0', orderId: 'o1', state: 'verified' }),
    ).toEqual({ type: 'order', id: '1700000000000-0', orderId: 'o1', state: 'verified' });
    expect(ZLiveEvent.parse({ type: 'resync', id: '0-0' })).toEqual({ type: 'resync', id: '0-0' });
    expect(ZLiveEvent.safeParse({ type: 'resync', id: 'abc' }).success).toBe(false);
    expect(ZLiveEvent.safeParse({ type: 'mail', id: '1-0' }).success).toBe(false);
  });
});
