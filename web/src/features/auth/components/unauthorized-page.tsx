import { ERROR_CATEGORIES } from '@campus/shared/domain/error-catalogue';
import { Link, useNavigate } from 'react-router-dom';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';

/** /unauthorized: where a guard sends someone whose role may not open a page (SPEC §2). */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <section className="mx-auto max-w-md p-6 text-center">
      <h1 className="text-2xl font-bold">{ERROR_CATEGORIES.AUTHORIZATION.title}</h1>
      <p className="mt-3 text-gray-700">{ERROR_CATEGORIES.AUTHORIZATION.message}</p>
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
