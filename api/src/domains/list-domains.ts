import type { TAllowedDomain } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { allowedDomains } from '@campus/shared/server/db/schema';

/** Every campus's allowed e-mail domains, by domain. */
export function listDomains(db: Db): Promise<TAllowedDomain[]> {
  return db
    .select({
      id: allowedDomains.id,
      name: allowedDomains.name,
      domain: allowedDomains.domain,
      universityId: allowedDomains.universityId,
      campusId: allowedDomains.campusId,
    })
    .from(allowedDomains)
    .orderBy(allowedDomains.domain);
}
