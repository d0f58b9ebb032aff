import { AUTH_MESSAGES } from '@campus/shared/domain/auth-forms';
import { APIError } from 'better-auth/api';
import { authRefusal, invalidField } from '../http/errors';

/** better-auth's refusals in the spec's words; anything else stays a server error. */
export function fromAuthError(error: unknown): unknown {
  if (!(error instanceof APIError)) return error;
  switch (error.body?.code) {
    case 'INVALID_EMAIL':
      return invalidField('email', AUTH_MESSAGES.emailInvalid);
    case 'PASSWORD_TOO_SHORT':
      return invalidField('password', AUTH_MESSAGES.passwordTooShort);
    case 'PASSWORD_TOO_LONG':
      return invalidField('password', AUTH_MESSAGES.passwordTooLong);
    case 'INVALID_TOKEN':
      return invalidField('token', AUTH_MESSAGES.resetLinkInvalid);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return authRefusal('auth/email-already-in-use', 409);
    default:
      return error;
  }
}
