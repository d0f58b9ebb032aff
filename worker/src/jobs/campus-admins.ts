import type { Db } from '@campus/shared/server/db/client';
import { users } from '@campus/shared/server/db/schema';
import { and, eq } from 'drizzle-orm';

/**
 * The addresses of a campus's admins (none for an order whose campus is gone): each is mailed on
 * their own, so no admin sees another's address.
 */
export async function campusAdminEmails(db: Db, campusId: string | null): Promise<string[]> {
  if (!campusId) return [];
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'campusAdmin'), eq(users.campusId, campusId)));
  return rows.map((row) => row.email);
}
