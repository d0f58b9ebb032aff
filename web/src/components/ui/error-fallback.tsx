import { formatError } from '@campus/shared/domain/error-catalogue';
import { primaryButton, secondaryButton } from './button-styles';

/** docs/product.md §2: what every page shows when it breaks. */
export function ErrorFallback({
  error,
  onTryAgain,
  onGoHome,
}: {
  error: unknown;
  onTryAgain(): void;
  onGoHome(): void;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">Oops! Something went wrong</h1>
      <p className="mt-3 text-gray-700">{formatError(error).message}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={primaryButton} onClick={onTryAgain}>
          Try Again
        </button>
        <button type="button" className={secondaryButton} onClick={onGoHome}>
          Go Home
        </button>
      </div>
    </section>
  );
}
