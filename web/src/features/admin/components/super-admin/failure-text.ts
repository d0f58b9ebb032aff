import { adminFailureMessage } from '@/features/admin/api/admin-api';

/**
 * The text of a failed write: the spec's message, followed by the server's own message for the
 * field it refused when a 400 names one (e.g. 'Failed to save campus: Another campus already
 * uses the order sheet tab ...').
 */
export function failureText(specMessage: string, error: unknown): string {
  const shown = adminFailureMessage(error, specMessage);
  return shown === specMessage ? specMessage : `${specMessage}: ${shown}`;
}
