import type { TUserProfile } from '@campus/shared/domain/entities';
import type { Db } from '@campus/shared/server/db/client';
import { allowedDomains } from '@campus/shared/server/db/schema';
import { deleteAudited } from '../admin/audited-deletes';

/** Stops allowing an e-mail domain; accounts made with it stay. */
export async function deleteDomain(db: Db, actor: TUserProfile, id: string): Promise<void> {
  await deleteAudited(db, actor, {
    entity: 'domain',
    table: allowedDomains,
    id,
    details: (row) => ({ domain: row.domain, campusId: row.campusId }),
  });
}
