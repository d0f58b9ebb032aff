import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES } from './error-catalogue';
import {
  accessDeniedMessage,
  canAccessCampus,
  hasRole,
  isCampusAdmin,
  isSuperAdmin,
  isUser,
  landingRoute,
  pageAccess,
  ROLE_LABELS,
  ROLE_MESSAGES,
  signInOutcome,
} from './roles';

const superAdmin = { role: 'superAdmin', universityId: null, campusId: null };
const campusAdmin = { role: 'campusAdmin', universityId: 'u1', campusId: 'c1' };
const student = { role: 'user', universityId: 'u1', campusId: 'c1' };

describe('role predicates', () => {
  it('tell the three roles apart and refuse a missing profile', () => {
    expect([isSuperAdmin(superAdmin), isCampusAdmin(superAdmin), isUser(superAdmin)]).toEqual([
      true,
      false,
      false,
    ]);
    expect([isSuperAdmin(campusAdmin), isCampusAdmin(campusAdmin), isUser(campusAdmin)]).toEqual([
      false,
      true,
      false,
    ]);
    expect([isSuperAdmin(student), isCampusAdmin(student), isUser(student)]).toEqual([
      false,
      false,
      true,
    ]);
    expect(isSuperAdmin(null) || isCampusAdmin(undefined) || isUser(null)).toBe(false);
  });

  it('checks one role or any of several', () => {
    expect(hasRole(campusAdmin, 'campusAdmin')).toBe(true);
    expect(hasRole(campusAdmin, 'superAdmin')).toBe(false);
    expect(hasRole(student, ['campusAdmin', 'superAdmin'])).toBe(false);
    expect(hasRole(superAdmin, ['campusAdmin', 'superAdmin'])).toBe(true);
    expect(hasRole(null, 'user')).toBe(false);
  });

  it('labels roles for the navigation', () => {
    expect(ROLE_LABELS).toEqual({
      user: 'User',
      campusAdmin: 'Campus Admin',
      superAdmin: 'Super Admin',
    });
  });
});

describe('canAccessCampus', () => {
  it('lets a super admin into any campus', () => {
    expect(canAccessCampus(superAdmin, 'u9', 'c9')).toBe(true);
  });

  it('lets a campus admin into their own campus only', () => {
    expect(canAccessCampus(campusAdmin, 'u1', 'c1')).toBe(true);
    expect(canAccessCampus(campusAdmin, 'u1', 'c2')).toBe(false);
    expect(canAccessCampus(campusAdmin, 'u2', 'c1')).toBe(false);
    expect(
      canAccessCampus({ role: 'campusAdmin', universityId: null, campusId: null }, '', ''),
    ).toBe(false);
  });

  it('keeps basic users and strangers out', () => {
    expect(canAccessCampus(student, 'u1', 'c1')).toBe(false);
    expect(canAccessCampus(null, 'u1', 'c1')).toBe(false);
  });
});

describe('landing', () => {
  it('sends each role to its page', () => {
    expect(landingRoute(superAdmin)).toBe('/super-admin');
    expect(landingRoute(campusAdmin)).toBe('/admin/u1/c1');
    expect(landingRoute(student)).toBe('/home');
    expect(landingRoute({ role: 'campusAdmin', universityId: 'u1', campusId: null })).toBe('/home');
    expect(landingRoute({ role: 'campusAdmin', universityId: 'u/1', campusId: 'c 1' })).toBe(
      '/admin/u%2F1/c%201',
    );
  });

  it('reports a missing profile or an unknown role', () => {
    expect(signInOutcome(null)).toEqual({
      ok: false,
      message: 'User profile not found. Please contact support.',
    });
    expect(signInOutcome({ role: 'admin' })).toEqual({
      ok: false,
      message: 'Invalid user role. Please contact support.',
    });
    expect(signInOutcome({})).toEqual({ ok: false, message: ROLE_MESSAGES.invalidRole });
    expect(signInOutcome(campusAdmin)).toEqual({ ok: true, route: '/admin/u1/c1' });
  });

  it('names the missing order sheet', () => {
    expect(ROLE_MESSAGES.orderSheetNotFound('LUMS', 'Main')).toBe(
      'Order sheet for LUMS - Main not found. Please contact the Super Admin.',
    );
  });
});

describe('page guards', () => {
  const superAdminPage = { roles: ['superAdmin'] } as const;
  const campusPage = { roles: ['superAdmin', 'campusAdmin'], campusScoped: true } as const;
  const own = { universityId: 'u1', campusId: 'c1' };
  const other = { universityId: 'u2', campusId: 'c9' };

  it('send a visitor without a profile to sign in', () => {
    expect(pageAccess(null, superAdminPage, {})).toEqual({ kind: 'sign-in' });
  });

  it('turn others away from super admin pages with the super admin text', () => {
    for (const profile of [student, campusAdmin]) {
      expect(pageAccess(profile, superAdminPage, {})).toEqual({
        kind: 'denied',
        message: 'Access denied. Super Admin privileges required.',
      });
    }
  });

  it("turn a student, and a campus admin of another campus, away from a campus's dashboard", () => {
    const denied = { kind: 'denied', message: 'Access denied. Campus Admin privileges required.' };
    expect(pageAccess(student, campusPage, own)).toEqual(denied);
    expect(pageAccess(campusAdmin, campusPage, other)).toEqual(denied);
    expect(pageAccess(campusAdmin, campusPage, { ...own, campusId: 'c2' })).toEqual(denied);
  });

  it('let a campus admin into their own campus and a super admin anywhere', () => {
    expect(pageAccess(campusAdmin, campusPage, own)).toEqual({ kind: 'allowed' });
    expect(pageAccess(superAdmin, campusPage, other)).toEqual({ kind: 'allowed' });
    expect(pageAccess(superAdmin, superAdminPage, {})).toEqual({ kind: 'allowed' });
    expect(pageAccess(student, {}, {})).toEqual({ kind: 'allowed' });
  });

  it('give the catalogue text where no admin role would pass', () => {
    expect(accessDeniedMessage(['user'])).toBe(CODE_MESSAGES['permission-denied']);
  });
});
