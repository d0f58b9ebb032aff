import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { useLocation, useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import type { DeniedState } from './require-auth';

/** The reason a guard passed along, if the navigation state holds one. */
function deniedMessage(state: unknown): string | null {
  const denied = (state as DeniedState | null)?.denied;
  return typeof denied === 'string' && denied !== '' ? denied : null;
}

/**
 * /unauthorized: where a guard sends someone whose role may not open a page (docs/product.md §2).
 * It says why when the guard told it (docs/product.md §6, e.g. 'Access denied. Super Admin
 * privileges required.'), and the catalogue's generic message otherwise (the page opened directly).
 */
export function UnauthorizedScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const message = deniedMessage(location.state) ?? ERROR_CATEGORIES.AUTHORIZATION.message;
  return (
    <section className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-2xl font-bold">{ERROR_CATEGORIES.AUTHORIZATION.title}</h1>
      <p className="mt-3 text-gray-700">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/home" className={primaryButton}>
          Go to Home
        </Link>
        <button type="button" className={secondaryButton} onClick={() => navigate(-1)}>
          {ERROR_CATEGORIES.AUTHORIZATION.action}
        </button>
      </div>
    </section>
  );
}
