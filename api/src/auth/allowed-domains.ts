import type { Db } from '@campus/shared/server/db/client';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';

/** The allowed e-mail domains of a campus, as sign-up checks them. */
export function campusAllowedDomains(db: Db, campusId: string) {
  return db
    .select({
      domain: allowedDomains.domain,
      universityId: allowedDomains.universityId,
      campusId: allowedDomains.campusId,
    })
    .from(allowedDomains)
    .where(eq(allowedDomains.campusId, campusId))
    .orderBy(allowedDomains.domain);
}

/** The domains a campus allows, as the forms list them; none without a campus. */
export async function campusDomainNames(db: Db, campusId: string | null): Promise<string[]> {
  if (!campusId) return [];
  return (await campusAllowedDomains(db, campusId)).map((row) => row.domain);
}
