import { formatError } from '@campus/shared/domain/error-catalogue';

/**
 * The text of a failed admin write: the spec's message, followed by the server's own message for
 * the field it refused when a 400 names one (e.g. 'Failed to save campus: Another campus already
 * uses the order sheet tab ...'). Anything else is logged, and the spec's message alone shown.
 */
export function failureText(specMessage: string, error: unknown): string {
  const formatted = formatError(error);
  if (formatted.status === 400 && formatted.fields) {
    const fieldMessage = Object.values(formatted.fields).find((message) => message !== '');
    if (fieldMessage)
      return fieldMessage === specMessage ? specMessage : `${specMessage}: ${fieldMessage}`;
  }
  // The spec's message replaces the server's: keep what actually went wrong for the operator.
  console.warn(`${specMessage}: ${formatted.message}`, error);
  return specMessage;
}
