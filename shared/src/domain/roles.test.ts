import { describe, expect, it } from 'vitest';
import {
  canAccessCampus,
  hasRole,
  isCampusAdmin,
  isSuperAdmin,
  isUser,
  landingRoute,
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
