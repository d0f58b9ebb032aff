import type { TNewPasswordForm } from '@campus/shared/domain/auth-forms';
import type { Auth } from '../auth/auth';
import { fromAuthError } from './auth-errors';

/** Sets the password of a reset link's account; every session of that account ends. */
export async function setNewPassword(auth: Auth, values: TNewPasswordForm): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: values.token, newPassword: values.password } });
  } catch (error) {
    throw fromAuthError(error);
  }
}
