import type { Db } from '@campus/shared/server/db/client';
import { preparedRows } from '@campus/shared/server/db/prepared';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { eq, sql } from 'drizzle-orm';

// Every checkout asks.
const domainsOfCampus = preparedRows(
  'campus_allowed_domains',
  {
    domain: allowedDomains.domain,
    universityId: allowedDomains.universityId,
    campusId: allowedDomains.campusId,
  },
  (db, fields) =>
    db
      .select(fields)
      .from(allowedDomains)
      .where(eq(allowedDomains.campusId, sql.placeholder('campusId')))
      .orderBy(allowedDomains.domain),
);

/** The allowed e-mail domains of a campus, as sign-up checks them. */
export function campusAllowedDomains(db: Db, campusId: string) {
  return domainsOfCampus(db, { campusId });
}

/** The domains a campus allows, as the forms list them; none without a campus. */
export async function campusDomainNames(db: Db, campusId: string | null): Promise<string[]> {
  if (!campusId) return [];
  return (await campusAllowedDomains(db, campusId)).map((row) => row.domain);
}
