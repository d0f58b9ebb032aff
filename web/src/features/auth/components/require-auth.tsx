import { pageAccess, type TRole } from '@campus/shared/domain/roles';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { fromHere, useAuth } from '@/stores/auth';

/** Navigation state for /unauthorized: why the guard turned the visitor away. */
export type DeniedState = { denied?: string };

/**
 * docs/product.md §2 guards (pageAccess): a spinner while auth loads; signed out (or no profile) →
 * /login, remembering the page; a role not allowed, or with `campusScoped` another campus →
 * /unauthorized, which shows why (docs/product.md §6's 'Access denied. ... privileges required.').
 * The server checks all of this again: this is only what the visitor sees.
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
  const access = pageAccess(user, { roles, campusScoped }, params);
  if (access.kind === 'sign-in') {
    return <Navigate to="/login" replace state={fromHere(location)} />;
  }
  if (access.kind === 'denied') {
    const state: DeniedState = { denied: access.message };
    return <Navigate to="/unauthorized" replace state={state} />;
  }
  return children;
}
