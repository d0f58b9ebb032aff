import { formatError } from '@campus/shared/domain/error-catalogue';
import { useState } from 'react';
import type { FieldErrors } from 'react-hook-form';

/** The one message to show for a failed check: the first broken rule, as the schema orders them. */
function firstError(errors: FieldErrors): string | null {
  for (const error of Object.values(errors)) {
    if (error?.message) return String(error.message);
  }
  return null;
}

/** A form's one failure message (the red alert): from its checks or from what the submit threw. */
export function useFormFailure(initial: string | null = null) {
  const [failure, setFailure] = useState<string | null>(initial);
  return {
    failure,
    setFailure,
    /** Runs the submit's work; a throw becomes the message, formatted by the shared catalogue. */
    async attempt(work: () => Promise<void>): Promise<boolean> {
      setFailure(null);
      try {
        await work();
        return true;
      } catch (error) {
        setFailure(formatError(error).message);
        return false;
      }
    },
    /** react-hook-form's invalid handler: shows the first broken rule. */
    onInvalid: (errors: FieldErrors) => setFailure(firstError(errors)),
  };
}
