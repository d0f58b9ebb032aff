import type { Db } from '@campus/shared/server/db/client';
import { accounts } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';

/** The row of a person's e-mail and password sign-in (better-auth's 'credential' account). */
export const isCredentialOf = (userId: string) =>
  and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'));

/**
 * A person's password sign-in and its stored hash: null when they have none; a null password when
 * they have not set one yet (brought over from Firebase without a hash).
 */
export async function credentialAccount(
  db: Db,
  userId: string,
): Promise<{ id: string; password: string | null } | null> {
  const [row] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(isCredentialOf(userId))
    .limit(1);
  return row ?? null;
}
