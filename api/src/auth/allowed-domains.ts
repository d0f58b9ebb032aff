import type { Db } from '@campus/shared/server/db/client';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';

/** The allowed e-mail domains of a campus, as sign-up and checkout check them. */
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
