import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { orders, uploads } from '@campus/shared/server/db/schema';
import { and, eq, exists, or, type SQL } from 'drizzle-orm';

/**
 * The stored payment screenshot at `url` if `person` may see it: the student who uploaded it (at
 * checkout, before any order), the student of an order paid with it, the admins of that order's
 * campus, super admins. Null otherwise, as for one that does not exist.
 */
export async function screenshotFor(
  db: Db,
  person: TUserProfile,
  url: string,
): Promise<{ contentType: string } | null> {
  const orderOf = (who: SQL | undefined) =>
    exists(
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.screenshotUrl, uploads.url), who)),
    );
  const allowed =
    person.role === 'superAdmin'
      ? undefined
      : or(
          eq(uploads.uploadedBy, person.uid),
          orderOf(eq(orders.userId, person.uid)),
          person.role === 'campusAdmin' && person.campusId
            ? orderOf(eq(orders.campusId, person.campusId))
            : undefined,
        );
  const [found] = await db
    .select({ contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.url, url), eq(uploads.purpose, 'screenshot'), allowed))
    .limit(1);
  return found ?? null;
}
