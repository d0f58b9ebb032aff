import type { Db } from '@campus/shared/server/db/client';
import { preparedQuery } from '@campus/shared/server/db/prepared';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { eq, sql } from 'drizzle-orm';

// Every checkout asks.
const domainsOfCampus = preparedQuery((db) =>
  db
    .select({
      domain: allowedDomains.domain,
      universityId: allowedDomains.universityId,
      campusId: allowedDomains.campusId,
    })
    .from(allowedDomains)
    .where(eq(allowedDomains.campusId, sql.placeholder('campusId')))
    .orderBy(allowedDomains.domain)
    .prepare('campus_allowed_domains'),
);

/** The allowed e-mail domains of a campus, as sign-up checks them. */
export function campusAllowedDomains(db: Db, campusId: string) {
  return domainsOfCampus(db).execute({ campusId });
}

/** The domains a campus allows, as the forms list them; none without a campus. */
export async function campusDomainNames(db: Db, campusId: string | null): Promise<string[]> {
  if (!campusId) return [];
  return (await campusAllowedDomains(db, campusId)).map((row) => row.domain);
}
