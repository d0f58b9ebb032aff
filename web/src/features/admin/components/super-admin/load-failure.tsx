import { formatError } from '@campus/shared/domain/error-catalogue';
import { Alert } from '@/components/ui/alert';
import { rowButton } from '@/features/admin/components/admin-controls';

/**
 * A failed load with Retry: the catalogue's message, which for a load that took too long is
 * 'Request timeout after 30 seconds' (the admin api's timeout error carries it).
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Alert>
      <p>{formatError(error).message}</p>
      <button type="button" className={`${rowButton} mt-2`} onClick={onRetry}>
        Retry
      </button>
    </Alert>
  );
}
