import { canAccessCampus, hasRole, type RoleHolder, type TRole } from '@campus/shared/domain/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { fromHere, useAuth } from '@/lib/auth';

/** Navigation state for /unauthorized: why the guard turned the visitor away. */
export type DeniedState = { denied?: string };

/** What the guard of a page makes of the visitor. */
export type GuardOutcome =
  | { kind: 'allowed' }
  | { kind: 'sign-in' }
  | { kind: 'denied'; state: DeniedState };

/**
 * The guard's decision: no profile → sign in; a role not in `roles`, or with `campusScoped` a
 * campus that is not the visitor's own → denied, carrying the page's `denied` message.
 */
export function guardOutcome(
  user: RoleHolder | null,
  rule: { roles?: readonly TRole[]; campusScoped?: boolean; denied?: string },
  params: { universityId?: string; campusId?: string },
): GuardOutcome {
  if (!user) return { kind: 'sign-in' };
  const roleAllowed = !rule.roles || hasRole(user, rule.roles);
  const campusAllowed =
    !rule.campusScoped || canAccessCampus(user, params.universityId ?? '', params.campusId ?? '');
  if (roleAllowed && campusAllowed) return { kind: 'allowed' };
  return { kind: 'denied', state: rule.denied ? { denied: rule.denied } : {} };
}

/**
 * SPEC §2 guards: a spinner while auth loads; signed out (or no profile) → /login, remembering the
 * page; a role not allowed → /unauthorized, which shows `denied` (SPEC §6's 'Access denied. ...
 * privileges required.') when given. `campusScoped` also requires the route's campus to be the
 * campus admin's own. The server checks all of this again: this is only what the visitor sees.
 */
export function RequireAuth({
  children,
  roles,
  campusScoped = false,
  denied,
}: {
  children: ReactNode;
  roles?: readonly TRole[];
  campusScoped?: boolean;
  /** Why a visitor who may not open the page is turned away, shown on /unauthorized. */
  denied?: string;
}) {
  const { loading, user } = useAuth();
  const location = useLocation();
  const params = useParams();
  if (loading) return <Spinner />;
  const outcome = guardOutcome(user, { roles, campusScoped, denied }, params);
  if (outcome.kind === 'sign-in') {
    return <Navigate to="/login" replace state={fromHere(location)} />;
  }
  if (outcome.kind === 'denied') {
    return <Navigate to="/unauthorized" replace state={outcome.state} />;
  }
  return children;
}
