import { formatError } from '@campus/shared/domain/error-catalogue';
import { Alert } from './alert';
import { secondaryButton } from './button-styles';

/**
 * A failed load with Retry: the catalogue's message (for an admin load that took too long,
 * 'Request timeout after 30 seconds') and a button that loads it again.
 */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <Alert>
      <p>{formatError(error).message}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-2`}>
        Retry
      </button>
    </Alert>
  );
}
