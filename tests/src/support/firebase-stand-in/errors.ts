// The error answers of Google's services, in the two JSON shapes the Firebase SDK reads: the
// Cloud APIs' `{ error: { code, message, status } }` and Identity Toolkit's older shape, whose
// message is the machine code (INVALID_LOGIN_CREDENTIALS) the SDK maps to an auth/... error.

/** An error answer: the HTTP status and the JSON body Google sends with it. */
export class GoogleError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly body: { error: Record<string, unknown> },
    message: string,
  ) {
    super(message);
  }
}

/** An error of a Cloud API (Firestore, and API-key checks everywhere). */
export function cloudError(httpStatus: number, status: string, message: string): GoogleError {
  return new GoogleError(
    httpStatus,
    { error: { code: httpStatus, message, status } },
    `${httpStatus} ${status}: ${message}`,
  );
}

export const invalidArgument = (message: string) => cloudError(400, 'INVALID_ARGUMENT', message);

/** An Identity Toolkit or Secure Token refusal such as INVALID_LOGIN_CREDENTIALS. */
export function identityError(code: string): GoogleError {
  return new GoogleError(
    400,
    {
      error: {
        code: 400,
        message: code,
        errors: [{ message: code, domain: 'global', reason: 'invalid' }],
      },
    },
    `400 ${code}`,
  );
}
