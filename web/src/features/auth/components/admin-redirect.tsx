import { landingRoute } from '@campus/shared/domain/roles';
import { Navigate } from 'react-router-dom';
import { useAuth } from '@/stores/auth';

/** /admin: super admin → /super-admin, campus admin → their campus, anyone else → /home. */
export function AdminRedirect() {
  const { user } = useAuth();
  return <Navigate to={landingRoute(user)} replace />;
}
