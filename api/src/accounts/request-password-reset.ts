import type { Db } from '@campus/shared/server/db/client';
import type { Auth } from '../auth/auth';
import { authRefusal } from '../http/errors';
import { userIdByEmail } from '../users/find-user';

/**
 * E-mails a password reset link to an address that has an account (docs/product.md §5); a 404
 * otherwise.
 */
export async function requestPasswordReset(
  deps: { db: Db; auth: Auth },
  email: string,
): Promise<void> {
  if (!(await userIdByEmail(deps.db, email))) throw authRefusal('auth/user-not-found', 404);
  await deps.auth.api.requestPasswordReset({ body: { email } });
}
