import type { TDomainForm } from '@campus/shared/domain/admin-forms';
import type { TAllowedDomain, TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { newId } from '@campus/shared/server/db/ids';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { audit } from '../admin/audit';
import { alreadyExists, uniqueViolation } from '../http/errors';
import { domainOf } from './domain-of';

/** Allows sign-up and checkout with addresses of one more e-mail domain at a campus. */
export async function createDomain(
  db: Db,
  actor: TUserProfile,
  form: TDomainForm,
): Promise<TAllowedDomain> {
  const domain = await domainOf(db, newId(), form);
  await db
    .transaction(async (tx) => {
      await tx.insert(allowedDomains).values(domain);
      await audit(tx, actor, {
        action: 'create',
        entity: 'domain',
        entityId: domain.id,
        details: { domain: domain.domain, campusId: domain.campusId },
      });
    })
    .catch(uniqueViolation('domain', alreadyExists(form.domain)));
  return domain;
}
