import { canAccessCampus, hasRole, type TRole } from '@campus/shared/domain/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { fromHere, useAuth } from '@/lib/auth';

/**
 * SPEC §2 guards: a spinner while auth loads; signed out (or no profile) → /login, remembering the
 * page; a role not allowed → /unauthorized. `campusScoped` also requires the route's campus to be
 * the campus admin's own. The server checks all of this again: this is only what the visitor sees.
 */
export function RequireAuth({
  children,
  roles,
  campusScoped = false,
}: {
  children: ReactNode;
  roles?: readonly TRole[];
  campusScoped?: boolean;
}) {
  const { loading, user } = useAuth();
  const location = useLocation();
  const params = useParams();
  if (loading) return <Spinner />;
  if (!user) {
    return <Navigate to="/login" replace state={fromHere(location)} />;
  }
  const roleAllowed = !roles || hasRole(user, roles);
  const campusAllowed =
    !campusScoped || canAccessCampus(user, params.universityId ?? '', params.campusId ?? '');
  if (!roleAllowed || !campusAllowed) return <Navigate to="/unauthorized" replace />;
  return children;
}
