import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { users } from '@campus/shared/server/db/schema';
import { eq, sql } from 'drizzle-orm';
import { toProfile } from '../auth/auth';

/** The profile of the person with this id, or null. */
export async function findUser(db: Db, id: string): Promise<TUserProfile | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? toProfile(row) : null;
}

/** The id of the account with this e-mail address (compared in lower case), or null. */
export async function userIdByEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return row?.id ?? null;
}
