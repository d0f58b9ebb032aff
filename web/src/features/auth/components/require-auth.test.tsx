import { ROLE_MESSAGES, type RoleHolder } from '@campus/shared/domain/roles';
import { describe, expect, it } from 'vitest';
import { guardOutcome } from './require-auth';

// The guard's decision, as the routes of SPEC §2 use it; the redirect itself (a <Navigate> that
// acts in an effect) is exercised by the browser tests.

const student: RoleHolder = { role: 'user', universityId: 'uni-1', campusId: 'campus-1' };
const campusAdmin: RoleHolder = {
  role: 'campusAdmin',
  universityId: 'uni-1',
  campusId: 'campus-1',
};
const superAdmin: RoleHolder = { role: 'superAdmin', universityId: null, campusId: null };

const superAdminPage = { roles: ['superAdmin'], denied: ROLE_MESSAGES.superAdminRequired } as const;
const campusPage = {
  roles: ['superAdmin', 'campusAdmin'],
  campusScoped: true,
  denied: ROLE_MESSAGES.campusAdminRequired,
} as const;
const ownCampus = { universityId: 'uni-1', campusId: 'campus-1' };
const otherCampus = { universityId: 'uni-2', campusId: 'campus-9' };

describe('guardOutcome', () => {
  it('sends a visitor without a profile to sign in', () => {
    expect(guardOutcome(null, superAdminPage, {})).toEqual({ kind: 'sign-in' });
  });

  it('turns a student away from a super admin page with the super admin text', () => {
    expect(guardOutcome(student, superAdminPage, {})).toEqual({
      kind: 'denied',
      state: { denied: 'Access denied. Super Admin privileges required.' },
    });
    expect(guardOutcome(campusAdmin, superAdminPage, {})).toEqual({
      kind: 'denied',
      state: { denied: ROLE_MESSAGES.superAdminRequired },
    });
  });

  it('turns a student away from a campus dashboard with the campus admin text', () => {
    expect(guardOutcome(student, campusPage, ownCampus)).toEqual({
      kind: 'denied',
      state: { denied: 'Access denied. Campus Admin privileges required.' },
    });
  });

  it("turns a campus admin away from another campus's dashboard with the campus admin text", () => {
    expect(guardOutcome(campusAdmin, campusPage, otherCampus)).toEqual({
      kind: 'denied',
      state: { denied: ROLE_MESSAGES.campusAdminRequired },
    });
    // The same university, another campus.
    expect(guardOutcome(campusAdmin, campusPage, { ...ownCampus, campusId: 'campus-2' })).toEqual({
      kind: 'denied',
      state: { denied: ROLE_MESSAGES.campusAdminRequired },
    });
  });

  it('lets a campus admin into their own campus and a super admin anywhere', () => {
    expect(guardOutcome(campusAdmin, campusPage, ownCampus)).toEqual({ kind: 'allowed' });
    expect(guardOutcome(superAdmin, campusPage, otherCampus)).toEqual({ kind: 'allowed' });
    expect(guardOutcome(superAdmin, superAdminPage, {})).toEqual({ kind: 'allowed' });
  });

  it('gives no reason when the page names none (the generic message shows)', () => {
    expect(guardOutcome(student, { roles: ['superAdmin'] }, {})).toEqual({
      kind: 'denied',
      state: {},
    });
  });
});
