import type { TDomainForm } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain, TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { eq } from 'drizzle-orm';
import { audit } from '../admin/audit';
import { alreadyExists, notFound, uniqueViolation } from '../http/errors';
import { domainOf } from './domain-of';

/** Changes an allowed domain, its name or the campus it is for. */
export async function updateDomain(
  db: Db,
  actor: TUserProfile,
  id: string,
  form: TDomainForm,
): Promise<TAllowedDomain> {
  const domain = await domainOf(db, id, form);
  const { id: _id, ...changes } = domain;
  await db
    .transaction(async (tx) => {
      const changed = await tx
        .update(allowedDomains)
        .set(changes)
        .where(eq(allowedDomains.id, id))
        .returning({ id: allowedDomains.id });
      if (changed.length === 0) throw notFound();
      await audit(tx, actor, {
        action: 'update',
        entity: 'domain',
        entityId: id,
        details: { domain: domain.domain, campusId: domain.campusId },
      });
    })
    .catch(uniqueViolation('domain', alreadyExists(form.domain)));
  return domain;
}
