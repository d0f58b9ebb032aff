// No zod here: the web's navigation reads roles on first paint (ZRole is in entities.ts).
import { CODE_MESSAGES } from './error-catalogue';

/** Role values, from least to most powerful. */
export const ROLES = ['user', 'campusAdmin', 'superAdmin'] as const;

/** A role value. */
export type TRole = (typeof ROLES)[number];

/** The label the navigation dropdown shows for each role. */
export const ROLE_LABELS: Record<TRole, string> = {
  user: 'User',
  campusAdmin: 'Campus Admin',
  superAdmin: 'Super Admin',
};

/** Messages of the role rules (docs/product.md §6). */
export const ROLE_MESSAGES = {
  invalidRole: 'Invalid user role. Please contact support.',
  profileNotFound: 'User profile not found. Please contact support.',
  campusInfoMissing: 'University and campus information not found. Please contact the Super Admin.',
  orderSheetNotFound: (university: string, campus: string) =>
    `Order sheet for ${university} - ${campus} not found. Please contact the Super Admin.`,
  campusAdminRequired: 'Access denied. Campus Admin privileges required.',
  superAdminRequired: 'Access denied. Super Admin privileges required.',
} as const;

/** The part of a profile the role rules read. */
export type RoleHolder = {
  role: string;
  universityId?: string | null;
  campusId?: string | null;
};

type MaybeHolder = RoleHolder | null | undefined;

/** Whether a value is one of the role values. */
export function isRole(value: unknown): value is TRole {
  return (ROLES as readonly unknown[]).includes(value);
}

/** Whether the profile is a super admin. */
export function isSuperAdmin(profile: MaybeHolder): boolean {
  return profile?.role === 'superAdmin';
}

/** Whether the profile is a campus admin. */
export function isCampusAdmin(profile: MaybeHolder): boolean {
  return profile?.role === 'campusAdmin';
}

/** Whether the profile is a basic user. */
export function isUser(profile: MaybeHolder): boolean {
  return profile?.role === 'user';
}

/** Whether the profile has the role, or one of the roles. */
export function hasRole(profile: MaybeHolder, role: TRole | readonly TRole[]): boolean {
  if (!profile) return false;
  const wanted: readonly string[] = typeof role === 'string' ? [role] : role;
  return wanted.includes(profile.role);
}

/**
 * Whether the profile may manage a campus: a super admin any campus, a campus admin only the
 * university and campus on their profile, anyone else none.
 */
export function canAccessCampus(
  profile: MaybeHolder,
  universityId: string,
  campusId: string,
): boolean {
  if (isSuperAdmin(profile)) return true;
  return (
    isCampusAdmin(profile) &&
    !!profile?.universityId &&
    !!profile.campusId &&
    profile.universityId === universityId &&
    profile.campusId === campusId
  );
}

/**
 * The 403 text for someone without one of `roles` (docs/product.md §6): the super admin text where
 * only a super admin may pass, the campus admin text where a campus admin may, else the
 * catalogue's.
 */
export function accessDeniedMessage(roles: readonly TRole[]): string {
  if (roles.length === 1 && roles[0] === 'superAdmin') return ROLE_MESSAGES.superAdminRequired;
  if (roles.includes('campusAdmin')) return ROLE_MESSAGES.campusAdminRequired;
  return CODE_MESSAGES['permission-denied'];
}

/**
 * What a page's guard (docs/product.md §2) makes of a visitor: in, sign in first, or turned away
 * and why.
 */
export type PageAccess =
  | { kind: 'allowed' }
  | { kind: 'sign-in' }
  | { kind: 'denied'; message: string };

/**
 * The guard of a page: no profile → sign in; a role not in `roles`, or (`campusScoped`) a campus
 * that is not the campus admin's own → denied, with the text of accessDeniedMessage.
 */
export function pageAccess(
  profile: MaybeHolder,
  page: { roles?: readonly TRole[]; campusScoped?: boolean },
  params: { universityId?: string; campusId?: string },
): PageAccess {
  if (!profile) return { kind: 'sign-in' };
  const roleAllowed = !page.roles || hasRole(profile, page.roles);
  const campusAllowed =
    !page.campusScoped ||
    canAccessCampus(profile, params.universityId ?? '', params.campusId ?? '');
  if (roleAllowed && campusAllowed) return { kind: 'allowed' };
  return { kind: 'denied', message: accessDeniedMessage(page.roles ?? []) };
}

/** The campus admin dashboard route of a campus. */
export function campusAdminRoute(universityId: string, campusId: string): string {
  return `/admin/${encodeURIComponent(universityId)}/${encodeURIComponent(campusId)}`;
}

/**
 * Where a signed-in profile lands (also the /admin redirect): super admin → /super-admin, campus
 * admin → their campus dashboard, anyone else → /home. A campus admin without a campus on their
 * profile goes to /home, as they have no dashboard to see.
 */
export function landingRoute(profile: MaybeHolder): string {
  if (isSuperAdmin(profile)) return '/super-admin';
  if (isCampusAdmin(profile) && profile?.universityId && profile.campusId) {
    return campusAdminRoute(profile.universityId, profile.campusId);
  }
  return '/home';
}

/** The outcome of signing in: where to go, or the message for a missing profile or bad role. */
export function signInOutcome(
  profile:
    | { role?: unknown; universityId?: string | null; campusId?: string | null }
    | null
    | undefined,
): { ok: true; route: string } | { ok: false; message: string } {
  if (!profile) return { ok: false, message: ROLE_MESSAGES.profileNotFound };
  const { role } = profile;
  if (!isRole(role)) return { ok: false, message: ROLE_MESSAGES.invalidRole };
  return { ok: true, route: landingRoute({ ...profile, role }) };
}
